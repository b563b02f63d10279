# The image that scripts/k8s-indexed-job.yaml runs: Node 20, this repository installed with `npm ci`
# (which builds dist/), running as a non-root user. Build and push it where the cluster can pull it:
#
#   docker build -t your-registry/sevensim:latest . && docker push your-registry/sevensim:latest
#
# Results go to the volume the Job mounts at /results, never into the image.
FROM node:20-bookworm-slim

WORKDIR /app
# Dependencies first, so that a source change does not reinstall them. --ignore-scripts: the build
# (npm's prepare step) needs the sources, copied next.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY src ./src
COPY strategies ./strategies
COPY bench ./bench
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev && chown -R node:node /app

# The node image's unprivileged user (uid 1000); the Job's volume must be writable by it.
USER node
ENTRYPOINT ["node", "dist/src/cli/main.js"]
CMD ["--help"]
