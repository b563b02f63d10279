/**
 * Solo rounds of a number-only deck by the strategy's declared draw rule (SoloTable, numbers.ts): the
 * runner plays them from a table of the rule, without the view or the strategy call, and that must
 * change nothing. Every round here is played both ways from the same seeds (the table, and the general
 * path with the table off) and compared after each round: score, bust, the deck stream's state, the
 * deck's order. Then rounds whose results are worked out by hand, and checkStrategy's check that a
 * declared rule agrees with drawOrStay.
 */
import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../src/catalog.js';
import { DecisionCounter, Bucketer } from '../../src/engine/decisions.js';
import type { Rng } from '../../src/engine/rng.js';
import type { SevnEngine } from '../../src/games/sevn/engine.js';
import { SevnRunner } from '../../src/games/sevn/index.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { checkStrategy } from '../../src/run/check-strategy.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';

const engineOf = (r: SevnRunner): SevnEngine => (r as unknown as { engine: SevnEngine }).engine;

/**
 * Per round: score, rounds, busts, the deck stream's state, and the deck's cards in order. `general`
 * turns the table off; `recordAt` plays those rounds with a decision sink (the general path) between
 * the table's rounds.
 */
function play(rules: SevnRules, spec: string, rounds: number, general: boolean, recordAt: (g: number) => boolean = () => false): string[] {
  const runner = new SevnRunner(SEVN_STRATEGIES, rules, [spec], 'round');
  const engine = engineOf(runner);
  expect(runner.solo).not.toBeNull();
  if (general) runner.solo = null;
  const sink = new DecisionCounter(new Bucketer(runner.bucketFeatures, []));
  const out: string[] = [];
  for (let g = 0; g < rounds; g++) {
    runner.decisions = recordAt(g) ? sink : null;
    runner.reseedGame(5, g);
    runner.playOne();
    const state = (runner as unknown as { deck: Rng }).deck.save();
    out.push(
      `${runner.scores[0]}|${runner.rounds[0]}|${runner.busts[0]} rng ${state.a},${state.b},${state.c},${state.d} deck ${engine.deckLen}:${Array.from(engine.deck).join(',')}`,
    );
  }
  return out;
}

/** A number-only deck of these values and copies, SEVN at `distinct` distinct values (+15). */
const deckOf = (numbers: [number, number][], distinct = 7): SevnRules => ({
  ...sevnPreset('sevn-numbers'),
  name: 'test',
  numbers: numbers.map(([value, copies]) => ({ value, copies })),
  sevn: { distinct, bonus: 15 },
});

describe('solo table', () => {
  it('is built for one seat in round mode on a number-only deck with a declared rule only', () => {
    const solo = (r: SevnRules, specs: string[], mode: 'round' | 'game' = 'round'): boolean => new SevnRunner(SEVN_STRATEGIES, r, specs, mode).solo !== null;
    expect(solo(sevnPreset('sevn-numbers'), ['stay-at'])).toBe(true);
    expect(solo(sevnPreset('flip7-numbers'), ['optimal-solo'])).toBe(true);
    expect(solo(sevnPreset('sevn'), ['stay-at'])).toBe(false);
    expect(solo(sevnPreset('sevn-numbers'), ['stay-at', 'stay-at'])).toBe(false);
    expect(solo(sevnPreset('sevn-numbers'), ['stay-at'], 'game')).toBe(false);
    expect(solo(sevnPreset('sevn-numbers'), ['random'])).toBe(false);
    expect(solo(deckOf([[3, 2], [16, 1]]), ['stay-at'])).toBe(false); // value 16: beyond the table
  });

  const cases: [string, () => SevnRules, string, number][] = [
    ['sevn-numbers, stay-at 25', () => sevnPreset('sevn-numbers'), 'stay-at:points=25', 4000],
    ['sevn-numbers, stay-at 0 (stays after the deal)', () => sevnPreset('sevn-numbers'), 'stay-at:points=0', 500],
    ['sevn-numbers, stay-at 1000 (draws to a bust or a SEVN)', () => sevnPreset('sevn-numbers'), 'stay-at:points=1000', 3000],
    ['flip7-numbers, stay-at-cards 4', () => sevnPreset('flip7-numbers'), 'stay-at-cards:cards=4', 2000],
    ['flip7-numbers, bust-cap 0.2', () => sevnPreset('flip7-numbers'), 'bust-cap:p=0.2', 2000],
    ['sevn-numbers, optimal-solo', () => sevnPreset('sevn-numbers'), 'optimal-solo', 2000],
    ['four cards 0..3, stay-at 1000 (the deck runs out)', () => deckOf([[0, 1], [1, 1], [2, 1], [3, 1]]), 'stay-at:points=1000', 300],
  ];
  for (const [name, rules, spec, rounds] of cases) {
    it(`plays as the general path: ${name}`, () => {
      const table = play(rules(), spec, rounds, false);
      expect(table).toEqual(play(rules(), spec, rounds, true));
      expect(new Set(table).size).toBeGreaterThan(rounds / 2); // not one round over and over
    });
  }

  it('plays as the general path with recorded rounds in between (the deck handed back and forth)', () => {
    const every = (g: number): boolean => g % 7 === 3 || g % 11 === 0;
    const r = sevnPreset('sevn-numbers');
    expect(play(r, 'stay-at:points=25', 2000, false, every)).toEqual(play(r, 'stay-at:points=25', 2000, true));
  });

  it('leaves stacked draws to the general path', () => {
    const runner = new SevnRunner(SEVN_STRATEGIES, sevnPreset('sevn-numbers'), ['stay-at:points=1000'], 'round');
    runner.reseedGame(1, 0);
    engineOf(runner).stackDeck([4, 9, 4]); // value v is code v on this deck: 4, 9, then a duplicate 4
    runner.playOne();
    expect([runner.scores[0], runner.busts[0]]).toEqual([0, 1]);
    expect(engineOf(runner).rowLen[0]).toBe(3);
  });

  // Rounds worked out by hand: what happens does not depend on the draws' order.
  const rounds = (rules: SevnRules, spec: string, n = 200): { scores: Set<number>; busts: number } => {
    const runner = new SevnRunner(SEVN_STRATEGIES, rules, [spec], 'round');
    expect(runner.solo).not.toBeNull();
    const scores = new Set<number>();
    let busts = 0;
    for (let g = 0; g < n; g++) {
      runner.reseedGame(3, g);
      runner.playOne();
      scores.add(runner.scores[0]);
      busts += runner.busts[0];
      expect(runner.rounds[0]).toBe(1);
    }
    return { scores, busts };
  };

  it('a deck of 0, 1, 2, 3 always drawn runs out: 0 + 1 + 2 + 3 = 6 every round, no bust', () => {
    expect(rounds(deckOf([[0, 1], [1, 1], [2, 1], [3, 1]]), 'stay-at:points=1000')).toEqual({ scores: new Set([6]), busts: 0 });
  });

  it('the same deck with SEVN at 4 distinct values: 6 + 15 every round', () => {
    expect(rounds(deckOf([[0, 1], [1, 1], [2, 1], [3, 1]], 4), 'stay-at:points=1000')).toEqual({ scores: new Set([21]), busts: 0 });
  });

  it('two 5s always drawn: the second busts every round', () => {
    expect(rounds(deckOf([[5, 2]]), 'stay-at:points=1000')).toEqual({ scores: new Set([0]), busts: 200 });
  });

  it('stay-at 5 on a deck of 2, 3 and 9: 9 alone, or 2 + 3 then 9 on top (14), or a 2 or 3 then 9 (11, 12)', () => {
    // Draws until the sum reaches 5: first 9 stays at 9; 2 then 3 (or 3 then 2) stays at 5; 2 or 3 then 9 stays at 11 or 12.
    expect(rounds(deckOf([[2, 1], [3, 1], [9, 1]]), 'stay-at:points=5')).toEqual({ scores: new Set([9, 5, 11, 12]), busts: 0 });
  });
});

describe('checkStrategy holds a declared solo rule to drawOrStay', () => {
  const stayAt = SEVN_STRATEGIES.find((d) => d.name === 'stay-at')!;
  it('passes every registered strategy that declares one', () => {
    for (const def of SEVN_STRATEGIES.filter((d) => d.soloDrawRule)) expect(() => checkStrategy(catalogEntry('sevn'), def, '', { games: 4 })).not.toThrow();
  });
  it('fails a rule that stays one point later than drawOrStay', () => {
    const off: SevnStrategyDef = { ...stayAt, name: 'off-by-one', soloDrawRule: (p, r) => { const rule = stayAt.soloDrawRule!(p, r); return (held) => rule(held) || held === ((1 << 12) | (1 << 13)); } };
    expect(() => checkStrategy(catalogEntry('sevn'), off, '', { games: 4 })).toThrow(/off-by-one.*soloDrawRule answers draw holding 12, 13 .*drawOrStay answered stay/);
  });
  it('fails a drawOrStay that reads more than the held values', () => {
    const other: SevnStrategyDef = { ...stayAt, name: 'by-deck', create: (p, ctx) => ({ ...stayAt.create(p, ctx), drawOrStay: (v) => (v.points >= 25 || v.deckSize < 75 ? Answer.STAY : Answer.DRAW) }) };
    expect(() => checkStrategy(catalogEntry('sevn'), other, '', { games: 4 })).toThrow(/by-deck.*soloDrawRule answers draw/);
  });
});
