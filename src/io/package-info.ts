/** The package's version and the commit its build was made from: recorded in run.json. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

let builtFrom: string | null | undefined;

/**
 * The git commit the running build was made from ("<sha>-dirty" with uncommitted source changes), as
 * `npm run build` recorded it in dist/build-info.json (scripts/build-info.mjs); null without that file.
 */
export function gitCommit(): string | null {
  if (builtFrom === undefined) {
    try {
      const info = JSON.parse(readFileSync(join(packageRoot(), 'dist', 'build-info.json'), 'utf8')) as { gitCommit?: unknown };
      builtFrom = typeof info.gitCommit === 'string' && /^[0-9a-f]{40}(-dirty)?$/.test(info.gitCommit) ? info.gitCommit : null;
    } catch {
      builtFrom = null;
    }
  }
  return builtFrom;
}

/**
 * The output format, in every run.json and checkpoint (docs/RESULTS.md "Output format versions").
 * 2: compare and tournament seed every game by the integer hash of (seed, game index), as tune does.
 * 3: simulate does too (it seeded per chunk): every command seeds game g the same way.
 * 4: simulate's per-seat totals add bustsSq, roundsSq and bustRounds (the bust rate's SE by game);
 *    bust-table seeds simulated round i from (seed, i) as simulate seeds game i.
 * 5: a counterfactual decisions.arrow adds the decisions valued and the sums by decision (the SE by decision).
 */
export const OUTPUT_FORMAT = 5;

/**
 * The fields every output directory's run.json starts with (see docs/RESULTS.md): the layout version
 * `format`, the `kind` of run that wrote it, and the sevensim version and commit that wrote it.
 */
export function manifestHeader<S extends number | null>(kind: string, game: string, preset: string | null, seed: S) {
  return { format: OUTPUT_FORMAT, kind, version: packageVersion(), sevensim: packageVersion(), gitCommit: gitCommit(), game, preset, seed };
}
