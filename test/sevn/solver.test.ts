/**
 * The exact optimal solo solver for number-only SEVN decks: its value against an independent
 * brute-force expectimax over the remaining cards on tiny decks, its fixed values on the presets, its
 * relation to the best stay-at threshold, and the `optimal-solo` strategy played by the engine over 1e6
 * solo rounds (fixed seed) within 4 standard errors of the solved value.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/dirs.js';
import { UserError } from '../../src/engine/errors.js';
import { Rng } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { SevnRunner, makeSevnPlayers } from '../../src/games/sevn/index.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { type SevnRules, sevnPreset, validateSevnRules } from '../../src/games/sevn/rules.js';
import { numberProjection, solveSevnSolo } from '../../src/games/sevn/solver.js';
import { expectWithinSE, proportionSe } from '../helpers/stats.js';

/** A number-only rules object with these (value, copies) and SEVN count/bonus. */
function tiny(numbers: [number, number][], distinct: number, bonus: number): SevnRules {
  const r = sevnPreset('sevn-numbers');
  return validateSevnRules({ ...r, name: 'tiny', numbers: numbers.map(([value, copies]) => ({ value, copies })), sevn: { distinct, bonus } });
}

/**
 * Independent expectimax over the actual remaining cards (a count per value) and the row as a list:
 * no masks, no memo, no shared code with the solver. The first card is dealt.
 */
function bruteForce(numbers: [number, number][], distinct: number, bonus: number): number {
  const left = numbers.map(([, c]) => c);
  const row: number[] = [];
  const value = (): number => {
    const sum = row.reduce((a, v) => a + v, 0);
    if (row.length === distinct) return sum + bonus;
    const total = left.reduce((a, b) => a + b, 0);
    if (total === 0) return sum;
    let draw = 0;
    for (let i = 0; i < numbers.length; i++) {
      if (left[i] === 0) continue;
      const p = left[i] / total;
      const v = numbers[i][0];
      if (row.includes(v)) continue; // bust: 0
      left[i]--;
      row.push(v);
      draw += p * value();
      row.pop();
      left[i]++;
    }
    return row.length === 0 ? draw : Math.max(sum, draw);
  };
  return value();
}

/**
 * The same expectimax on a whole preset deck, memoised by the held set (in a solo round the cards left
 * are the full deck less one copy of each held value). With `stayAt`, the value of stay-at at that
 * threshold; without, the optimal value. Shares no code with the solver.
 */
function soloValue(r: SevnRules, stayAt?: number): number {
  const numbers = r.numbers.filter((n) => n.copies > 0);
  const total = numbers.reduce((a, n) => a + n.copies, 0);
  const memo = new Map<number, number>();
  const value = (held: number, size: number, sum: number): number => {
    if (size === r.sevn.distinct) return sum + r.sevn.bonus;
    if (size === total) return sum;
    if (size > 0 && stayAt !== undefined && sum >= stayAt) return sum;
    const known = memo.get(held);
    if (known !== undefined) return known;
    let draw = 0;
    for (const n of numbers) if (((held >>> n.value) & 1) === 0) draw += (n.copies / (total - size)) * value(held | (1 << n.value), size + 1, sum + n.value);
    const v = size === 0 || stayAt !== undefined ? draw : Math.max(sum, draw);
    memo.set(held, v);
    return v;
  };
  return value(0, 0, 0);
}

describe('solveSevnSolo against brute force on tiny decks', () => {
  const decks: [string, [number, number][], number, number][] = [
    ['three values, SEVN at 3', [[1, 1], [2, 2], [3, 3]], 3, 5],
    ['five values, SEVN at 4', [[0, 1], [2, 2], [5, 3], [7, 2], [9, 4]], 4, 11],
    ['SEVN out of reach: the deck runs out', [[1, 1], [2, 1], [3, 1]], 7, 17],
    ['big copies, SEVN at 3', [[4, 6], [6, 1], [10, 5], [12, 2]], 3, 0],
  ];
  it.each(decks)('%s', (_name, numbers, distinct, bonus) => {
    const s = solveSevnSolo(tiny(numbers, distinct, bonus));
    expect(s.ev).toBeCloseTo(bruteForce(numbers, distinct, bonus), 12);
    expect(s.ev).toBeGreaterThanOrEqual(s.bestStayAt.ev - 1e-12);
  });

  it('enumerating every deterministic policy finds no better one (SEVN at 3, five values)', () => {
    const numbers: [number, number][] = [[1, 2], [3, 1], [6, 3], [8, 2], [11, 3]];
    const r = tiny(numbers, 3, 7);
    const s = solveSevnSolo(r);
    // Decision sets: non-empty, fewer than 3 values: 5 + 10 = 15 sets, 2^15 policies.
    const sets: number[] = [];
    for (let m = 1; m < 1 << 12; m++) {
      const bits = [...Array(12).keys()].filter((v) => (m >>> v) & 1);
      if (bits.length < 3 && bits.every((v) => numbers.some(([x]) => x === v))) sets.push(m);
    }
    expect(sets.length).toBe(15);
    const copies = new Map(numbers);
    const total = numbers.reduce((a, [, c]) => a + c, 0);
    let best = -1;
    for (let pol = 0; pol < 1 << sets.length; pol++) {
      const draws = (mask: number): boolean => mask === 0 || ((pol >>> sets.indexOf(mask)) & 1) === 1;
      const ev = (mask: number, held: number[]): number => {
        const sum = held.reduce((a, v) => a + v, 0);
        if (held.length === 3) return sum + 7;
        if (!draws(mask)) return sum;
        let e = 0;
        for (const [v, c] of copies) if (!held.includes(v)) e += (c / (total - held.length)) * ev(mask | (1 << v), [...held, v]);
        return e;
      };
      best = Math.max(best, ev(0, []));
    }
    expect(s.ev).toBeCloseTo(best, 12);
  });
});

/**
 * The whole optimal policy of a number-only deck, written in the test from the model in the rules
 * (no masks: held sets are sorted value lists, keyed as the solver's `held` text "v1,v2,..."):
 * - stay(S) = the sum of the held values;
 * - draw(S) = sum over values v not held of copies(v) / (cards left) * V(S + v) (a duplicate busts: 0),
 *   V(S) = sum + bonus at `distinct` values, V(S) = sum when no card is left, else max(stay, draw)
 *   (the deal, S empty, always draws; ties stay);
 * - bustNext(S) = sum over held v of (copies(v) - 1) / (cards left);
 * - reach(S): the chance that a solo round under that policy is at S at a decision, by a forward pass
 *   over rows in order of size (every draw adds one value, so a set is held at most once a round).
 * Decision states are the non-empty sets with fewer than `distinct` values and cards left.
 */
interface IndependentRow { points: number; stay: number; draw: number; drawBest: boolean; bustNext: number; reach: number }
/** Drawing is better by more than rounding (exact ties, such as the flip7 one below, stay). */
const drawBetter = (draw: number, stay: number): boolean => draw > stay + 1e-9 * Math.max(1, stay);
function independentPolicy(r: SevnRules): Map<string, IndependentRow> {
  const numbers = r.numbers.filter((n) => n.copies > 0).map((n) => [n.value, n.copies] as const);
  const total = numbers.reduce((a, [, c]) => a + c, 0);
  const keyOf = (held: number[]): string => [...held].sort((a, b) => a - b).join(',');
  const values = new Map<string, number>();
  const draws = new Map<string, number>();
  const value = (held: number[]): number => {
    const key = keyOf(held);
    const known = values.get(key);
    if (known !== undefined) return known;
    const sum = held.reduce((a, v) => a + v, 0);
    let v: number;
    if (held.length === r.sevn.distinct) v = sum + r.sevn.bonus;
    else if (held.length === total) v = sum;
    else {
      let draw = 0;
      for (const [x, c] of numbers) if (!held.includes(x)) draw += (c / (total - held.length)) * value([...held, x]);
      draws.set(key, draw);
      v = held.length === 0 || drawBetter(draw, sum) ? draw : sum;
    }
    values.set(key, v);
    return v;
  };
  value([]);
  const out = new Map<string, IndependentRow>();
  let layer = new Map<string, { held: number[]; p: number }>([['', { held: [], p: 1 }]]);
  while (layer.size > 0) {
    const next = new Map<string, { held: number[]; p: number }>();
    for (const [key, { held, p }] of layer) {
      if (held.length >= r.sevn.distinct || held.length === total) continue;
      const sum = held.reduce((a, v) => a + v, 0);
      const left = total - held.length;
      const draw = draws.get(key)!;
      if (held.length > 0) {
        const bustNext = numbers.reduce((a, [x, c]) => a + (held.includes(x) ? (c - 1) / left : 0), 0);
        out.set(key, { points: sum, stay: sum, draw, drawBest: drawBetter(draw, sum), bustNext, reach: p });
        if (!drawBetter(draw, sum)) continue;
      }
      for (const [x, c] of numbers) {
        if (held.includes(x)) continue;
        const h = [...held, x];
        const k = keyOf(h);
        const e = next.get(k) ?? { held: h, p: 0 };
        e.p += (p * c) / left;
        next.set(k, e);
      }
    }
    layer = next;
  }
  // Sets the optimal policy never reaches are decision states too (reach 0): every non-empty set
  // of fewer than `distinct` values with a card left.
  for (const [key] of draws) {
    if (key === '' || out.has(key)) continue;
    const held = key.split(',').map(Number);
    const sum = held.reduce((a, v) => a + v, 0);
    const left = total - held.length;
    const bustNext = numbers.reduce((a, [x, c]) => a + (held.includes(x) ? (c - 1) / left : 0), 0);
    const draw = draws.get(key)!;
    out.set(key, { points: sum, stay: sum, draw, drawBest: drawBetter(draw, sum), bustNext, reach: 0 });
  }
  return out;
}

/** The solver's policy rows held against independentPolicy, row by row (values to 1e-12 relative). */
function expectPolicyMatches(s: ReturnType<typeof solveSevnSolo>, r: SevnRules): { draws: number; reached: number } {
  const indep = independentPolicy(r);
  const rows = s.policyRows();
  expect(rows.length).toBe(indep.size);
  expect(s.decisionStates).toBe(indep.size);
  let draws = 0;
  let reached = 0;
  for (const x of rows) {
    const y = indep.get(x.held);
    expect(y, `held ${x.held}`).toBeDefined();
    const held = x.held.split(',').map(Number);
    expect(x.mask).toBe(held.reduce((m, v) => m + 2 ** v, 0));
    expect(x.distinct).toBe(held.length);
    expect(x.points, `points of ${x.held}`).toBe(y!.points);
    expect(x.stayValue, `stay of ${x.held}`).toBe(y!.stay);
    expect(Math.abs(x.drawValue - y!.draw), `draw value of ${x.held}: ${x.drawValue} vs ${y!.draw}`).toBeLessThanOrEqual(1e-12 * Math.max(1, y!.draw));
    expect(x.bustNext, `bust chance of ${x.held}`).toBeCloseTo(y!.bustNext, 14);
    expect(x.reach, `reach of ${x.held}`).toBeCloseTo(y!.reach, 13);
    const drawBest = y!.drawBest;
    expect(x.best, `choice at ${x.held}`).toBe(drawBest ? 'draw' : 'stay');
    expect(s.shouldDraw(x.mask), `shouldDraw at ${x.held}`).toBe(drawBest);
    if (drawBest) draws++;
    if (y!.reach > 0) reached++;
  }
  expect(s.drawStates).toBe(draws);
  return { draws, reached };
}

describe('solveSevnSolo policy rows against an independent policy computed in the test', () => {
  it.each([
    ['three values, SEVN at 3', [[1, 1], [2, 2], [3, 3]], 3, 5],
    ['five values, SEVN at 4', [[0, 1], [2, 2], [5, 3], [7, 2], [9, 4]], 4, 11],
    ['SEVN out of reach: the deck runs out', [[1, 1], [2, 1], [3, 1]], 7, 17],
    ['big copies, SEVN at 3', [[4, 6], [6, 1], [10, 5], [12, 2]], 3, 0],
  ] as [string, [number, number][], number, number][])('%s', (_name, numbers, distinct, bonus) => {
    const r = tiny(numbers, distinct, bonus);
    const { draws, reached } = expectPolicyMatches(solveSevnSolo(r), r);
    // Each deck has both answers somewhere, and states the policy reaches.
    expect(draws).toBeGreaterThan(0);
    expect(reached).toBeGreaterThan(0);
  });

  it('three values, SEVN at 3, worked by hand', () => {
    // Deck 1, 2 2, 3 3 3 (6 cards), SEVN = 3 distinct values, bonus 5.
    // {1,2}: 4 left (2, 3 3 3): draw = 3/4 * (1+2+3+5 = 11) = 8.25 > stay 3: draw; bust next 1/4.
    // {1,3}: 4 left (2 2, 3 3): draw = 2/4 * 11 = 5.5 > 4: draw.  {2,3}: 4 left (1, 2, 3 3): draw = 1/4 * 11 = 2.75 < 5: stay.
    // {1}: 5 left: draw = 2/5 * 8.25 + 3/5 * 5.5 = 6.6 > 1.  {2}: 5 left (1, 2, 3 3 3): 1/5 * 8.25 + 3/5 * 5 = 4.65 > 2.
    // {3}: 5 left (1, 2 2, 3 3): 1/5 * 5.5 + 2/5 * 5 = 3.1 > 3: draw (barely).
    // Reach: deal {1} 1/6, {2} 2/6, {3} 3/6; {1,2} = 1/6 * 2/5 + 2/6 * 1/5 = 4/30; {1,3} = 1/6 * 3/5 + 3/6 * 1/5 = 6/30;
    // {2,3} = 2/6 * 3/5 + 3/6 * 2/5 = 12/30.  EV = 1/6 * 6.6 + 2/6 * 4.65 + 3/6 * 3.1 = 1.1 + 1.55 + 1.55 = 4.2.
    const s = solveSevnSolo(tiny([[1, 1], [2, 2], [3, 3]], 3, 5));
    const rows = new Map(s.policyRows().map((x) => [x.held, x]));
    const hand: [string, number, number, 'draw' | 'stay', number][] = [
      ['1', 1, 6.6, 'draw', 1 / 6], ['2', 2, 4.65, 'draw', 2 / 6], ['3', 3, 3.1, 'draw', 3 / 6],
      ['1,2', 3, 8.25, 'draw', 4 / 30], ['1,3', 4, 5.5, 'draw', 6 / 30], ['2,3', 5, 2.75, 'stay', 12 / 30],
    ];
    expect([...rows.keys()].sort()).toEqual(hand.map((h) => h[0]).sort());
    for (const [held, stay, draw, best, reach] of hand) {
      const x = rows.get(held)!;
      expect([x.stayValue, x.best], held).toEqual([stay, best]);
      expect(x.drawValue, held).toBeCloseTo(draw, 12);
      expect(x.reach, held).toBeCloseTo(reach, 12);
    }
    expect(rows.get('1,2')!.bustNext).toBeCloseTo(1 / 4, 14);
    expect(s.ev).toBeCloseTo(4.2, 12);
  });
});

describe.each(['sevn-numbers', 'flip7-numbers'])('solveSevnSolo on %s', (preset) => {
  const r = sevnPreset(preset);
  const s = solveSevnSolo(r);

  it('has the optimal EV and every stay-at value of an independent expectimax', () => {
    expect(s.ev).toBeCloseTo(soloValue(r), 10);
    // Thresholds 0 .. (sum of the six highest values) + 1; past it every threshold is "always draw":
    // sevn-numbers 13+12+11+10+9+8 = 63 -> 65 entries, flip7-numbers 12+11+10+9+8+7 = 57 -> 59.
    expect(s.stayAtEv.length).toBe(preset === 'sevn-numbers' ? 65 : 59);
    const byThreshold = s.stayAtEv.map((_, t) => soloValue(r, t));
    s.stayAtEv.forEach((ev, t) => expect(ev, `stay-at ${t}`).toBeCloseTo(byThreshold[t], 10));
    const best = byThreshold.indexOf(Math.max(...byThreshold));
    expect(s.bestStayAt.threshold).toBe(best);
    expect(s.bestStayAt.ev).toBeCloseTo(byThreshold[best], 10);
    expect(s.ev).toBeGreaterThan(s.bestStayAt.ev);
  }, 60_000);

  it('has the policy, bust chances and reach of an independent policy computed in the test', () => {
    expectPolicyMatches(s, r);
    // Every round is dealt one card and then asked at least once (no 1-card SEVN on these decks):
    // the sets of size 1 are reached with total chance 1.
    const rows = s.policyRows();
    expect(rows.filter((x) => x.distinct === 1).reduce((a, x) => a + x.reach, 0)).toBeCloseTo(1, 12);
    if (preset === 'flip7-numbers') {
      // An exact tie, by hand: holding 1,2,4,7,9,12 (sum 35) from 79 cards leaves 73, of which the
      // values not held are 0 (1 copy), 3 (3), 5 (5), 6 (6), 8 (8), 10 (10), 11 (11); each completes
      // SEVN (+15): draw = (1*50 + 3*53 + 5*55 + 6*56 + 8*58 + 10*60 + 11*61) / 73 = 2555 / 73 = 35 = stay.
      const tie = [1, 2, 4, 7, 9, 12].reduce((m, v) => m | (1 << v), 0);
      expect(s.stayValue(tie)).toBe(35);
      expect(s.drawValue(tie)).toBeCloseTo(35, 12);
      expect(s.shouldDraw(tie)).toBe(false); // ties stay
    }
  }, 60_000);
});

describe('optimal-solo', () => {
  it('plays the solved policy: 1e6 solo rounds on sevn-numbers within 4 SE of the solved EV', () => {
    const r = sevnPreset('sevn-numbers');
    const s = solveSevnSolo(r);
    const engine = new SevnEngine(r);
    const players = makeSevnPlayers(SEVN_STRATEGIES, r, ['optimal-solo'], [new Rng('unused')]);
    const rng = new Rng();
    rng.reseed(20261129, 77, 0);
    const n = 1_000_000;
    let sum = 0;
    let sumSq = 0;
    let busts = 0;
    for (let i = 0; i < n; i++) {
      engine.playRound(players, rng);
      const x = engine.roundScore[0];
      sum += x;
      sumSq += x * x;
      busts += engine.bustCount[0];
    }
    const mean = sum / n;
    const se = Math.sqrt((sumSq / n - mean * mean) / n);
    expectWithinSE(mean, s.ev, se, 'mean score');
    expectWithinSE(busts / n, s.bust, proportionSe(s.bust, n), 'bust rate');
  }, 60_000);

  it('plays full decks and multi-player rounds (policy of the number cards, own row only)', () => {
    for (const [preset, specs] of [['sevn', ['optimal-solo', 'stay-at', 'optimal-solo:freeze=self', 'bust-cap']], ['flip7', ['optimal-solo', 'optimal-solo']]] as const) {
      const runner = new SevnRunner(SEVN_STRATEGIES, sevnPreset(preset), [...specs], 'game');
      runner.reseedGame(3, 0);
      for (let g = 0; g < 20; g++) {
        runner.playOne();
        expect(Math.max(...runner.scores)).toBeGreaterThanOrEqual(sevnPreset(preset).target);
      }
    }
  });

  it('solves the number projection of a full deck', () => {
    const p = numberProjection(sevnPreset('sevn'));
    expect(solveSevnSolo(p).ev).toBeCloseTo(solveSevnSolo(sevnPreset('sevn-numbers')).ev, 12);
  });
});

describe('rejections', () => {
  it('rejects decks with other cards, naming the presets that work', () => {
    expect(() => solveSevnSolo(sevnPreset('sevn'))).toThrow(UserError);
    expect(() => solveSevnSolo(sevnPreset('flip7'))).toThrow(/sevn-numbers or flip7-numbers/);
  });

  it('rejects state spaces past the limit', () => {
    const r = tiny(Array.from({ length: 31 }, (_, v) => [v, 2] as [number, number]), 25, 0);
    expect(() => solveSevnSolo(r)).toThrow(/held-value sets/);
  });
});

describe('solveSevnCommand (the solve --game sevn output)', () => {
  it('reports, formats and writes policy.arrow and solve.json', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { readArrowFile } = await import('../../src/io/arrow.js');
    const { formatSevnSolve, solveSevnCommand } = await import('../../src/games/sevn/analyses/solve.js');
    const out = tempDir('sevn-solve');
    const { report } = await solveSevnCommand(sevnPreset('flip7-numbers'), 'flip7-numbers', out);
    // The optimum and the best threshold from the test's own expectimax (soloValue), not from the solver.
    const r = sevnPreset('flip7-numbers');
    const ev = soloValue(r);
    const byThreshold = Array.from({ length: 60 }, (_, t) => soloValue(r, t));
    const threshold = byThreshold.indexOf(Math.max(...byThreshold));
    expect(report.ev).toBeCloseTo(ev, 10);
    expect(report.bestStayAt.threshold).toBe(threshold);
    expect(formatSevnSolve(report)).toMatch(new RegExp(`optimal expected round score ${ev.toFixed(6).replace('.', '\\.')}.*\n.*\n.*points=${threshold}`));
    expect(readdirSync(out).sort()).toEqual(['policy.arrow', 'run.json', 'solve.json']);
    const t = readArrowFile(join(out, 'policy.arrow'));
    expect(t.numRows).toBe(report.decisionStates);
    expect(t.getChild('best')!.toArray().filter((b: string) => b === 'draw').length).toBe(report.drawStates);
    const json = JSON.parse(readFileSync(join(out, 'solve.json'), 'utf8'));
    expect(json.stayAt[threshold].ev).toBeCloseTo(byThreshold[threshold], 10);
    await expect(solveSevnCommand(sevnPreset('sevn'), 'sevn', null)).rejects.toThrow(UserError);
  });
});
