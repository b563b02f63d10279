/** Per-game streams from (seed, game) by integer hashing (tune's common random numbers). */
import { describe, expect, it } from 'vitest';
import { Rng, gameKey, seedKey } from '../../src/engine/rng.js';
import { sevnModule } from '../../src/catalog.js';
import { SevnRunner } from '../../src/games/sevn/index.js';
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { stayAt } from '../../strategies/sevn/stay-at.js';
import { resolveParams } from '../../src/engine/params.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { expectWithinSE } from '../helpers/stats.js';

const stream = (seed: number, game: number, s: number): Rng => {
  const key = new Int32Array(2);
  gameKey(seed, game, key);
  const r = new Rng();
  r.reseedFromKey(key, s);
  return r;
};

describe('gameKey streams', () => {
  it('are distinct for neighbouring games, seeds, streams and games beyond 2^32', () => {
    const firsts = new Set<string>();
    const add = (r: Rng) => firsts.add(`${r.uint32()},${r.uint32()}`);
    for (let g = 0; g < 5000; g++) for (const s of [0, 256, 257]) add(stream(1, g, s));
    for (let g = 0; g < 1000; g++) add(stream(2, g, 0));
    for (const g of [2 ** 32, 2 ** 32 + 1, 2 ** 40, 2 ** 40 + 1]) add(stream(1, g, 0));
    add(stream(-1, 0, 0));
    expect(firsts.size).toBe(5000 * 3 + 1000 + 4 + 1);
  });

  it('reseedForGame(seedKey, game, stream, key) writes gameKey(seed, game) into key and seeds reseedFromKey(key, stream)', () => {
    const half = new Int32Array(2);
    const key = new Int32Array(2);
    for (const seed of [1, 2026, 2 ** 40 + 3, -1]) {
      seedKey(seed, half);
      for (const game of [0, 1, 4095, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 1]) {
        for (const s of [0, 256, 513]) {
          const r = new Rng();
          r.reseedForGame(half, game, s, key);
          const expected = new Int32Array(2);
          gameKey(seed, game, expected);
          expect([...key]).toEqual([...expected]);
          const reference = stream(seed, game, s);
          for (let i = 0; i < 4; i++) expect(r.uint32()).toBe(reference.uint32());
        }
      }
    }
  });

  it('seedGames(seedKey, start, end, stream, words) writes each game\'s stream, as reseedFromKey(gameKey) seeds it, four words a game', () => {
    const half = new Int32Array(2);
    for (const seed of [1, 2 ** 40 + 3]) {
      seedKey(seed, half);
      for (const [start, end] of [[0, 5], [4093, 4100], [2 ** 32 - 2, 2 ** 32 + 2]]) {
        const words = new Int32Array((end - start) * 4 + 4).fill(7);
        const r = new Rng();
        r.seedGames(half, start, end, 256, words);
        for (let g = start; g < end; g++) {
          const w = (g - start) * 4;
          const played = new Rng();
          played.restore({ a: words[w], b: words[w + 1], c: words[w + 2], d: words[w + 3] });
          const reference = stream(seed, g, 256);
          for (let i = 0; i < 4; i++) expect(played.uint32()).toBe(reference.uint32());
        }
        expect([...words.subarray((end - start) * 4)]).toEqual([7, 7, 7, 7]); // nothing beyond the block
      }
    }
  });

  it('give uniform, uncorrelated first draws across consecutive games (within 4 SE)', () => {
    const n = 20000;
    const u = Array.from({ length: n }, (_, g) => stream(7, g, 0).unit());
    const mean = u.reduce((a, b) => a + b, 0) / n;
    expectWithinSE(mean, 0.5, Math.sqrt(1 / 12 / n), 'mean of U(0,1)'); // variance 1/12
    // Lag-1 correlation of games g and g + 1, and of two streams of the same game.
    const corr = (x: number[], y: number[]) => {
      let s = 0;
      for (let i = 0; i < x.length; i++) s += (x[i] - 0.5) * (y[i] - 0.5);
      return s / x.length / (1 / 12);
    };
    expectWithinSE(corr(u.slice(1), u.slice(0, -1)), 0, 1 / Math.sqrt(n), 'lag-1 correlation'); // SE of a null correlation: 1/sqrt(n)
    const other = Array.from({ length: n }, (_, g) => stream(7, g, 256).unit());
    expectWithinSE(corr(u, other), 0, 1 / Math.sqrt(n), 'correlation of two streams');
  });

  it('reseedGame gives every runner of a lineup the same game: the same deal whatever came before', () => {
    const rules = sevnPreset('sevn-numbers');
    const a = sevnModule.createRunner(rules, ['stay-at:points=10'], 'round');
    const b = sevnModule.createRunner(rules, ['stay-at:points=10'], 'round');
    for (let g = 0; g < 50; g++) {
      a.reseedGame!(3, g); // a plays every game, b only some: the deals of b's games still match
      a.playOne();
      if (g % 7 === 0) {
        b.reseedGame!(3, g);
        b.playOne();
        expect(b.scores[0]).toBe(a.scores[0]);
      }
    }
  });
  // Strategy streams are reseeded only for strategies that took theirs in create (most never draw).
  const coin = (when: 'create' | 'game'): SevnStrategyDef => ({
    name: 'coin',
    doc: 'draws while a coin from its own stream says so, up to 20 points',
    params: [],
    create: (_p, ctx) => {
      const inner = stayAt.create(resolveParams('stay-at', stayAt.params, { points: '20' }) as never, ctx);
      const taken = when === 'create' ? ctx.rng : null;
      return { ...inner, drawOrStay: (v) => (v.points < 20 && (taken ?? ctx.rng).unit() < 0.7 ? Answer.DRAW : Answer.STAY) };
    },
  });

  it('a strategy that takes its stream in create draws the same in a game whatever its runner played before', () => {
    const rules = sevnPreset('sevn-numbers');
    const a = new SevnRunner([coin('create')], rules, ['coin', 'coin'], 'round');
    const b = new SevnRunner([coin('create')], rules, ['coin', 'coin'], 'round');
    const scores = new Set<string>();
    for (let g = 0; g < 60; g++) {
      a.reseedGame(5, g);
      a.playOne();
      scores.add(`${a.scores[0]},${a.scores[1]}`);
      if (g % 9 === 4) {
        b.reseedGame(5, g);
        b.playOne();
        expect([b.scores[0], b.scores[1]]).toEqual([a.scores[0], a.scores[1]]);
      }
    }
    expect(scores.size).toBeGreaterThan(10); // the coin plays: games differ
  });

  it('a strategy that first asks for its stream during a game is refused, naming it and the fix', () => {
    const runner = new SevnRunner([coin('game')], sevnPreset('sevn-numbers'), ['coin'], 'round');
    runner.reseedGame(1, 0);
    expect(() => runner.playOne()).toThrow('strategy "coin" asked for its random stream (ctx.rng) during a game: take it in create');
  });
});
