/**
 * SEVENFALL's fast path for one seat's turns in round mode (SevenfallRunner.playRange, played by
 * SevenfallEngine.playTurns with the next game's deck stream seeded ahead): it must change nothing.
 * Every run here is played both ways from the same seeds (the fast path, and the game-by-game loop
 * with playRange taken away) and every sum, histogram count and per-game row compared, for a
 * strategy that never discards and for ones that do (their turns leave locked positions and tiles
 * out of play that the next game must clear); then turns whose totals are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Mode, UnitRunner } from '../../src/engine/game.js';
import { type CandidatesDefinition, playCandidates } from '../../src/engine/candidates.js';
import { type RunDefinition, SEAT_FIELDS, playChunks } from '../../src/engine/runner.js';
import { createSevenfallModule } from '../../src/games/sevenfall/index.js';
import { type SevenfallRules, sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { STOP, type SevenfallStrategyDef } from '../../src/games/sevenfall/view.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';

/**
 * Discards position 0 at its first question if nothing is out of play, positions 0 and 1 if
 * something is (which a turn from the full canister never sees): a game that saw the last game's
 * out-of-play tiles plays differently.
 */
const reader: SevenfallStrategyDef = {
  name: 'out-of-play-reader',
  doc: 'test strategy',
  params: [],
  create: () => ({
    decide(v) {
      if (v.discardsLeft < v.rules.discardBudget) return STOP;
      let out = 0;
      for (let t = 0; t < v.outOfPlay.length; t++) out += v.outOfPlay[t];
      return out === 0 ? 1 : 3;
    },
  }),
};
const module = createSevenfallModule([...SEVENFALL_STRATEGIES, reader]);

const runnerOf = (rules: SevenfallRules, specs: string[], mode: Mode, fast: boolean): UnitRunner => {
  const r = module.createRunner(rules, specs, mode);
  expect(r.playRange).toBeDefined();
  if (!fast) Object.assign(r, { playRange: undefined }); // the game-by-game loop
  return r;
};

/** Chunks [first, last) of a run, fast and game by game, with per-game rows. */
function both(rules: SevenfallRules, players: string[], games: number, chunkSize: number, first: number, last: number, seed: number) {
  const def: RunDefinition = { game: 'sevenfall', rules, mode: 'round', players, games, seed, chunkSize };
  const fast = runnerOf(rules, players, 'round', true);
  const spied = fast.playRange!.bind(fast);
  let ranges = 0;
  Object.assign(fast, { playRange: (...a: Parameters<typeof spied>) => (ranges++, spied(...a)) });
  const a = playChunks(fast, def, first, last, false, true);
  const b = playChunks(runnerOf(rules, players, 'round', false), def, first, last, false, true);
  return { a, b, ranges };
}

describe('SEVENFALL playRange in playChunks', () => {
  const cases: [string, () => SevenfallRules, string, number, number, number, number, number][] = [
    // name, rules, strategy, games, chunk size, first chunk, last chunk, seed
    ['stand', () => sevenfallPreset('sevenfall'), 'stand', 5000, 700, 1, 7, 3],
    ['stand, a seed above 2^32', () => sevenfallPreset('sevenfall'), 'stand', 3000, 1500, 0, 2, 2 ** 33 + 5],
    ['greedy (discards)', () => sevenfallPreset('sevenfall'), 'greedy', 2600, 1300, 0, 2, 8],
    ['a strategy reading the tiles out of play', () => sevenfallPreset('sevenfall'), 'out-of-play-reader', 1500, 1500, 0, 1, 7],
    ['greedy on the 6x6 preset', () => sevenfallPreset('sevenfall-6x6'), 'greedy:margin=2', 1500, 500, 1, 3, 4],
    ['stand, refill per round', () => ({ ...sevenfallPreset('sevenfall'), refill: 'round' }), 'stand', 1200, 1200, 0, 1, 5],
  ];
  for (const [name, rules, spec, games, chunk, first, last, seed] of cases) {
    it(`counts as the game-by-game loop: ${name}`, () => {
      const { a, b, ranges } = both(rules(), [spec], games, chunk, first, last, seed);
      expect(ranges).toBeGreaterThan(0); // the fast path played
      expect(a.games).toBe(Math.min(last * chunk, games) - first * chunk);
      expect(Array.from(a.seats)).toEqual(Array.from(b.seats));
      expect(Array.from(a.histogram)).toEqual(Array.from(b.histogram));
      expect(Array.from(a.perGame!)).toEqual(Array.from(b.perGame!));
      expect(new Set(a.perGame!.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(3); // not one row over and over
    });
  }

  it('is not taken in game mode, for two seats, for a strategy that takes its stream, or with decisions recorded', () => {
    const rules = sevenfallPreset('sevenfall');
    const none = (specs: string[], mode: Mode): boolean => !module.createRunner(rules, specs, mode).playRange!(1, 0, 10, new Int32Array(10), new Int32Array(10));
    expect(none(['stand'], 'game')).toBe(true);
    expect(none(['stand', 'stand'], 'round')).toBe(true);
    expect(none(['random'], 'round')).toBe(true);
    expect(none(['stand'], 'round')).toBe(false);
    const def: RunDefinition = { game: 'sevenfall', rules, mode: 'round', players: ['stand'], games: 600, seed: 1, chunkSize: 600, decisions: 'outcomes' };
    const r = runnerOf(rules, ['stand'], 'round', true);
    let ranges = 0;
    const spied = r.playRange!.bind(r);
    Object.assign(r, { playRange: (...a: Parameters<typeof spied>) => (ranges++, spied(...a)) });
    playChunks(r, def, 0, 1, true, false);
    expect(ranges).toBe(0);
  });
});

describe('SEVENFALL playRange totals worked out by hand', () => {
  it('a canister of 7 tiles of one symbol: every row is seven of a kind, Five of a Kind, 15 points', () => {
    // Seven of one symbol satisfy Five of a Kind (15) and Four of a Kind (10), but no two-group
    // category (Five of a Kind + Pair needs a second group): 15 every turn.
    const rules: SevenfallRules = { ...sevenfallPreset('sevenfall'), name: 'one-symbol', symbols: 1, copiesPerSymbol: 7, wilds: 0, breaks: 0 };
    const { a, b } = both(rules, ['stand'], 1100, 1100, 0, 1, 6);
    expect(Array.from(a.seats.subarray(0, SEAT_FIELDS))).toEqual([1100, 1100 * 15, 1100 * 225, 0, 0, 1100, 0, 0, 1100, 0]); // by game: no bust, one turn
    expect(a.histogram[15]).toBe(1100);
    expect(Array.from(a.perGame!.subarray(0, 8))).toEqual([15, 0, 1, 0, 15, 0, 1, 0]);
    expect(Array.from(b.seats)).toEqual(Array.from(a.seats));
  });

  it('a canister of 3 Wilds and 4 Breaks: the Breaks undo the Wilds\' triple, 0 points', () => {
    // The 3 Wilds join one symbol as a group of 3; each Break takes a tile from the largest group of
    // at least 2: [3] -> [2] -> [1], and Breaks 3 and 4 find no group of 2: no category, 0 points.
    const rules: SevenfallRules = { ...sevenfallPreset('sevenfall'), name: 'wilds-breaks', symbols: 1, copiesPerSymbol: 0, wilds: 3, breaks: 4 };
    const { a } = both(rules, ['stand'], 500, 500, 0, 1, 2);
    expect(Array.from(a.seats.subarray(0, 3))).toEqual([500, 0, 0]);
    expect(a.histogram[0]).toBe(500);
  });
});

describe('SEVENFALL playRange in tune (playCandidates)', () => {
  const sums = (fast: boolean): number[] => {
    const rules = sevenfallPreset('sevenfall');
    const specs = ['greedy:margin=0', 'greedy:margin=3', 'stand'];
    const def: CandidatesDefinition = { mode: 'round', candidates: specs, field: [], objective: { kind: 'mean' }, seed: 4, offset: 90000, games: 2300, chunkSize: 300 };
    return Array.from(playCandidates(specs.map((s) => [runnerOf(rules, [s], 'round', fast)]), def, 1, 8).sums);
  };
  it('sums as the game-by-game loop', () => {
    const fast = sums(true);
    expect(fast[0]).toBe(2000); // chunks 1..8 of 300 games: games 300 to 2,300
    expect(fast).toEqual(sums(false));
  });
});
