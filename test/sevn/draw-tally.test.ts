/**
 * With a DecisionCounter and buckets of the points and distinct features only, the SEVN engine counts
 * its draw-or-stay decisions, targets and Ballast answers in place (buckets.ts DrawTally) instead of
 * going through the counter's record. The
 * counts must be those of the general path: every game here is recorded twice from the same seeds,
 * once into a DecisionCounter (counted in place) and once through a sink that is not one (so every
 * decision takes observeDecision and the counter's record), and the bucket sums are compared.
 */
import { describe, expect, it } from 'vitest';
import { Bucketer, DecisionCounter, Tally, WIN_UNITS, parseBuckets } from '../../src/engine/decisions.js';
import type { DecisionSink } from '../../src/engine/strategy.js';
import { DrawTally, observeChoice, observePick, sevnBucketFeatures } from '../../src/games/sevn/buckets.js';
import type { SevnEngine } from '../../src/games/sevn/engine.js';
import { SevnRunner } from '../../src/games/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Seat } from '../../src/games/sevn/seats.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';

type Mode = 'round' | 'game';

function record(preset: string, specs: string[], mode: Mode, bucket: string, games: number, inPlace: boolean): { sums: Map<string, number[]>; engine: SevnEngine } {
  const rules = sevnPreset(preset);
  const runner = new SevnRunner(SEVN_STRATEGIES, rules, specs, mode);
  const counter = new DecisionCounter(new Bucketer(sevnBucketFeatures(rules), parseBuckets(sevnBucketFeatures(rules), bucket)));
  // Not a DecisionCounter: the engine cannot count into it in place.
  const general: DecisionSink = { buckets: counter.buckets, record: (seat, state, action) => counter.record(seat, state, action) };
  runner.decisions = inPlace ? counter : general;
  for (let g = 0; g < games; g++) {
    runner.reseedGame(5, g);
    runner.playOne();
    counter.settle(runner.scores, runner.winShare);
  }
  const sums = new Map<string, number[]>();
  for (const [state, actionSeat, v] of counter.table.entries()) sums.set(`${state}/${actionSeat}`, [...v]);
  return { sums, engine: (runner as unknown as { engine: SevnEngine }).engine };
}

describe('draw-or-stay decisions counted in place', () => {
  const cases: [string, string[], Mode, string][] = [
    ['sevn', ['stay-at:points=20', 'race', 'stay-at:points=30', 'random'], 'game', 'points:20,distinct:2'],
    ['sevn', ['stay-at:points=25', 'bust-cap', 'race'], 'round', 'distinct:1,points:7'],
    ['flip7', ['race', 'stay-at:points=20'], 'game', 'points:1'],
    ['sevn-numbers', ['stay-at:points=25'], 'round', 'distinct:3'],
    ['sevn', ['stay-at:points=20', 'stay-at:points=20'], 'game', 'none'],
  ];
  for (const [preset, specs, mode, bucket] of cases) {
    it(`${preset} ${mode}, --bucket ${bucket}: the sums of the general path`, () => {
      const a = record(preset, specs, mode, bucket, 150, true);
      const b = record(preset, specs, mode, bucket, 150, false);
      expect(a.engine.drawTally.sink).not.toBeNull();
      expect(b.engine.drawTally.sink).toBeNull();
      expect(a.sums.size).toBeGreaterThan(specs.length);
      expect(a.sums).toEqual(b.sums);
    });
  }

  it('is not used for other features: they go through observeDecision', () => {
    const a = record('sevn', ['stay-at:points=20', 'race'], 'game', 'points:20,bust:25', 20, true);
    expect(a.engine.drawTally.sink).toBeNull();
  });
});

/** A DecisionCounter of SEVN buckets `bucket` and a DrawTally that takes it. */
function tallied(bucket: string): { counter: DecisionCounter; tally: DrawTally } {
  const features = sevnBucketFeatures(sevnPreset('sevn'));
  const counter = new DecisionCounter(new Bucketer(features, parseBuckets(features, bucket)));
  const tally = new DrawTally();
  tally.take(counter);
  return { counter, tally };
}

describe('DrawTally.count', () => {
  it('lists each cell once, on its first use, and counts every use (by hand)', () => {
    const { counter, tally } = tallied('points:20,distinct:2');
    // points 25 (band 1 of 20-point bands), distinct 3 (band 1 of 2-value bands), draw, seat 2; twice
    tally.count(25, 3, 1, 2);
    tally.count(39, 2, 1, 2);
    // points 0, distinct 0, stay, seat 1
    tally.count(0, 0, 0, 1);
    const p = counter.tallies(1);
    expect(p.mem[Tally.N]).toBe(2);
    const first = p.mem[p.listAt];
    const second = p.mem[p.listAt + 1];
    expect(first & 63).toBe((1 << 3) | 2);
    expect(second & 63).toBe(1);
    // Bands: points 25 and 39 in band 1, 0 in band 0; distinct 3 and 2 in band 1, 0 in band 0.
    expect((first - p.countsAt) >> 6).not.toBe((second - p.countsAt) >> 6);
    expect(second - p.countsAt).toBe(1);
    expect(p.mem[first]).toBe(2);
    expect(p.mem[second]).toBe(1);
  });
});

describe('observeChoice and observePick with the draw tally', () => {
  it('count a card choice in its cell and record a Crossroads pick, the points read from the seat (by hand)', () => {
    const { counter, tally } = tallied('points:20,distinct:2');
    // Seat 1 holds 25 points and 3 distinct values; its view (never prepared) says 0 points.
    const seats = new Int32Array(8 << Seat.SHIFT);
    seats[(1 << Seat.SHIFT) | Seat.DISTINCT] = 3;
    const e = { evaluator: null, drawTally: tally, seats, view: { points: 0 }, scoreSeat: (s: number) => (s === 1 ? 25 : 0) } as unknown as SevnEngine;
    // Points bands 0-20-...-100 (6), distinct bands of 2 over 0-7 (4): kindPlace 24; (25, 3) is state
    // 1 * 4 + 1 = 5. A Freeze (kind 1) of the seat 2 to the left: state 24 + 5 = 29, actionSeat 2 * 8 + 1.
    observeChoice(e, 1, 1, 3, 0b1111, 2);
    // A Crossroads pick (kind 3) of card code 40: state 3 * 24 + 5 = 77, actionSeat 40 * 8 + 1 = 321.
    observePick(e, 1, 0, 40, 41, 40);
    counter.settle(Int32Array.of(0, 12), Float64Array.of(0, 1));
    const m = new Map<string, number[]>();
    for (const [state, actionSeat, v] of counter.table.entries()) m.set(`${state}/${actionSeat}`, [...v]);
    const W = WIN_UNITS;
    expect(m).toEqual(
      new Map([
        ['29/17', [1, 12, 144, W, W * W]],
        ['77/321', [1, 12, 144, W, W * W]],
      ]),
    );
  });
});
