/**
 * The options several commands share, each declared once with its default, help text and check (the
 * checks live in engine/checks.ts and run as yargs parses, so a bad value fails before any work), and
 * the rules in effect from --preset or --rules.
 */
import { refuseUnused } from '../engine/checks.js';
import type { ArgumentsCamelCase, Argv } from 'yargs';
import { gameModule, gameNames } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import type { GameModule } from '../engine/game.js';
import { defaultThreads } from '../parallel/pool.js';
import { readRegularText } from '../io/input-files.js';
import { readCheckpoint } from '../io/checkpoint.js';
import { readManifest } from '../io/manifest.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkChunkSize, checkGames, checkSeed, checkThreads } from '../engine/checks.js';

/** --game (one of `games`: by default every game in the catalog), --preset, --rules. */
export function gameOptions<T>(y: Argv<T>, games: readonly string[] = gameNames()) {
  return y
    .option('game', { type: 'string', choices: games, demandOption: true, describe: 'which game' })
    .option('preset', { type: 'string', describe: `a built-in rules preset: ${games.map((g) => `${g}: ${gameModule(g).presets.join(', ')}`).join('; ')} (default: the game's own, named like the game)` })
    .option('rules', { type: 'string', describe: 'a rules file (JSON) instead of a preset; see `sevensim rules --json`' });
}

export const seedOption = (describe = 'random seed (same seed, same results)') => ({ type: 'number', default: 1, describe, coerce: checkSeed }) as const;
export const gamesOption = (fallback: number, describe: string) => ({ type: 'number', default: fallback, describe, coerce: checkGames }) as const;
export const threadsOption = (describe = 'worker threads') => ({ type: 'number', default: defaultThreads(), defaultDescription: 'one per core', describe, coerce: checkThreads }) as const;
export const chunkSizeOption = (fallback: number, describe: string) => ({ type: 'number', default: fallback, describe, coerce: checkChunkSize }) as const;
export const jsonOption = (describe = 'print the result as JSON') => ({ type: 'boolean', default: false, describe }) as const;
export const forceOption = (describe = 'replace the results of an earlier run in --out') => ({ type: 'boolean', default: false, describe }) as const;
export const quietOption = { type: 'boolean', default: false, describe: 'no progress bar (it is also off when stderr is not a terminal)' } as const;
export const modeOption = (describe: string) => ({ type: 'string', choices: ['round', 'game'] as const, default: 'round' as const, describe }) as const;

/** `--resume DIR`, the same in every command that checkpoints (simulate, tune, tournament). */
export const resumeOption = (what: string) =>
  ({ type: 'string', describe: `continue the interrupted ${what} in this --out directory from its last checkpoint (saved every --checkpoint-seconds); it takes the run's arguments from there: give only --threads, --quiet, --json` }) as const;

/** What a finished run's run.json in `dir` says (untrusted: only a kind that is a plain word is named), for the --resume message. */
function finished(dir: string): string {
  if (!existsSync(join(dir, 'run.json'))) return '';
  let kind: unknown;
  try {
    kind = (readManifest(dir) as { kind?: unknown } | null)?.kind;
  } catch {
    return '';
  }
  return typeof kind === 'string' && /^[a-z-]{1,20}$/.test(kind) ? ` (a finished ${kind} run is there: nothing is left to play)` : ' (a finished run is there: nothing is left to play)';
}

/**
 * The middleware behind --resume DIR: refuses the flags that define a run (they come from the
 * checkpoint) and fills in the ones yargs demands from the checkpoint's definition.
 */
export function resumeFrom<D>(kind: string, runFlags: readonly string[], demanded: (d: D) => Record<string, unknown>) {
  return (a: Record<string, unknown>): void => {
    if (typeof a.resume !== 'string') return;
    const given = runFlags.filter((f) => process.argv.some((x) => x === `--${f}` || x.startsWith(`--${f}=`)));
    if (given.length) throw new UserError(`--resume takes the run's arguments from its checkpoint; do not give --${given.join(', --')}`);
    const c = readCheckpoint<unknown>(a.resume);
    if (c && c.kind !== kind) throw new UserError(`--resume ${a.resume}: the interrupted run here is a ${c.kind} run; continue it with \`sevensim ${c.kind} --resume ${a.resume}\``);
    if (!c) throw new UserError(`--resume ${a.resume}: no interrupted ${kind} run to continue here${finished(a.resume)}`);
    Object.assign(a, demanded(c.definition as D));
  };
}

/**
 * A checkpointing command's run, in one step: with --resume DIR, the definition its checkpoint holds,
 * read back whole (its rules checked like a rules file: a checkpoint is untrusted input); else the one
 * `fromFlags` makes, every default filled in once (by yargs and the run's own definition function).
 * `out` is the directory the run writes: the resumed one, or --out.
 */
export function runDefinition<D extends { rules: unknown }>(a: { resume?: string; out?: string }, game: GameModule, fromFlags: () => D): { def: D; resumed: boolean; out: string | undefined } {
  if (a.resume === undefined && a.out === undefined) refuseUnused(['--checkpoint-seconds'], 'checkpoints are written to --out; give --out DIR, or remove it');
  if (a.resume === undefined) return { def: fromFlags(), resumed: false, out: a.out };
  const d = readCheckpoint<unknown>(a.resume)!.definition as D; // the middleware above accepted this checkpoint
  return { def: { ...d, rules: game.parseRules(JSON.stringify(d.rules), `--resume ${a.resume}: the checkpoint's rules`) }, resumed: true, out: a.resume };
}

/**
 * What every checkpointed run (simulate, tournament, tune) takes from its flags besides its definition:
 * threads, the directory and whether it is resumed, --force, the checkpoint interval, the command line
 * (recorded in run.json) and the signal that interrupts it.
 */
export function runFlags(a: { threads: number; force?: boolean; checkpointSeconds: number }, out: string | undefined, resumed: boolean, signal: AbortSignal) {
  return { threads: a.threads, out: out ?? null, force: a.force, resume: resumed, checkpointEvery: a.checkpointSeconds * 1000, argv: process.argv.slice(2), signal };
}

/**
 * A command's options and action. Its name and one-line description are listed in main.ts, which loads
 * the command's file only when that command runs (so `--help` and short commands do not import them all).
 */
export interface CommandBody<A> {
  builder: (y: Argv) => Argv<A>;
  handler: (a: ArgumentsCamelCase<A>) => void | Promise<void>;
}

/** A command body whose handler sees the options its builder declares. */
export function command<A>(builder: (y: Argv) => Argv<A>, handler: (a: ArgumentsCamelCase<A>) => void | Promise<void>): CommandBody<A> {
  return { builder, handler };
}

/** The preset name a run records (null when the rules came from a file). */
export const presetName = (game: GameModule, a: { preset?: string; rules?: string }): string | null => (a.rules ? null : (a.preset ?? game.defaultPreset));

export function loadRules(game: GameModule, preset: string | undefined, file: string | undefined): unknown {
  if (preset !== undefined && file !== undefined) throw new UserError('give either --preset or --rules, not both');
  if (file === undefined) return game.preset(preset ?? game.defaultPreset);
  let text: string;
  try {
    text = readRegularText(file, `--rules ${file}`);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`--rules ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  // A rules file names its game: say so rather than list the other game's keys as unknown ones.
  let named: unknown;
  try {
    named = (JSON.parse(text) as { game?: unknown } | null)?.game;
  } catch {
    named = undefined; // not JSON: parseRules says what is wrong
  }
  if (typeof named === 'string' && named !== game.name) throw new UserError(`--rules ${file}: this is a ${named} rules file (its "game" field); give --game ${named}, or a ${game.name} rules file`);
  return game.parseRules(text, file);
}
