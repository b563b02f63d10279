/**
 * The checks of the numeric run options, written once: the CLI's option definitions (cli/options.ts)
 * run them as the arguments are parsed, and simulate/compare run them again for callers that skip
 * the CLI (the study, tests), so every path gives the same message.
 */
import { UserError } from '../engine/errors.js';

const MAX = Number.MAX_SAFE_INTEGER;

/** `v` if it is an integer in [min, max]; else a UserError naming the flag and the range. */
export function checkInteger(flag: string, v: number, min: number, max = MAX): number {
  if (Number.isInteger(v) && v >= min && v <= max) return v;
  const what =
    min === 1 && max === MAX ? 'a positive integer' : min === 0 && max === MAX ? 'a non-negative integer' : min === -MAX && max === MAX ? 'an integer' : `an integer from ${min} to ${max}`;
  throw new UserError(`${flag}: expected ${what}, got ${v}`);
}

export const MAX_THREADS = 256;
export const MAX_CHUNK_SIZE = 1 << 24;

export const checkSeed = (v: number): number => checkInteger('--seed', v, -MAX);
export const checkGames = (v: number): number => checkInteger('--games', v, 1);
export const checkThreads = (v: number): number => checkInteger('--threads', v, 1, MAX_THREADS);
export const checkChunkSize = (v: number): number => checkInteger('--chunk-size', v, 1, MAX_CHUNK_SIZE);

/** `v` if it is a number with lo < v <= hi (or lo <= v when `closed`). */
export function checkNumber(flag: string, v: number, lo: number, hi: number, closed = false): number {
  if ((closed ? v >= lo : v > lo) && v <= hi) return v;
  const range = hi === Infinity ? (lo === 0 && !closed ? 'a positive number' : `a number ${closed ? '>=' : '>'} ${lo}`) : `a number in ${closed ? '[' : '('}${lo}, ${hi}]`;
  throw new UserError(`${flag}: expected ${range}, got ${v}`);
}
