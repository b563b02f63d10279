/**
 * Round mode's fast path (UnitRunner.playRange): SEVN solo rounds by the rule table with nothing
 * recorded are played a block of games at a time, and playChunks and tune's playCandidates count
 * the blocks. That must change nothing: every run here is played both ways from
 * the same seeds (the fast path, and the game-by-game loop with playRange taken away) and every sum,
 * histogram count, per-game row and candidate sum compared; ranges start mid-block and cross blocks
 * of 1,024 games. Then rounds whose totals are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { gameModule } from '../../src/catalog.js';
import type { Mode, UnitRunner } from '../../src/engine/game.js';
import { type CandidatesDefinition, type Objective, playCandidates } from '../../src/engine/candidates.js';
import { DENSE_SCORES, type RunDefinition, SEAT_FIELDS, playChunks } from '../../src/engine/runner.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';

const runnerOf = (game: string, rules: unknown, specs: string[], mode: Mode, fast: boolean): UnitRunner => {
  const r = gameModule(game).createRunner(rules, specs, mode);
  expect(r.playRange).toBeDefined();
  if (!fast) Object.assign(r, { playRange: undefined }); // the game-by-game loop
  return r;
};

const defOf = (game: string, rules: unknown, players: string[], games: number, chunkSize: number, seed = 9): RunDefinition => ({ game, rules, mode: 'round', players, games, seed, chunkSize });

/** Chunks [first, last) of a run, fast and game by game, per-game rows and all. */
function both(game: string, rules: unknown, players: string[], games: number, chunkSize: number, first: number, last: number, perGame = true) {
  const def = defOf(game, rules, players, games, chunkSize);
  const fast = runnerOf(game, rules, players, 'round', true);
  const spied = fast.playRange!.bind(fast);
  let ranges = 0;
  Object.assign(fast, { playRange: (...a: Parameters<typeof spied>) => (ranges++, spied(...a)) });
  const a = playChunks(fast, def, first, last, false, perGame);
  const b = playChunks(runnerOf(game, rules, players, 'round', false), def, first, last, false, perGame);
  return { a, b, ranges };
}

const sevnNumbers = (): SevnRules => sevnPreset('sevn-numbers');

describe('playRange in playChunks', () => {
  const cases: [string, string, () => unknown, string[], number, number, number, number][] = [
    // name, game, rules, lineup, games, chunk size, first chunk, last chunk
    ['SEVN sevn-numbers, stay-at 25', 'sevn', sevnNumbers, ['stay-at:points=25'], 5000, 333, 2, 14],
    ['SEVN flip7-numbers, bust-cap 0.2', 'sevn', () => sevnPreset('flip7-numbers'), ['bust-cap:p=0.2'], 3000, 700, 1, 5],
    ['SEVN sevn-numbers, stay-at 1000 (SEVN or bust every round)', 'sevn', sevnNumbers, ['stay-at:points=1000'], 2500, 2500, 0, 1],
  ];
  for (const [name, game, rules, players, games, chunk, first, last] of cases) {
    it(`counts as the game-by-game loop: ${name}`, () => {
      const { a, b, ranges } = both(game, rules(), players, games, chunk, first, last);
      expect(ranges).toBeGreaterThan(0); // the fast path played
      expect(a.games).toBe(Math.min(last * chunk, games) - first * chunk);
      expect(Array.from(a.seats)).toEqual(Array.from(b.seats));
      expect(Array.from(a.histogram)).toEqual(Array.from(b.histogram));
      expect(Array.from(a.otherScores)).toEqual(Array.from(b.otherScores));
      expect(Array.from(a.perGame!)).toEqual(Array.from(b.perGame!));
      expect(new Set(a.perGame!.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(3); // not one round over and over
    });
  }

  it('blocks seeded once for the thread: the same block of another seed, or a shorter one, is seeded afresh', () => {
    // The deck streams of the last block are shared by every runner of the thread (tune's candidates
    // play the same block); a stale block reused for another key would give the first block's rounds.
    const play = (runner: UnitRunner, seed: number, start: number, end: number): number[] => {
      const scores = new Int32Array(end - start);
      expect(runner.playRange!(seed, start, end, scores, new Int32Array(end - start))).toBe(true);
      return Array.from(scores);
    };
    const fresh = (seed: number, start: number, end: number): number[] => {
      const r = runnerOf('sevn', sevnNumbers(), ['stay-at:points=25'], 'round', false);
      return Array.from({ length: end - start }, (_, i) => (r.reseedGame(seed, start + i), r.playOne(), r.scores[0]));
    };
    const a = runnerOf('sevn', sevnNumbers(), ['stay-at:points=25'], 'round', true);
    const b = runnerOf('sevn', sevnNumbers(), ['stay-at:points=30'], 'round', true);
    expect(play(a, 1, 0, 200)).toEqual(fresh(1, 0, 200));
    expect(play(a, 2, 0, 200)).toEqual(fresh(2, 0, 200)); // another seed
    expect(play(a, 2, 0, 150)).toEqual(fresh(2, 0, 150)); // a shorter block
    expect(play(a, 2, 50, 150)).toEqual(fresh(2, 50, 150)); // another start
    expect(play(b, 2, 50, 150)).not.toEqual(play(a, 2, 50, 150)); // another runner reads the same streams with its own rule
  });

  it('is not taken with decisions recorded, in game mode, or for lineups without a rule table', () => {
    const none = (rules: SevnRules, specs: string[], mode: Mode): boolean => !gameModule('sevn').createRunner(rules, specs, mode).playRange!(1, 0, 10, new Int32Array(10), new Int32Array(10));
    expect(none(sevnNumbers(), ['stay-at:points=25', 'stay-at:points=20'], 'round')).toBe(true);
    expect(none(sevnNumbers(), ['stay-at:points=25'], 'game')).toBe(true);
    expect(none(sevnNumbers(), ['random'], 'round')).toBe(true);
    expect(none(sevnPreset('sevn'), ['stay-at:points=25'], 'round')).toBe(true);
    expect(none(sevnNumbers(), ['stay-at:points=25'], 'round')).toBe(false);
    const def = { ...defOf('sevn', sevnNumbers(), ['stay-at:points=25'], 600, 600), decisions: 'outcomes' as const };
    const solo = runnerOf('sevn', sevnNumbers(), ['stay-at:points=25'], 'round', true);
    let ranges = 0;
    const spied = solo.playRange!.bind(solo);
    Object.assign(solo, { playRange: (...a: Parameters<typeof spied>) => (ranges++, spied(...a)) });
    playChunks(solo, def, 0, 1, true, false);
    expect(ranges).toBe(0);
  });
});

/** A number-only deck of these values and copies, SEVN at `distinct` distinct values (+15). */
const deckOf = (numbers: [number, number][], distinct = 7): SevnRules => ({
  ...sevnPreset('sevn-numbers'),
  name: 'test',
  numbers: numbers.map(([value, copies]) => ({ value, copies })),
  sevn: { distinct, bonus: 15 },
});

describe('playRange totals worked out by hand', () => {
  const run = (rules: SevnRules, games: number) => {
    const { a } = both('sevn', rules, ['stay-at:points=1000'], games, 500, 0, Math.ceil(games / 500));
    return { a, sums: Array.from(a.seats.subarray(0, SEAT_FIELDS)) };
  };

  it('0, 1, 2, 3 always drawn: 6 every round, so n games, 6n points, 36n squared, n rounds, no bust', () => {
    const { a, sums } = run(deckOf([[0, 1], [1, 1], [2, 1], [3, 1]]), 1500);
    // ... and by game (one round, no bust each): busts² 0, rounds² 1500, rounds x busts 0.
    expect(sums).toEqual([1500, 9000, 54000, 0, 0, 1500, 0, 0, 1500, 0]);
    expect(a.histogram[6]).toBe(1500);
    expect(a.perGame!.subarray(0, 8)).toEqual(Int32Array.from([6, 0, 1, 0, 6, 0, 1, 0]));
  });

  it('two 5s always drawn: every round busts, scoring 0', () => {
    const { a, sums } = run(deckOf([[5, 2]]), 1100);
    expect(sums).toEqual([1100, 0, 0, 0, 0, 1100, 1100, 1100, 1100, 1100]); // one round and one bust a game: each square 1
    expect(a.histogram[0]).toBe(1100);
    expect(a.perGame!.subarray(0, 4)).toEqual(Int32Array.from([0, 0, 1, 1]));
  });

  it('a SEVN bonus of 2000 is counted beyond the dense histogram', () => {
    const rules = { ...deckOf([[0, 1], [1, 1], [2, 1], [3, 1]], 4), sevn: { distinct: 4, bonus: 2000 } };
    const { a, sums } = run(rules, 1200);
    expect(sums.slice(0, 3)).toEqual([1200, 1200 * 2006, 1200 * 2006 * 2006]);
    expect(a.histogram.reduce((x, y) => x + y, 0)).toBe(0);
    expect(a.otherScores.length).toBe(3 * 1200);
    expect(Array.from(a.otherScores.subarray(0, 3))).toEqual([0, 2006, 1]);
    expect(DENSE_SCORES).toBeLessThan(2006);
  });
});

describe('playRange in tune (playCandidates)', () => {
  const candidates = (game: string, rules: unknown, specs: string[], objective: Objective, fast: boolean, games: number, offset: number) => {
    const def: CandidatesDefinition = { mode: 'round', candidates: specs, field: [], objective, seed: 4, offset, games, chunkSize: 300 };
    const runners = specs.map((s) => [runnerOf(game, rules, [s], 'round', fast)]);
    const sums = Array.from(playCandidates(runners, def, 1, 8).sums);
    if (fast) for (const [r] of runners) expect(r.playRange!(4, offset, offset + 1, new Int32Array(1), new Int32Array(1))).toBe(true);
    return sums;
  };
  const cases: [string, string, () => unknown, string[], Objective][] = [
    ['SEVN stay-at, mean', 'sevn', sevnNumbers, ['stay-at:points=18', 'stay-at:points=25', 'stay-at:points=30'], { kind: 'mean' }],
    ['SEVN stay-at, at-least 25', 'sevn', sevnNumbers, ['stay-at:points=20', 'stay-at:points=27'], { kind: 'at-least', k: 25 }],
  ];
  for (const [name, game, rules, specs, objective] of cases) {
    it(`sums as the game-by-game loop: ${name}`, () => {
      const fast = candidates(game, rules(), specs, objective, true, 2300, 70000);
      expect(fast[0]).toBe(2000); // chunks 1..8 of 300 games: games 300 to 2,300
      expect(fast).toEqual(candidates(game, rules(), specs, objective, false, 2300, 70000));
    });
  }
});
