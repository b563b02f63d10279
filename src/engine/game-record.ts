/**
 * `play --json`: one seeded game as data, the fields every game's record has. A game adds its own
 * (SEVENFALL its turns, SEVN its trace events); `advise --review` reads the record back.
 */
import { UserError } from './errors.js';
import type { GameModule } from './game.js';
import { Rng, STREAM_STRATEGY } from './rng.js';

export interface GameRecord {
  format: 1;
  game: string;
  rules: unknown;
  players: string[];
  seed: number;
  totals: number[];
  winShare: number[];
}

/** The strategies' streams of a played game (seed, chunk 0), as `play` seeds them. */
export const strategyRngs = (n: number, seed: number) =>
  Array.from({ length: n }, (_, seat) => {
    const r = new Rng();
    r.reseed(seed, 0, STREAM_STRATEGY, seat);
    return r;
  });

/**
 * Throws unless a record's players fit `game` (seats, strategy specs) and its seed is an integer: what
 * a review replays. Every game's review calls it before replaying the record.
 */
export function checkRecord(game: GameModule, rules: unknown, record: GameRecord): void {
  const players = record.players as unknown;
  if (!Array.isArray(players) || players.some((p) => typeof p !== 'string')) throw new UserError('--review: the file has no list of strategy specs (players); write it again with `play --json`');
  if (!Number.isSafeInteger(record.seed)) throw new UserError('--review: the file has no integer seed; write it again with `play --json`');
  if (players.length < game.minPlayers || players.length > game.maxPlayers) throw new UserError(`--review: the file's players: ${game.name} takes ${game.minPlayers} to ${game.maxPlayers} players, got ${players.length}`);
  try {
    for (const p of players as string[]) game.checkStrategy(p);
    game.checkLineup?.(rules, players as string[], 'game');
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`--review: the file's players: ${e.message}`);
    throw e;
  }
}
