/**
 * The last seat in, solved exactly (src/games/sevn/last-seat.ts): number-only positions worked by hand
 * (seen cards, a reshuffle, an exhausted deck, at-least:K), the solo solver's optimum from a fresh
 * number-only deck, Second Chance, Freeze and Crossroads by hand, and positions with modifiers, bonus
 * cards, Ballast and action cards against the engine's own play of the solver's policy from the same
 * position (a long Monte Carlo, fixed seed, within 4 SE).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { loadPosition, playOnRound } from '../../src/games/sevn/positions.js';
import { LastSeatCapError, LastSeatSolver, objectiveUtility } from '../../src/games/sevn/last-seat.js';
import { sevnPreset, type SevnRules } from '../../src/games/sevn/rules.js';
import { solveSevnSolo } from '../../src/games/sevn/solver.js';
import { Answer, type SevnPlayer, type SevnView, Status } from '../../src/games/sevn/view.js';

const noActions = { freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 0, storm: 0 };
const base = sevnPreset('sevn-numbers');
/** A small deck: numbers 1 x2, 2 x2, 5 x1; three distinct values make a SEVN worth 10 more. */
const small: SevnRules = { ...base, name: 'small', numbers: [{ value: 1, copies: 2 }, { value: 2, copies: 2 }, { value: 5, copies: 1 }], sevn: { distinct: 3, bonus: 10 } };

/** A position by card names: the deck and discard pile by name, the row by name. */
function solve(rules: SevnRules, row: string[], deck: string[], discard: string[], objective: { kind: 'ev' } | { kind: 'at-least'; k: number } = { kind: 'ev' }) {
  const cards = new SevnCards(rules);
  const count = (names: string[]) => {
    const a = new Array<number>(cards.codes).fill(0);
    for (const n of names) a[cards.code(n)]++;
    return a;
  };
  const s = new LastSeatSolver(rules, cards);
  s.load({ deck: count(deck), discard: count(discard), row: row.map((n) => cards.code(n)) }, objectiveUtility(rules, objective));
  return { stay: s.stayValue(), draw: s.drawValue(), states: s.states };
}

describe('last seat in: number-only positions by hand', () => {
  it('seen cards: row 2, a 1 seen, the deck 1 2 5', () => {
    // Draw: 1 (1/3) -> row 1 2, deck 2 5: staying scores 3, drawing busts (2) or makes a SEVN 1+2+5+10 = 18: 9 > 3.
    // 2 (1/3) busts. 5 (1/3) -> row 2 5 (7), deck 1 2: drawing gives a SEVN 18 (the 1) or a bust: 9 > 7.
    // Draw = (9 + 0 + 9) / 3 = 6; stay = 2.
    expect(solve(small, ['2'], ['1', '2', '5'], ['1'])).toMatchObject({ stay: 2, draw: 6 });
    // at-least:10: only the SEVN reaches 10: (1/2 + 0 + 1/2) / 3 = 1/3.
    const a = solve(small, ['2'], ['1', '2', '5'], ['1'], { kind: 'at-least', k: 10 });
    expect(a.stay).toBe(0);
    expect(a.draw).toBeCloseTo(1 / 3, 15);
  });

  it('the deck runs out: the discard pile is reshuffled; with both empty the round ends as if staying', () => {
    // Deck 5, discard 1 1 2: draw the 5 (row 2 5, 7 points); then drawing reshuffles 1 1 2: a 1 (2/3) is a SEVN 18, the 2 busts: 12 > 7.
    expect(solve(small, ['2'], ['5'], ['1', '1', '2'])).toMatchObject({ stay: 2, draw: 12 });
    // Deck 5, nothing discarded (the other cards on other rows): after the 5 nothing is left, 7.
    expect(solve(small, ['2'], ['5'], [])).toMatchObject({ stay: 2, draw: 7 });
  });

  it('a fresh number-only deck gives the solo solver\'s optimum, and its draw values at held sets', () => {
    for (const name of ['sevn-numbers', 'flip7-numbers']) {
      const r = sevnPreset(name);
      const cards = new SevnCards(r);
      const sol = solveSevnSolo(r);
      const s = new LastSeatSolver(r, cards);
      const u = objectiveUtility(r, { kind: 'ev' });
      s.load({ deck: cards.copies, discard: new Array<number>(cards.codes).fill(0), row: [] }, u);
      expect(s.dealValue()).toBeCloseTo(sol.ev, 10);
      for (const held of [[12], [12, 11], [3, 7, 9, 10], [0, 1, 2, 3, 4, 5]]) {
        const deck = Array.from(cards.copies);
        for (const v of held) deck[cards.numberCode[v]]--;
        s.load({ deck, discard: new Array<number>(cards.codes).fill(0), row: held.map((v) => cards.numberCode[v]) }, u, true);
        const mask = held.reduce((m, v) => m | (1 << v), 0);
        expect(s.drawValue()).toBeCloseTo(sol.drawValue(mask), 10);
        expect(s.stayValue()).toBe(sol.stayValue(mask));
      }
    }
  });
});

describe('last seat in: action cards by hand', () => {
  const withActions = (a: Partial<typeof noActions>, extra: Partial<SevnRules> = {}): SevnRules => ({ ...small, actions: { ...noActions, ...a }, ...extra });

  it('Second Chance cancels a duplicate (both discarded) and the row plays on', () => {
    const r = withActions({ secondChance: 2 });
    // Row 2 + SC, deck 2 5 1. The 2 first (1/3): cancelled (row 2, deck 5 1): either card next, then the
    // other, makes the SEVN 2+5+1+10 = 18. The 5 first (row 2 5 + SC, deck 2 1): the 1 makes the SEVN, the
    // 2 is cancelled and the 1 follows: 18. The 1 first: likewise 18. Draw = 18 (no bust is possible).
    expect(solve(r, ['2', 'SecondChance'], ['2', '5', '1'], [])).toMatchObject({ stay: 2, draw: 18 });
    // Without it: the 2 busts; after the 5 (or the 1) the next card is the SEVN 18 or the busting 2, 9 > 7
    // (or 3): (0 + 9 + 9) / 3 = 6.
    expect(solve(r, ['2'], ['2', '5', '1'], [])).toMatchObject({ stay: 2, draw: 6 });
  });

  it('Freeze ends the round for the last seat in (itself the only target); without freezeSelf a loop through reshuffles is reported', () => {
    const r = withActions({ freeze: 1 });
    // Row 2, deck Freeze 5: Freeze (1/2) ends the round on 2; the 5 (1/2): row 2 5 = 7, then the Freeze ends it: 7. Draw = 4.5.
    expect(solve(r, ['2'], ['Freeze', '5'], [])).toMatchObject({ draw: 4.5 });
    // freezeSelf false: the Freeze is discarded and comes back at each reshuffle, the row unchanged: a
    // loop the recursion does not value (LastSeatCapError with cycle set; advise then uses rollouts).
    let error: unknown = null;
    try {
      solve({ ...r, freezeSelf: false }, ['2'], ['Freeze', '5'], []);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LastSeatCapError);
    expect((error as LastSeatCapError).cycle).toBe(true);
  });

  it('Ballast: kept when it completes a SEVN, discarded when it only costs', () => {
    const r: SevnRules = { ...small, ballast: [-1] };
    // Row 2 5, deck -1 1: the -1 (1/2) kept makes the SEVN 2+5-1+10 = 16 (discarded: 7, then the 1 makes
    // 18: so discarding is worth 18); the 1 (1/2): the SEVN 18. Draw = 18.
    expect(solve(r, ['2', '5'], ['-1', '1'], [])).toMatchObject({ stay: 7, draw: 18 });
    // Row 2 5, deck -1 2: the -1 kept: SEVN 16; discarded: 7 then only the 2 (a bust): keep, 16. The 2: bust. Draw = 8 > 7.
    expect(solve(r, ['2', '5'], ['-1', '2'], [])).toMatchObject({ stay: 7, draw: 8 });
  });

  it('Crossroads: two cards, the better one kept, the other discarded; Triple Draw and Storm deal in sequence', () => {
    const cr = withActions({ crossroads: 1 });
    // Row 2, deck Crossroads 2 5: the Crossroads (1/3) offers 2 and 5: the 5 (7, then nothing left but the
    // pile's 2: drawing reshuffles it and busts): 7. The 2 first (1/3): bust. The 5 first (1/3): row 2 5 = 7,
    // then the Crossroads offers only the 2 (one card left in all: taken, a bust) or staying: 7. Draw = 14/3.
    expect(solve(cr, ['2'], ['Crossroads', '2', '5'], []).draw).toBeCloseTo(14 / 3, 14);
    const td = withActions({ tripleDraw: 1 }, { tripleDrawCards: 2 });
    // Row 2, deck TripleDraw 1 5: Triple Draw first (1/3): two cards 1 and 5 in either order: SEVN 2+1+5+10 = 18.
    // The 1 first: row 1 2 (3), deck TD 5: drawing: TD (1/2) deals the 5: 18; the 5: 18: 18 > 3.
    // The 5 first: the same by symmetry: 18. Draw = 18.
    expect(solve(td, ['2'], ['TripleDraw', '1', '5'], []).draw).toBe(18);
    const storm = withActions({ storm: 1 });
    // Row 2, deck Storm 2: the Storm (1/2) deals the 2: a bust; the 2 first: a bust. Draw = 0.
    expect(solve(storm, ['2'], ['Storm', '2'], [])).toMatchObject({ stay: 2, draw: 0 });
  });
});

/**
 * The solver's policy as a strategy: at each draw-or-stay decision it loads the position its view
 * shows (the deck is the unseen cards; the discard pile the seen cards off the table) and answers as the
 * recursion values it. The engine does the rest: the cards' effects, the queue, the reshuffles.
 */
function solverPlayer(solver: LastSeatSolver, u: Float64Array, others: readonly number[]): SevnPlayer {
  const cards = solver.cards;
  const deck = new Array<number>(cards.codes).fill(0);
  const discard = new Array<number>(cards.codes).fill(0);
  const never = (): number => {
    throw new Error('not asked in these positions');
  };
  return {
    label: 'last-seat',
    drawOrStay(v: SevnView) {
      const row: number[] = [];
      for (let i = 0; i < v.rowLengths[0]; i++) row.push(v.rows[i]);
      for (let c = 0; c < cards.codes; c++) {
        deck[c] = cards.copies[c] - v.seen[c];
        discard[c] = v.seen[c] - others[c] - row.filter((x) => x === c).length;
      }
      solver.load({ deck, discard, row }, u, true);
      return solver.drawValue() > solver.stayValue() ? Answer.DRAW : Answer.STAY;
    },
    freezeTarget: (v) => v.seat,
    tripleDrawTarget: (v) => v.seat,
    ballast: never,
    crossroads: never,
    secondChanceTo: never,
  };
}

/** 21 cards: numbers 1..6, x2 +3 +5, Freeze, two Second Chances, Triple Draw (2 cards), Storm, the three bonus cards; SEVN at 5 values. */
const mixed: SevnRules = {
  ...base, name: 'mixed',
  numbers: [{ value: 1, copies: 1 }, { value: 2, copies: 2 }, { value: 3, copies: 2 }, { value: 4, copies: 2 }, { value: 5, copies: 2 }, { value: 6, copies: 1 }],
  modifiers: [{ kind: 'multiply', value: 2, count: 1 }, { kind: 'add', value: 3, count: 1 }, { kind: 'add', value: 5, count: 1 }],
  actions: { freeze: 1, secondChance: 2, tripleDraw: 1, crossroads: 0, storm: 1 }, tripleDrawCards: 2,
  bonuses: { featherweight: { count: 1, points: 15, minCards: 2, maxValue: 3 }, heavyweight: { count: 1, points: 12, minCards: 2, minValue: 4 }, ladder: { count: 1, pointsPerCard: 4, minRun: 3 } },
  sevn: { distinct: 5, bonus: 10 },
};

describe('last seat in: the states a solve needs at least (a hopeless position is refused at once)', () => {
  const cardsOf = (rules: SevnRules, names: string[], cards: SevnCards) => {
    const a = new Array<number>(cards.codes).fill(0);
    for (const n of names) a[cards.code(n)]++;
    return a;
  };

  it('by hand: the combinations of cards drawn one a turn without ending the round, and never more than a solve memoises', () => {
    // small (SEVN at 3 values) with x2 and +3; row 2, deck 1 5 x2 +3: no number, the 1 or the 5 (both
    // make a SEVN), times x2 drawn or not, times +3 drawn or not: 3 x 4 = 12 states, this one included.
    const r: SevnRules = { ...small, modifiers: [{ kind: 'multiply', value: 2, count: 1 }, { kind: 'add', value: 3, count: 1 }] };
    const cards = new SevnCards(r);
    const s = new LastSeatSolver(r, cards);
    s.load({ deck: cardsOf(r, ['1', '5', 'x2', '+3'], cards), discard: cardsOf(r, [], cards), row: [cards.code('2')] }, objectiveUtility(r, { kind: 'ev' }));
    expect(s.leastStates()).toBe(12);
    s.drawValue();
    expect(s.states).toBeGreaterThanOrEqual(11);
    // An empty deck: the count is over the discard pile it is reshuffled into (1 5 x2 +3 again).
    s.load({ deck: cardsOf(r, [], cards), discard: cardsOf(r, ['1', '5', 'x2', '+3'], cards), row: [cards.code('2')] }, objectiveUtility(r, { kind: 'ev' }));
    expect(s.leastStates()).toBe(12);
    s.drawValue();
    expect(s.states).toBeGreaterThanOrEqual(11);
    // Ballast: each card left, discarded or kept (a distinct value). sevn-numbers with Ballast -1 and -2
    // (SEVN at 7), row 13 12 11 10 9, deck 8 -1 -2: one more value at most. None added: -1 and -2 each
    // left or discarded, 4; one added: the 8 (4 ways for the Ballast), or -1 kept (-2 left or discarded,
    // 2), or -2 kept (2): 12 in all.
    const rb: SevnRules = { ...base, ballast: [-1, -2] };
    const cb = new SevnCards(rb);
    const sb = new LastSeatSolver(rb, cb);
    sb.load({ deck: cardsOf(rb, ['8', '-1', '-2'], cb), discard: cardsOf(rb, [], cb), row: ['13', '12', '11', '10', '9'].map((n) => cb.code(n)) }, objectiveUtility(rb, { kind: 'ev' }));
    expect(sb.leastStates()).toBe(12); // (not solved: a discarded Ballast comes back at each reshuffle, a cycle)
  });

  it('a solve memoises at least that many states, on positions of every card kind', () => {
    for (const [rules, row, deck, discard] of [
      [mixed, ['3'], ['1', '2', '4', '5', '6', 'x2', '+3', '+5', 'SecondChance', 'Featherweight', 'Ladder', 'TripleDraw', 'Storm'], ['2', '3', '4', '5', 'Freeze', 'SecondChance', 'Heavyweight']],
      [mixed, ['6', 'SecondChance'], ['2', '3', '+3'], ['1', '2', '3', '4', '4', '5', '5', 'x2', '+5', 'Freeze', 'SecondChance', 'TripleDraw', 'Storm', 'Featherweight', 'Heavyweight', 'Ladder']],
      [mixed, ['4'], [], ['1', '2', '3', '5', '5', 'x2', '+3', 'SecondChance', 'Featherweight', 'Ladder', 'Freeze', 'Storm']],
    ] as [SevnRules, string[], string[], string[]][]) {
      const cards = new SevnCards(rules);
      const s = new LastSeatSolver(rules, cards);
      s.load({ deck: cardsOf(rules, deck, cards), discard: cardsOf(rules, discard, cards), row: row.map((n) => cards.code(n)) }, objectiveUtility(rules, { kind: 'ev' }));
      const least = s.leastStates();
      expect(least).toBeGreaterThan(1);
      s.drawValue();
      expect(s.states).toBeGreaterThanOrEqual(least - 1);
    }
  });

  it('a fresh full sevn deck is refused at once: its count alone passes the cap', () => {
    const r = sevnPreset('sevn');
    const cards = new SevnCards(r);
    const deck = Array.from(cards.copies);
    deck[cards.code('7')]--;
    const s = new LastSeatSolver(r, cards, 50_000);
    s.load({ deck, discard: new Array<number>(cards.codes).fill(0), row: [cards.code('7')] }, objectiveUtility(r, { kind: 'ev' }));
    expect(s.leastStates()).toBeGreaterThan(50_001);
    expect(() => s.drawValue()).toThrow(LastSeatCapError);
  });
});

describe('last seat in: against the engine\'s own play (Monte Carlo, 4 SE)', () => {
  /** Me (seat 0) with `mine`, seat 1 stayed with `theirs`, `seen` in the discard pile; the engine plays the solver's policy after a draw. */
  function check(rules: SevnRules, mine: string[], theirs: string[], seen: string[], objective: { kind: 'ev' } | { kind: 'at-least'; k: number }, rounds: number, seed: number) {
    const cards = new SevnCards(rules);
    const engine = new SevnEngine(rules, cards);
    const code = (names: string[]) => names.map((n) => cards.code(n));
    const others = new Array<number>(cards.codes).fill(0);
    for (const c of code(theirs)) others[c]++;
    const deck = Array.from(cards.copies);
    const discard = new Array<number>(cards.codes).fill(0);
    for (const c of [...code(mine), ...code(theirs), ...code(seen)]) deck[c]--;
    for (const c of code(seen)) discard[c]++;
    const u = objectiveUtility(rules, objective);
    const solver = new LastSeatSolver(rules, cards);
    solver.load({ deck, discard, row: code(mine) }, u);
    const exact = solver.drawValue();
    const rows = new Uint8Array(engine.stride * 2);
    code(mine).forEach((c, i) => (rows[i] = c));
    code(theirs).forEach((c, i) => (rows[engine.stride + i] = c));
    const pos = { players: 2, dealer: 1, round: 0, totals: [0, 0], status: [Status.ACTIVE, Status.STAYED], rows, rowLengths: [mine.length, theirs.length], rowStride: engine.stride, deck, discard };
    const players = [solverPlayer(new LastSeatSolver(rules, cards), u, others), solverPlayer(new LastSeatSolver(rules, cards), u, others)];
    const rng = new Rng();
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < rounds; i++) {
      rng.reseed(seed, i, 0);
      loadPosition(engine, players, rng, pos);
      playOnRound(engine, 0, Answer.DRAW);
      const x = u[Math.min(engine.roundScore[0], u.length - 1)];
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / rounds;
    const se = Math.sqrt((sumSq / rounds - mean * mean) / rounds);
    expect(se).toBeGreaterThan(0);
    expect(Math.abs(mean - exact), `exact ${exact}, simulated ${mean} ± ${se}`).toBeLessThan(4 * se);
    return { exact, mean, se, states: solver.states };
  }

  it('modifiers, bonus cards, Second Chance, Freeze, Triple Draw and Storm: ev and at-least:K', () => {
    check(mixed, ['3', '+3'], ['2', '4'], ['1', '5'], { kind: 'ev' }, 40_000, 11);
    check(mixed, ['3', 'Ladder'], ['2'], [], { kind: 'ev' }, 40_000, 12);
    check(mixed, ['6', 'x2', 'SecondChance'], ['5'], ['Storm'], { kind: 'at-least', k: 25 }, 40_000, 13);
  }, 120_000);

  it('a small deck that runs out: the reshuffles as the engine does them', () => {
    // Seven cards left in the deck, the rest in the discard pile and seat 1's row.
    const rest = ['1', '2', '3', '4', '5', '6', 'x2', 'Freeze', 'TripleDraw', 'Storm', 'Featherweight', 'Heavyweight', 'SecondChance'];
    check(mixed, ['3', '+5'], ['2', '4'], rest.slice(0, 6).concat(['Freeze', 'Heavyweight']), { kind: 'ev' }, 40_000, 14);
  }, 120_000);
});
