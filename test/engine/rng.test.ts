import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Rng, cyrb128 } from '../../src/engine/rng.js';
import { expectWithinSE } from '../helpers/stats.js';

describe('Rng', () => {
  it('gives seedrandom Tyche-i streams number for number', () => {
    for (const [seed, chunk, purpose, seat] of [[1, 0, 0, 0], [7, 123, 1, 3], [2026, 99999, 4, 7]]) {
      const ours = new Rng();
      ours.reseed(seed, chunk, purpose, seat);
      const theirs = seedrandom.tychei(cyrb128(`${seed}/${chunk}/${purpose}/${seat}`));
      for (let i = 0; i < 1000; i++) expect(ours.uint32()).toBe(theirs.int32() >>> 0);
    }
  });

  it('names streams apart: nearby chunks share no prefix', () => {
    const a = new Rng();
    const b = new Rng();
    a.reseed(1, 0, 0);
    b.reseed(1, 1, 0);
    const xs = Array.from({ length: 8 }, () => a.uint32());
    const ys = Array.from({ length: 8 }, () => b.uint32());
    expect(xs.filter((x, i) => x === ys[i])).toEqual([]);
  });

  it('replays from a saved position', () => {
    const r = new Rng('replay');
    r.uint32();
    const at = r.save();
    const first = Array.from({ length: 5 }, () => r.below(1000));
    r.restore(at);
    expect(Array.from({ length: 5 }, () => r.below(1000))).toEqual(first);
  });

  it('below(n) is Lemire\'s draw on the stream\'s uint32s: floor(x * n / 2^32), x redrawn while x * n mod 2^32 < 2^32 mod n', () => {
    for (const n of [1, 2, 3, 40, 79, 1000003, 2 ** 21 - 1, 2 ** 21]) {
      const ours = new Rng();
      ours.reseed(5, n, 0);
      const theirs = seedrandom.tychei(cyrb128(`5/${n}/0/0`));
      const threshold = 2 ** 32 % n;
      for (let i = 0; i < 2000; i++) {
        let x = BigInt(theirs.int32() >>> 0);
        while (Number((x * BigInt(n)) % 2n ** 32n) < threshold) x = BigInt(theirs.int32() >>> 0);
        expect(ours.below(n)).toBe(Number((x * BigInt(n)) >> 32n));
      }
    }
  });

  it('shuffleStep(pool, top, count) swaps pool[top] with pool[top + below(length - top)], count times, and leaves the stream where those draws do', () => {
    for (const [length, top, count] of [[40, 0, 7], [40, 33, 7], [79, 5, 74], [3, 0, 3], [12, 11, 1], [2 ** 21, 0, 20_000]]) {
      // (the last: about 5 of its draws are rejected and drawn again)
      const ours = new Rng(`shuffle ${length}`);
      const theirs = new Rng(`shuffle ${length}`);
      const pool = Uint8Array.from({ length }, (_, i) => i & 255);
      const expected = pool.slice();
      ours.shuffleStep(pool, top, count);
      for (let t = top; t < top + count; t++) {
        const j = t + theirs.below(length - t);
        [expected[t], expected[j]] = [expected[j], expected[t]];
      }
      expect(pool.findIndex((v, i) => v !== expected[i])).toBe(-1);
      expect(ours.uint32()).toBe(theirs.uint32());
    }
  });

  it('below(n) is uniform (Lemire): every value within 4 standard errors over 300,000 draws', () => {
    const r = new Rng('uniform');
    for (const n of [1, 3, 40, 117]) {
      const counts = new Array<number>(n).fill(0);
      const draws = 300_000;
      for (let i = 0; i < draws; i++) counts[r.below(n)]++;
      const p = 1 / n;
      const se = Math.sqrt(draws * p * (1 - p));
      for (const c of counts) expectWithinSE(c, draws * p, se, 'count');
    }
  });
});
