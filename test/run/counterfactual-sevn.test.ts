/**
 * SEVN counterfactual values: draw or stay in round mode against an exact recursion over held-value
 * sets; in game mode, positions where every answer's final total and win are known by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BucketTable, Bucketer, COUNTERFACTUAL_FIELDS, WIN_UNITS } from '../../src/engine/decisions.js';
import { Rng } from '../../src/engine/rng.js';
import type { CounterfactualStreams } from '../../src/engine/seeded-runner.js';
import { readArrowFile } from '../../src/io/arrow.js';
import { sevnModule } from '../../src/catalog.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { SevnEvaluator } from '../../src/games/sevn/rollouts.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { DECISION_KINDS } from '../../src/games/sevn/view.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { tempDir } from '../helpers/dirs.js';
import { expectWithinSE } from '../helpers/stats.js';

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
      expectWithinSE(draw.value, exact, draw.value_se, `draw value holding ${v}`);
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

/**
 * A deck of twenty 5s (plus the card under test): every draw after a 5 busts, so each answer's future
 * is forced. Two players, stay-at:points=5 (draw with nothing, stay with a 5), target 5, a tied lead
 * shares the win.
 */
const fives = (extra: Partial<SevnRules>): SevnRules => ({ ...sevnPreset('sevn-numbers'), name: 'fives', numbers: [{ value: 5, copies: 20 }], target: 5, tiedLead: 'shared', ...extra });
const noActions = { freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 0, storm: 0 };

describe('simulate --decisions counterfactual (SEVN, game mode)', () => {
  it('values draw and stay by the final total and the win when both are certain', async () => {
    // Seat 1 plays first holding a 5: staying, seat 0 stays too, 5-5 shares the win; drawing busts
    // it, seat 0 stays and wins 5-0. Seat 0 (after seat 1 stayed): staying shares; drawing busts and
    // seat 1 wins. Every game and every rollout is the same.
    const rules = fives({ actions: noActions });
    const dir = tempDir('cfs-game');
    await simulate(base({ rules, preset: undefined, mode: 'game', players: ['stay-at:points=5', 'stay-at:points=5'], games: 50, out: dir, buckets: 'none', decisions: 'counterfactual', counterfactual: { rate: 1, rollouts: 4 } }));
    const rows = [...readArrowFile(join(dir, 'decisions.arrow'))].map((r) => r.toJSON());
    const pick = (seat: number, action: string) => rows.find((r) => r.seat === seat && r.kind === 'draw-stay' && r.action === action)!;
    for (const seat of [0, 1]) {
      expect(pick(seat, 'stay')).toMatchObject({ rollouts: 200n, value: 5, value_se: 0, win: 0.5, win_se: 0, reference: 'stay', diff: 0 });
      expect(pick(seat, 'draw')).toMatchObject({ rollouts: 200n, value: 0, value_se: 0, win: 0, win_se: 0, diff: -5, diff_se: 0, diff_win: -0.5, diff_win_se: 0 });
    }
    expect(rows).toHaveLength(4);
  }, 60_000);

  it('values every decision kind, leaves the games as played unchanged and is the same on 1 and 2 threads', async () => {
    const lineup = { players: ['stay-at', 'bust-cap', 'random'], rules: sevnPreset('sevn'), preset: 'sevn', mode: 'game' as const, games: 300, chunkSize: 50, buckets: 'none' };
    const plain = await simulate(base({ ...lineup, out: tempDir('cfg-plain'), decisions: 'outcomes' }));
    const a = tempDir('cfg-a');
    const b = tempDir('cfg-b');
    const one = await simulate(base({ ...lineup, out: a, decisions: 'counterfactual', counterfactual: { rate: 0.05, rollouts: 2 } }));
    const two = await simulate(base({ ...lineup, out: b, threads: 2, decisions: 'counterfactual', counterfactual: { rate: 0.05, rollouts: 2 } }));
    expect(one.seats).toEqual(plain.seats);
    expect(two.seats).toEqual(plain.seats);
    expect(readFileSync(join(b, 'decisions.arrow')).equals(readFileSync(join(a, 'decisions.arrow')))).toBe(true);
    const rows = [...readArrowFile(join(a, 'decisions.arrow'))].map((r) => r.toJSON());
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(DECISION_KINDS));
  }, 120_000);

  // Seat 1 is dealt the card first (a stacked deck) and answers in the middle of the deal.
  const cases = [
    {
      kind: 'freeze',
      rules: fives({ actions: { ...noActions, freeze: 1 } }),
      card: 'Freeze',
      // self: frozen with nothing, seat 0 is dealt a 5, stays and wins. left+1: seat 0 frozen with
      // nothing, seat 1 draws a 5, stays and wins 5-0.
      values: { self: [0, 0], 'left+1': [5, 1] },
    },
    {
      kind: 'triple-draw',
      rules: fives({ actions: { ...noActions, tripleDraw: 1 } }),
      card: 'TripleDraw',
      // self: 5 then 5 busts seat 1; seat 0 stays on its 5 and wins. left+1: seat 0 busts the same way;
      // seat 1 draws a 5 and wins 5-0.
      values: { self: [0, 0], 'left+1': [5, 1] },
    },
    {
      kind: 'ballast',
      rules: fives({ ballast: [-3] }),
      card: '-3',
      // keep: -3 then 5 makes 2 points, the next 5 busts; seat 0 wins. discard: seat 1 draws a 5,
      // both stay on 5, the win is shared.
      values: { keep: [0, 0], discard: [5, 0.5] },
    },
  ];
  for (const c of cases) {
    it(`values each ${c.kind} answer of a stacked position by its certain final total and win`, () => {
      const engine = new SevnEngine(c.rules);
      const rngs = [new Rng('a'), new Rng('b')];
      const players = makeSevnPlayers(sevnModule.strategies as never, c.rules, ['stay-at:points=5', 'stay-at:points=5'], rngs);
      const table = new BucketTable(COUNTERFACTUAL_FIELDS.length);
      const buckets = new Bucketer(sevnModule.bucketFeatures(c.rules), []);
      const cf: CounterfactualStreams = { rate: 1, rollouts: 6, seed: 5, chunk: 0, counter: 0, sampler: new Rng('s'), rolloutRng: new Rng(), strategyRngs: rngs, sink: { buckets, table } };
      engine.evaluator = new SevnEvaluator(c.rules, engine.cards, cf, true);
      engine.stackDeck([engine.cards.code(c.card)]);
      engine.playGame(players, new Rng('deck'));
      const kind = DECISION_KINDS.indexOf(c.kind as never);
      const found: Record<string, number[]> = {};
      for (const [state, actionSeat, t] of table.entries()) {
        const seat = actionSeat % 8;
        if (seat !== 1 || buckets.decode(state).kind !== kind) continue;
        const label = sevnModule.actionLabel(c.rules, kind, (actionSeat - seat) / 8);
        const [n, sum, sumSq, win, winSq] = t;
        expect(n).toBe(6);
        expect(sumSq * n).toBe(sum * sum); // the same value in every rollout
        expect(winSq * n).toBe(win * win);
        found[label] = [sum / n, win / n / WIN_UNITS];
      }
      expect(found).toEqual(c.values);
    });
  }
});
