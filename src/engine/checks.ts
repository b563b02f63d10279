/**
 * The checks of the numeric run options, written once: the CLI's option definitions (cli/options.ts)
 * run them as the arguments are parsed, and simulate/compare run them again for callers that skip
 * the CLI (the study, tests), so every path gives the same message.
 */
import { UserError } from '../engine/errors.js';

const MAX = Number.MAX_SAFE_INTEGER;

/** A number as the user would write it (1e+20 rather than 100000000000000000000). */
const shown = (x: number): string => (Number.isFinite(x) && Math.abs(x) >= 1e16 ? x.toExponential() : String(x));

/** `v` if it is a whole number in [min, max] (at most 2^53 - 1, where doubles stay exact); else a UserError naming the flag and the range. */
export function checkInteger(flag: string, v: number, min: number, max = MAX): number {
  if (Number.isInteger(v) && v >= min && v <= max) return v;
  if (min === -MAX && max === MAX) throw new UserError(`${flag}: expected a whole number from -(2^53 - 1) to 2^53 - 1 (doubles are exact there), got ${shown(v)}`);
  const range = max === MAX ? `from ${min.toLocaleString('en-US')} to 2^53 - 1 (${MAX.toLocaleString('en-US')})` : `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  throw new UserError(`${flag}: expected a whole number ${range}, got ${shown(v)}`);
}

export const MAX_THREADS = 256;
export const MAX_CHUNK_SIZE = 1 << 24;

export const checkSeed = (v: number): number => checkInteger('--seed', v, -MAX);
export const checkGames = (v: number): number => checkInteger('--games', v, 1);
/** The rule as it is: 1 to 256 accepted, and more than the cores here used as their number (cli/checks.ts warns). */
export function checkThreads(v: number): number {
  if (Number.isInteger(v) && v >= 1 && v <= MAX_THREADS) return v;
  throw new UserError(`--threads: expected a whole number from 1 to ${MAX_THREADS} (more than the cores here are lowered to their number), got ${shown(v)}`);
}
export const checkChunkSize = (v: number): number => checkInteger('--chunk-size', v, 1, MAX_CHUNK_SIZE);

/** `v` if it is a number with lo < v <= hi (or lo <= v when `closed`). */
export function checkNumber(flag: string, v: number, lo: number, hi: number, closed = false): number {
  if ((closed ? v >= lo : v > lo) && v <= hi) return v;
  const range = hi === Infinity ? (lo === 0 && !closed ? 'a positive number' : `a number ${closed ? '>=' : '>'} ${lo}`) : `a number in ${closed ? '[' : '('}${lo}, ${hi}]`;
  throw new UserError(`${flag}: expected ${range}, got ${v}`);
}

/** The flags typed on the command line, by name without the dashes (`--no-x` as x; `--x=v` as x). */
export function typedFlags(argv: readonly string[] = process.argv.slice(2)): string[] {
  // yargs takes --checkpointSeconds for --checkpoint-seconds: both are read as the hyphenated name.
  return argv.flatMap((x) => (x.startsWith('--') ? [x.slice(2).split('=')[0]!.replace(/^no-/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] : []));
}

/** Refuses flags that mean nothing here, in one line: `--a, --b: <why>`. */
export function refuseUnused(flags: readonly string[], why: string, argv: readonly string[] = process.argv.slice(2)): void {
  const typed = new Set(typedFlags(argv));
  const g = flags.filter((f) => typed.has(f.slice(2)));
  if (g.length > 0) throw new UserError(`${g.join(', ')}: ${why}`);
}
