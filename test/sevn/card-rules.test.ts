/**
 * The fixed card choices (stay-at's defaults, bust-cap's, ...) declare their rules (card-rules.ts, ChoiceRule) and the engine answers
 * them without asking: the answers must be the strategy's own. Games are played with the players as
 * made and with the same players behind wrappers that hide every declaration (so every question is
 * asked), and every trace event and score compared; the rules themselves on tables worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { Bucketer, DecisionCounter, parseBuckets } from '../../src/engine/decisions.js';
import { Rng } from '../../src/engine/rng.js';
import { sevnBucketFeatures } from '../../src/games/sevn/buckets.js';
import { ChoiceRule, answerBallast, answerCrossroads, answerTarget, cardWorthOf, clockwiseBest, mostDuplicates } from '../../src/games/sevn/card-rules.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Seat } from '../../src/games/sevn/seats.js';
import { Bonus, SevnCards } from '../../src/games/sevn/cards.js';
import type { SevnPlayer } from '../../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { EventLog } from './helpers.js';

const CHOICES = ['freezeTarget', 'tripleDrawTarget', 'secondChanceTo', 'crossroads', 'ballast'] as const;

/** The player's card choices behind fresh functions (no declaration), counting their calls; drawOrStay kept as made. */
function asked(p: SevnPlayer, calls: Map<string, number>): SevnPlayer {
  const q: SevnPlayer = { ...p };
  for (const k of CHOICES) {
    const f = p[k] as (v: never) => number;
    (q as unknown as Record<string, unknown>)[k] = (v: never) => (calls.set(k, (calls.get(k) ?? 0) + 1), f(v));
  }
  return q;
}

function play(preset: string, specs: string[], declared: boolean, games: number, buckets: string | null): { events: number[][]; totals: number[]; calls: Map<string, number>; counts: Map<string, number[]> } {
  const rules = sevnPreset(preset);
  const rngs = specs.map(() => new Rng());
  const calls = new Map<string, number>();
  const made = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, rngs);
  // Declared: the counting wrappers carry each declaration on, so that a call to one shows.
  const players = made.map((p) => {
    const q = asked(p, calls);
    if (declared) for (const k of CHOICES) Object.assign(q[k], { choiceRule: (p[k] as { choiceRule?: number }).choiceRule });
    return q;
  });
  const engine = new SevnEngine(rules);
  const log = new EventLog();
  engine.tracer = log;
  const features = sevnBucketFeatures(rules);
  const counter = buckets === null ? null : new DecisionCounter(new Bucketer(features, parseBuckets(features, buckets)));
  engine.decisions = counter;
  const totals: number[] = [];
  const deck = new Rng();
  for (let g = 0; g < games; g++) {
    deck.reseed(5, g, 0);
    rngs.forEach((r, s) => r.reseed(5, g, 1, s));
    engine.playGame(players, deck);
    totals.push(...engine.totals.subarray(0, specs.length), engine.roundCount);
    counter?.settle(engine.totals, engine.winShare);
  }
  const counts = new Map<string, number[]>();
  for (const [state, actionSeat, v] of counter?.table.entries() ?? []) counts.set(`${state}/${actionSeat}`, [...v]);
  return { events: log.events, totals, calls, counts };
}

describe("stay-at's card choices answered by the engine (ChoiceRule)", () => {
  const cases: [string, string[]][] = [
    ['sevn', ['stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20']],
    ['sevn', ['stay-at:points=15', 'race', 'stay-at:points=35', 'random', 'stay-at:points=25']],
    ['sevn', ['stay-at:points=25,freeze=most,triple=self,gift=least,ballast=keep', 'stay-at:points=20']],
    ['flip7', ['stay-at:points=0', 'stay-at:points=25', 'stay-at:points=40']],
    // Other strategies with the fixed choices declare them too (cardChoices): every choice answered.
    ['sevn', ['bust-cap', 'stay-at-cards', 'stay-at:points=20', 'bust-cap:p=0.1']],
    // ballast=gain (ev's and race's default) is declared too: the engine keeps by the row's score.
    ['sevn', ['race', 'ev', 'stay-at:points=20,ballast=gain', 'race:ballast=keep']],
  ];
  /** Whether every seat plays the fixed default choices (declared, so never asked). */
  const allDeclared = (specs: string[]): boolean => specs.every((s) => /^(stay-at|stay-at-cards|bust-cap)(:|$)/.test(s) && !/freeze|triple|gift|ballast|crossroads/.test(s));
  // Recorded: by points and distinct (the in-place tally), and by features the general path keys.
  for (const buckets of [null, 'points:20,distinct:2', 'total:50,cards-left:20,bust:25']) for (const [preset, specs] of cases) {
    it(`${preset} ${specs.join(' ')}, buckets ${buckets}: the events, scores and buckets of asking`, () => {
      const a = play(preset, specs, true, 150, buckets);
      const b = play(preset, specs, false, 150, buckets);
      expect(a.events.length).toBeGreaterThan(3000);
      expect(a.events).toEqual(b.events);
      expect(a.totals).toEqual(b.totals);
      expect(a.counts).toEqual(b.counts);
      if (buckets !== null) expect(a.counts.size).toBeGreaterThan(20);
      // Asked: the targets and Ballast came up. Declared (default choices only): none of them asked but
      // the Triple Draws dealt out with an empty deck (EXPOSED then needs the cards off the table).
      const count = (r: typeof a, k: string): number => r.calls.get(k) ?? 0;
      for (const k of ['freezeTarget', 'tripleDrawTarget'] as const) expect(count(b, k)).toBeGreaterThan(200);
      expect(count(b, 'secondChanceTo')).toBeGreaterThan(4);
      if (preset === 'sevn') for (const k of ['ballast', 'crossroads'] as const) expect(count(b, k)).toBeGreaterThan(150);
      if (allDeclared(specs)) {
        for (const k of ['freezeTarget', 'secondChanceTo', 'ballast', 'crossroads'] as const) expect(count(a, k)).toBe(0);
        expect(count(a, 'tripleDrawTarget')).toBeLessThan(count(b, 'tripleDrawTarget') / 50);
      } else for (const k of ['freezeTarget', 'tripleDrawTarget', 'ballast'] as const) if (preset === 'sevn') expect(count(a, k)).toBeGreaterThan(k === 'ballast' ? 50 : 100); // Ballast: asked of random and ballast=keep alone
    });
  }

  it('declares the fixed default choices, ballast=gain and crossroads=game, no other', () => {
    const rules = sevnPreset('sevn');
    const [d, o, bc] = makeSevnPlayers(SEVN_STRATEGIES, rules, ['stay-at', 'stay-at:freeze=most,triple=harm,gift=least,ballast=gain,crossroads=game', 'bust-cap'], [new Rng(), new Rng(), new Rng()]);
    const rule = (f: unknown): unknown => (f as { choiceRule?: number }).choiceRule;
    expect([rule(d.freezeTarget), rule(d.tripleDrawTarget), rule(d.secondChanceTo), rule(d.ballast), rule(d.crossroads)]).toEqual([ChoiceRule.FEWEST, ChoiceRule.EXPOSED, ChoiceRule.FEWEST, ChoiceRule.SEVN, ChoiceRule.ROW]);
    expect([rule(o.freezeTarget), rule(o.tripleDrawTarget), rule(o.secondChanceTo), rule(o.ballast), rule(o.crossroads)]).toEqual([undefined, undefined, undefined, ChoiceRule.GAIN, ChoiceRule.GAME]);
    expect([rule(bc.freezeTarget), rule(bc.tripleDrawTarget), rule(bc.secondChanceTo), rule(bc.ballast), rule(bc.crossroads)]).toEqual([ChoiceRule.FEWEST, ChoiceRule.EXPOSED, ChoiceRule.FEWEST, ChoiceRule.SEVN, ChoiceRule.ROW]);
  });
});

describe('the rules on a table worked by hand', () => {
  it('clockwiseBest: the highest score clockwise from the decider, the first of equals, never the decider', () => {
    // From seat 1: seats 2 (5), 3 (7), 0 (5): seat 3.
    expect(clockwiseBest(4, 1, 0b1101, [5, 9, 5, 7])).toBe(3);
    // Equal scores: the first clockwise from the decider (seat 2, then 3, then 0).
    expect(clockwiseBest(4, 1, 0b1101, [7, 0, 7, 7])).toBe(2);
    expect(clockwiseBest(4, 3, 0b1101, [7, 0, 7, 7])).toBe(0);
    // Only the decider is a candidate: none.
    expect(clockwiseBest(4, 1, 0b0010, [0, 9, 0, 0])).toBe(-1);
  });

  /** Three seats of the sevn preset (value v: max(1, v) copies): seat 1 holds 12 and 5 (17 points), seat 2 holds 13. */
  function table(): SevnEngine {
    const e = new SevnEngine(sevnPreset('sevn'));
    e.n = 3;
    const st = e.seats;
    for (let s = 0; s < 3; s++) st[(s << Seat.SHIFT) | Seat.MULT] = 1;
    st[(1 << Seat.SHIFT) | Seat.MASK] = (1 << 12) | (1 << 5);
    st[(1 << Seat.SHIFT) | Seat.SUM] = 17;
    st[(2 << Seat.SHIFT) | Seat.MASK] = 1 << 13;
    st[(2 << Seat.SHIFT) | Seat.SUM] = 13;
    const code = e.cards.numberCode;
    e.seen[code[12]] = 3;
    e.seen[code[5]] = 1;
    e.seen[code[13]] = 1;
    e.deckLen = 50;
    return e;
  }

  it('EXPOSED: unseen duplicates x 4096 + points, none counted with a Second Chance; an empty deck asks', () => {
    const e = table();
    // Seat 1: (12 - 3) + (5 - 1) = 13 unseen duplicates, 13 x 4096 + 17; seat 2: 13 - 1 = 12, 12 x 4096 + 13.
    expect(answerTarget(e, ChoiceRule.EXPOSED, 0, 0b111)).toBe(1);
    // Two more 12s seen: seat 1 has 11 (11 x 4096 + 17 < 12 x 4096 + 13).
    e.seen[e.cards.numberCode[12]] = 5;
    expect(answerTarget(e, ChoiceRule.EXPOSED, 0, 0b111)).toBe(2);
    e.seen[e.cards.numberCode[12]] = 3;
    // Seat 2 holds a Second Chance: 13 points against seat 1's 13 x 4096 + 17; seat 1 too: 17 against 13.
    e.seats[(2 << Seat.SHIFT) | Seat.SC] = 1;
    expect(answerTarget(e, ChoiceRule.EXPOSED, 0, 0b111)).toBe(1);
    e.seats[(1 << Seat.SHIFT) | Seat.SC] = 1;
    expect(answerTarget(e, ChoiceRule.EXPOSED, 0, 0b111)).toBe(1);
    e.seats[(2 << Seat.SHIFT) | Seat.SUM] = 18;
    expect(answerTarget(e, ChoiceRule.EXPOSED, 0, 0b111)).toBe(2);
    e.deckLen = 0;
    expect(answerTarget(e, ChoiceRule.EXPOSED, 0, 0b111)).toBe(-1);
  });

  it('FEWEST: the fewest round points (a bust scores 0); without an opponent, the decider, else the lowest candidate', () => {
    const e = table();
    expect(answerTarget(e, ChoiceRule.FEWEST, 0, 0b111)).toBe(2);
    expect(answerTarget(e, ChoiceRule.FEWEST, 0, 0b011)).toBe(1);
    e.seats[(1 << Seat.SHIFT) | Seat.STATUS] = 3; // busted: 0 points
    // Seat 0 (0 points) and seat 1 (0, busted) from seat 2: seat 0 comes first clockwise.
    expect(answerTarget(e, ChoiceRule.FEWEST, 2, 0b011)).toBe(0);
    e.seats[(0 << Seat.SHIFT) | Seat.SUM] = 3;
    expect(answerTarget(e, ChoiceRule.FEWEST, 2, 0b111)).toBe(1);
    expect(answerTarget(e, ChoiceRule.FEWEST, 1, 0b010)).toBe(1);
    expect(answerTarget(e, ChoiceRule.FEWEST, 0, 0b000)).toBe(-1); // no candidate (the engine never asks so): ask
  });

  it('SEVN: keeps a Ballast card only as the seventh distinct value', () => {
    const e = table();
    e.seats[(1 << Seat.SHIFT) | Seat.DISTINCT] = 6;
    e.seats[(2 << Seat.SHIFT) | Seat.DISTINCT] = 5;
    const c = e.cards.code('-2');
    expect(answerBallast(e, 1, c, ChoiceRule.SEVN)).toBe(1);
    expect(answerBallast(e, 2, c, ChoiceRule.SEVN)).toBe(0);
  });

  it('GAIN: keeps a Ballast card only when keeping raises the row now (the SEVN bonus, a Featherweight)', () => {
    const e = table();
    const st = e.seats;
    const c = e.cards;
    // Seat 1: 12 and 5, 17 points. Kept, a -2 leaves 15 points: discarded; as the 7th value, 15 + 17 = 32: kept.
    st[(1 << Seat.SHIFT) | Seat.DISTINCT] = 2;
    expect(answerBallast(e, 1, c.code('-2'), ChoiceRule.GAIN)).toBe(0);
    st[(1 << Seat.SHIFT) | Seat.DISTINCT] = 6;
    expect(answerBallast(e, 1, c.code('-2'), ChoiceRule.GAIN)).toBe(1);
    // Seat 0: 1, 2 and 3 with a Featherweight (4 values at most 6: +15), 6 points. A -1 as the 4th value: 5 + 15 = 20.
    const b = 0 << Seat.SHIFT;
    st[b | Seat.MASK] = 0b1110;
    st[b | Seat.SUM] = 6;
    st[b | Seat.DISTINCT] = 3;
    st[b | Seat.BONUS] = Bonus.FEATHERWEIGHT;
    expect(answerBallast(e, 0, c.code('-1'), ChoiceRule.GAIN)).toBe(1);
    // With 9 for 3 (1, 2, 9: 12 points), no Featherweight: 11 points, discarded.
    st[b | Seat.MASK] = (1 << 1) | (1 << 2) | (1 << 9);
    st[b | Seat.SUM] = 12;
    expect(answerBallast(e, 0, c.code('-1'), ChoiceRule.GAIN)).toBe(0);
    // 1, 2, 3 and a kept Ballast above 6 (a rules file's; sum 6 + 9 = 15, 4 values): no Featherweight either way, 14 < 15.
    st[b | Seat.MASK] = 0b1110;
    st[b | Seat.SUM] = 15;
    st[b | Seat.DISTINCT] = 4;
    st[b | Seat.NONLOW] = 1;
    expect(answerBallast(e, 0, c.code('-1'), ChoiceRule.GAIN)).toBe(0);
    // Seat 2: a 1 among six values and a -20 modifier (a rules file's): 0 points.
    st[(2 << Seat.SHIFT) | Seat.MASK] = 1 << 1;
    st[(2 << Seat.SHIFT) | Seat.SUM] = 1;
    st[(2 << Seat.SHIFT) | Seat.DISTINCT] = 6;
    st[(2 << Seat.SHIFT) | Seat.PLUS] = -20;
    expect(e.scoreSeat(2)).toBe(0);
    // A -3 as the 7th value: (1 - 3) - 20 + 17 = -5, scored 0: not above 0, discarded; with +4 for -20: 19 > 5, kept.
    expect(answerBallast(e, 2, c.code('-3'), ChoiceRule.GAIN)).toBe(0);
    st[(2 << Seat.SHIFT) | Seat.PLUS] = 4;
    expect(answerBallast(e, 2, c.code('-3'), ChoiceRule.GAIN)).toBe(1);
  });

  it('ROW: what each card adds to the row now; the second card only when it is worth more', () => {
    const e = table();
    const c = e.cards;
    // Seat 1 holds 12 and 5 (17 points, 2 distinct values; SEVN at 7 distinct, +17).
    const worth = (name: string, sc: boolean, distinct: number): number => cardWorthOf(c, c.code(name), (1 << 12) | (1 << 5), sc, 17, distinct, 7, 17);
    expect(worth('9', false, 2)).toBe(9);
    expect(worth('9', false, 6)).toBe(9 + 17);
    expect(worth('12', false, 2)).toBe(-18); // a bust: the row's 17 points and one more
    expect(worth('12', true, 2)).toBe(-1);
    expect(worth('-2', false, 2)).toBe(0); // Ballast: discarded unless it completes a SEVN
    expect(worth('-2', false, 6)).toBe(-2 + 17);
    expect(worth('x2', false, 2)).toBe(17); // doubles 12 + 5
    expect(worth('+4', false, 2)).toBe(4);
    expect(worth('SecondChance', false, 2)).toBe(5);
    expect(worth('SecondChance', true, 2)).toBe(0.5);
    expect(worth('Ladder', false, 2)).toBe(2);
    expect(worth('Freeze', false, 2)).toBe(0);
    expect(answerCrossroads(e, 1, c.code('12'), c.code('9'), ChoiceRule.ROW)).toBe(1);
    expect(answerCrossroads(e, 1, c.code('9'), c.code('x2'), ChoiceRule.ROW)).toBe(1);
    expect(answerCrossroads(e, 1, c.code('x2'), c.code('9'), ChoiceRule.ROW)).toBe(0);
    expect(answerCrossroads(e, 1, c.code('+4'), c.code('+4'), ChoiceRule.ROW)).toBe(0); // equal: the first
  });

  it('GAME: the exact change of the row from each card, when both act on the row alone; else ask', () => {
    const e = table();
    const c = e.cards;
    const st = e.seats;
    const game = (a: string, b: string): number => answerCrossroads(e, 1, c.code(a), c.code(b), ChoiceRule.GAME);
    // Seat 1: 12 and 5, 17 points, 2 values. 9: +9; 12: a bust, -17; x2: +17; +4: +4; -2: discarded, 0.
    st[(1 << Seat.SHIFT) | Seat.DISTINCT] = 2;
    expect(game('12', '9')).toBe(1);
    expect(game('9', 'x2')).toBe(1); // 17 > 9
    expect(game('x2', '9')).toBe(0);
    expect(game('+4', '-2')).toBe(0); // 0 < 4
    expect(game('-2', 'Crossroads')).toBe(0); // 0 and 0: the first
    // With a Second Chance a duplicate costs nothing: 12 (0) against -2 (0), equal: the first; x2 (17) over 12.
    st[(1 << Seat.SHIFT) | Seat.SC] = 1;
    expect(game('-2', '12')).toBe(0);
    expect(game('12', '-2')).toBe(0); // without it: -17 for 12, the -2 picked
    expect(game('12', 'x2')).toBe(1);
    // At 6 values a new number earns the SEVN: 9 gives 9 + 17 = 26 over x2's 17; the -2 too: -2 + 17 = 15 over +4.
    st[(1 << Seat.SHIFT) | Seat.DISTINCT] = 6;
    expect(game('x2', '9')).toBe(1);
    expect(game('+4', '-2')).toBe(1);
    // A Ladder with 5 and 12 apart earns nothing (runs of 1); with 4, 5, 6 held (a run of 3: +12) it beats +10.
    st[(1 << Seat.SHIFT) | Seat.DISTINCT] = 2;
    expect(game('+2', 'Ladder')).toBe(0);
    st[(1 << Seat.SHIFT) | Seat.MASK] = (1 << 4) | (1 << 5) | (1 << 6);
    st[(1 << Seat.SHIFT) | Seat.SUM] = 15;
    st[(1 << Seat.SHIFT) | Seat.DISTINCT] = 3;
    expect(game('+10', 'Ladder')).toBe(1);
    // An action among the two: asked.
    expect(game('9', 'Freeze')).toBe(-1);
    expect(game('Storm', '9')).toBe(-1);
    expect(game('SecondChance', '+2')).toBe(-1);
    expect(game('TripleDraw', '+2')).toBe(-1);
  });

  it('a Freeze answered by the engine in play: the fewest points frozen (a stacked round)', () => {
    const rules = sevnPreset('sevn');
    const players = makeSevnPlayers(SEVN_STRATEGIES, rules, ['stay-at:points=30', 'stay-at:points=30', 'stay-at:points=30'], [new Rng(), new Rng(), new Rng()]);
    const e = new SevnEngine(rules);
    // Dealt from seat 1: 9, 4, 11 (seat 0 last); seat 1 then draws a Freeze: seat 2 (4) has fewer than seat 0 (11).
    e.stackDeck(['9', '4', '11', 'Freeze'].map((n) => e.cards.code(n)));
    const log = new EventLog();
    e.tracer = log;
    e.playRound(players, new Rng('stacked'));
    expect(log.of(Ev.FREEZE)[0]).toEqual([Ev.FREEZE, 1, 2, 0]);
  });

  it("mostDuplicates: the held values' copies less one each, by the mask's two low bytes (race's floor skips the count under it)", () => {
    // The sevn deck: value v has max(1, v) copies. Values 0-7: 0 + 0 + 1 + 2 + ... + 6 = 21; 8: 7; 13: 12; 8-13: 7 + ... + 12 = 57.
    const most = mostDuplicates(new SevnCards(sevnPreset('sevn')));
    expect([most[0b1], most[0b10], most[0b100], most[255], most[256 | 0b1], most[256 | 0b100000], most[256 | 0b111111]]).toEqual([0, 0, 1, 21, 7, 12, 57]);
    // Held 2, 3 and 13: 1 + 2 + 12 = 15, as answerFloor reads it.
    const held = (1 << 2) | (1 << 3) | (1 << 13);
    expect(most[held & 255] + most[256 | ((held >>> 8) & 255)]).toBe(15);
    // A value of 16 or more: every entry past any deck's size, so the unseen copies are always counted.
    const big = mostDuplicates(new SevnCards({ ...sevnPreset('sevn'), numbers: [{ value: 1, copies: 1 }, { value: 20, copies: 3 }] }));
    expect(Math.min(...big)).toBeGreaterThan(1000);
  });
});
