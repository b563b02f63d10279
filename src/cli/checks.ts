/**
 * Checks every command's arguments need before yargs hands them over: a flag given twice, a number
 * that is not one, an empty path. Each fails with the flag and the text the user typed.
 */
import { availableParallelism } from 'node:os';
import { UserError } from '../engine/errors.js';
import { DECIMAL } from '../engine/params.js';
import { checkThreads } from '../engine/checks.js';

/** Options that name a file or directory: an empty value would silently mean "none". */
const PATHS = ['out', 'rules', 'resume'];

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const flag = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** What the user typed after `--key` (or in `--key=value`), for messages. */
function typed(key: string, argv: readonly string[]): string {
  const f = flag(key);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === f) return argv[i + 1] ?? '';
    if (argv[i].startsWith(`${f}=`)) return argv[i].slice(f.length + 1);
  }
  return '';
}

/** Whether `--key` was typed with a value of its own (`--key v` or `--key=v`). */
function isTyped(key: string, argv: readonly string[]): boolean {
  const f = flag(key);
  return argv.some((x, i) => x.startsWith(`${f}=`) || (x === f && i + 1 < argv.length));
}

/** `arrays`: the options declared as arrays (they may be given several times), e.g. --players. */
export function checkArgs(a: Record<string, unknown>, arrays: readonly string[], argv: readonly string[] = process.argv.slice(2)): void {
  const repeatable = new Set(['_', '$0', ...arrays]);
  // Counted on the command line, not on what yargs made of it: yargs-parser adds a repeated value of
  // exactly 1 to the first as if the flag were a counter (`--seed 5 --seed 1` gave seed 6), so a
  // repeat does not always show as an array.
  const seen = new Map<string, number>();
  for (const arg of argv) {
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0]!;
    const key = camel(name.startsWith('no-') && !(name in a) ? name.slice(3) : name);
    if (repeatable.has(key) || !(key in a)) continue;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (seen.get(key)! > 1) throw new UserError(`${flag(key)} was given more than once; give it once`);
  }
  for (const [key, value] of Object.entries(a)) {
    if (key.includes('-')) continue; // yargs keeps both spellings: check the camelCase one
    if (Array.isArray(value) && !repeatable.has(key)) throw new UserError(`${flag(key)} was given ${value.length} times; give it once`);
    if (typeof value === 'number' && Number.isNaN(value)) throw new UserError(`${flag(key)}: expected a number, got "${typed(key, argv)}"`);
    // yargs reads 0x10 as 16 and '' as 0: a number typed on the command line must be written in decimal.
    if (typeof value === 'number' && isTyped(key, argv) && !DECIMAL.test(typed(key, argv))) throw new UserError(`${flag(key)}: expected a decimal number, got "${typed(key, argv)}"`);
  }
  for (const key of PATHS) {
    if (a[key] === '') throw new UserError(`${flag(key)}: expected a path, got an empty string`);
  }
  const threads = a.threads;
  const cores = availableParallelism();
  if (typeof threads === 'number' && Number.isInteger(threads) && threads > cores) {
    checkThreads(threads); // past the limit: refused as the message of 0 says, not lowered
    process.stderr.write(`sevensim: warning: --threads ${threads}: using ${cores}, the number of cores here (more threads only share them)\n`);
    a.threads = cores;
  }
}

/** `--held -2,13`: a value that starts with "-" would be read as flags, so it is joined to its flag. */
export function joinNegativeValues(argv: string[], flags: readonly string[] = ['--held', '--row', '--seen', '--at-stake', '--totals']): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (flags.includes(argv[i]) && /^-\d/.test(argv[i + 1] ?? '')) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}
