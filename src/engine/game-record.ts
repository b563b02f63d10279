/**
 * `play --json`: one seeded game as data, the fields every game's record has. A game adds its own
 * (SEVENFALL its turns, SEVN its trace events); `advise --review` reads the record back.
 */
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
