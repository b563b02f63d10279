/** SEVN counterfactual draw-or-stay values against an exact recursion over held-value sets. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArrowFile } from '../../src/io/arrow.js';
import { sevnModule } from '../../src/games/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { tempDir } from '../helpers/dirs.js';

const rules = sevnPreset('sevn-numbers');
const base = (over: Partial<SimulateOptions>): SimulateOptions => ({
  game: sevnModule as never,
  rules,
  preset: 'sevn-numbers',
  mode: 'round',
  players: ['stay-at:points=25'],
  games: 4000,
  seed: 29,
  threads: 1,
  chunkSize: 500,
  ...over,
});

/** Expected solo round score from a held set (bit mask) for stay-at:points=T, drawing from the rest of the deck. */
function stayAtValue(threshold: number): (held: number) => number {
  const copies = new Array<number>(31).fill(0);
  let total = 0;
  for (const n of rules.numbers) {
    copies[n.value] = n.copies;
    total += n.copies;
  }
  const memo = new Map<number, number>();
  const sumOf = (m: number) => copies.reduce((s, _c, v) => s + ((m >> v) & 1 ? v : 0), 0);
  const count = (m: number) => copies.reduce((s, _c, v) => s + ((m >> v) & 1), 0);
  const draw = (m: number): number => {
    const left = total - count(m);
    let ev = 0;
    copies.forEach((c, v) => {
      if (c === 0 || (m >> v) & 1) return; // a duplicate scores 0
      ev += (c / left) * value(m | (1 << v));
    });
    return ev;
  };
  const value = (m: number): number => {
    let v = memo.get(m);
    if (v !== undefined) return v;
    if (count(m) >= rules.sevn.distinct) v = sumOf(m) + rules.sevn.bonus;
    else if (sumOf(m) >= threshold) v = sumOf(m);
    else v = draw(m);
    memo.set(m, v);
    return v;
  };
  return draw;
}

describe('simulate --decisions counterfactual (SEVN, round mode)', () => {
  it('values stay exactly and draw within 4 SE of the exact value, at the first decision of a solo round', async () => {
    const dir = tempDir('cfs-exact');
    await simulate(base({ games: 6000, out: dir, buckets: 'points:1,distinct:1', decisions: 'counterfactual', counterfactual: { rate: 1, rollouts: 16 } }));
    const rows = [...readArrowFile(join(dir, 'decisions.arrow'))].map((r) => r.toJSON());
    const drawFrom = stayAtValue(25);
    let checked = 0;
    for (const v of [10, 11, 12, 13]) {
      // One card held (the deal): the bucket's held set is exactly {v}.
      const bucket = rows.filter((r) => r.kind === 'draw-stay' && r.distinct === 1 && r.points === v);
      const stay = bucket.find((r) => r.action === 'stay')!;
      const draw = bucket.find((r) => r.action === 'draw')!;
      expect(stay.value).toBe(v);
      expect(stay.value_se).toBe(0);
      const exact = drawFrom(1 << v);
      expect(Math.abs(draw.value - exact), `holding ${v}: ${draw.value} vs exact ${exact}`).toBeLessThanOrEqual(4 * draw.value_se);
      expect(draw.diff).toBeCloseTo(draw.value - v, 9);
      checked++;
    }
    expect(checked).toBe(4);
  }, 120_000);

  it('leaves the rounds as played unchanged and is the same on 1 and 2 threads', async () => {
    const lineup = { players: ['stay-at', 'bust-cap', 'random'], rules: sevnPreset('sevn'), preset: 'sevn' };
    const plain = await simulate(base({ ...lineup, out: tempDir('cfs-plain'), decisions: 'outcomes' }));
    const a = tempDir('cfs-a');
    const b = tempDir('cfs-b');
    const one = await simulate(base({ ...lineup, out: a, decisions: 'counterfactual', counterfactual: { rate: 0.1, rollouts: 4 } }));
    const two = await simulate(base({ ...lineup, out: b, threads: 2, decisions: 'counterfactual', counterfactual: { rate: 0.1, rollouts: 4 } }));
    expect(one.seats).toEqual(plain.seats);
    expect(two.seats).toEqual(plain.seats);
    expect(readFileSync(join(b, 'decisions.arrow')).equals(readFileSync(join(a, 'decisions.arrow')))).toBe(true);
  }, 120_000);
});
