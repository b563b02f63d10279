#!/usr/bin/env node
/**
 * Run by `npm run build` after tsc: writes dist/build-info.json with the git commit the build was made
 * from, so that results record the code that ran, not whatever the checkout holds when they run.
 * "<sha>-dirty" when src/, strategies/ or package.json had uncommitted changes at build time; null
 * outside a git checkout (e.g. an installed package).
 *
 *   node scripts/build-info.mjs [ROOT]   (default: this package)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function buildCommit(root) {
  const git = (...args) => execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  try {
    const sha = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--', 'src', 'strategies', 'package.json') === '' ? sha : `${sha}-dirty`;
  } catch {
    return null;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', 'build-info.json'), JSON.stringify({ gitCommit: buildCommit(root) }) + '\n');
}
