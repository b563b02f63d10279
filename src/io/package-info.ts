/** The package's version and, when run from a git checkout, its commit: recorded in run.json. */
import { execFileSync } from 'node:child_process';
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

export function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

/**
 * The output format, in every run.json and checkpoint (docs/RESULTS.md "Output format versions").
 * 2: compare and tournament seed every game by the integer hash of (seed, game index), as tune does.
 * 3: simulate does too (it seeded per chunk): every command seeds game g the same way.
 */
export const OUTPUT_FORMAT = 3;

/**
 * The fields every output directory's run.json starts with (see docs/RESULTS.md): the layout version
 * `format`, the `kind` of run that wrote it, and the sevensim version and commit that wrote it.
 */
export function manifestHeader<S extends number | null>(kind: string, game: string, preset: string | null, seed: S) {
  return { format: OUTPUT_FORMAT, kind, version: packageVersion(), sevensim: packageVersion(), gitCommit: gitCommit(), game, preset, seed };
}
