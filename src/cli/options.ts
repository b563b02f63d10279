/**
 * The options several commands share, each declared once with its default, help text and check (the
 * checks live in engine/checks.ts and run as yargs parses, so a bad value fails before any work), and
 * the rules in effect from --preset or --rules.
 */
import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { gameNames } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import type { GameModule } from '../engine/game.js';
import { defaultThreads } from '../parallel/pool.js';
import { checkChunkSize, checkGames, checkSeed, checkThreads } from '../engine/checks.js';

/** --game (one of `games`: by default every game in the catalog), --preset, --rules. */
export function gameOptions<T>(y: Argv<T>, games: readonly string[] = gameNames()) {
  return y
    .option('game', { type: 'string', choices: games, demandOption: true, describe: 'which game' })
    .option('preset', { type: 'string', describe: 'a built-in rules preset (default: the game\'s own, named like the game)' })
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

/** A yargs command module whose handler sees the options its builder declares. */
export function command<A>(name: string, describe: string, builder: (y: Argv) => Argv<A>, handler: (a: ArgumentsCamelCase<A>) => void | Promise<void>): CommandModule<object, A> {
  return { command: name, describe, builder, handler };
}

/** The preset name a run records (null when the rules came from a file). */
export const presetName = (game: GameModule, a: { preset?: string; rules?: string }): string | null => (a.rules ? null : (a.preset ?? game.defaultPreset));

export function loadRules(game: GameModule, preset: string | undefined, file: string | undefined): unknown {
  if (preset !== undefined && file !== undefined) throw new UserError('give either --preset or --rules, not both');
  if (file === undefined) return game.preset(preset ?? game.defaultPreset);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`--rules ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return game.parseRules(text, file);
}
