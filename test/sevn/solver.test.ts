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
import { soloStayAt } from '../../src/games/sevn/exact.js';
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

describe.each(['sevn-numbers', 'flip7-numbers'])('solveSevnSolo on %s', (preset) => {
  const r = sevnPreset(preset);
  const s = solveSevnSolo(r);

  it('has the optimal EV and the best stay-at threshold of an independent expectimax', () => {
    expect(s.ev).toBeCloseTo(soloValue(r), 10);
    const byThreshold = Array.from({ length: 80 }, (_, t) => soloValue(r, t));
    const best = byThreshold.indexOf(Math.max(...byThreshold));
    expect(s.bestStayAt.threshold).toBe(best);
    expect(s.bestStayAt.ev).toBeCloseTo(byThreshold[best], 10);
    expect(s.bestStayAt.ev).toBeCloseTo(soloStayAt(r, best).mean, 12);
    expect(s.ev).toBeGreaterThan(s.bestStayAt.ev);
  });

  it('has a consistent policy: values, counts and reach', () => {
    const rows = s.policyRows();
    expect(rows.length).toBe(s.decisionStates);
    expect(rows.filter((x) => x.best === 'draw').length).toBe(s.drawStates);
    for (const x of rows) {
      expect(x.best === 'draw').toBe(x.drawValue > x.stayValue);
      expect(s.shouldDraw(x.mask)).toBe(x.best === 'draw');
      expect(x.points).toBe(x.stayValue);
    }
    // Every round is dealt one card and then asked at least once (no 1-card SEVN on these decks):
    // the sets of size 1 are reached with total chance 1.
    expect(rows.filter((x) => x.distinct === 1).reduce((a, x) => a + x.reach, 0)).toBeCloseTo(1, 12);
    // Optimal play draws holding {13} and stays holding six high values.
    expect(s.shouldDraw(1 << 12)).toBe(true);
    const high = [8, 9, 10, 11, 12].reduce((m, v) => m | (1 << v), 0) | (1 << 7);
    expect(s.shouldDraw(high)).toBe(false);
  });
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
      runner.reseed(3, 0);
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
    const { formatSevnSolve, solveSevnCommand } = await import('../../src/run/solve-sevn.js');
    const out = tempDir('sevn-solve');
    const { report } = await solveSevnCommand(sevnPreset('flip7-numbers'), 'flip7-numbers', out);
    expect(report.ev).toBeCloseTo(18.565217614131672, 10);
    expect(report.bestStayAt.threshold).toBe(23);
    expect(formatSevnSolve(report)).toMatch(/optimal expected round score 18\.565218.*\n.*\n.*points=23/);
    expect(readdirSync(out).sort()).toEqual(['policy.arrow', 'run.json', 'solve.json']);
    const t = readArrowFile(join(out, 'policy.arrow'));
    expect(t.numRows).toBe(report.decisionStates);
    expect(t.getChild('best')!.toArray().filter((b: string) => b === 'draw').length).toBe(report.drawStates);
    const json = JSON.parse(readFileSync(join(out, 'solve.json'), 'utf8'));
    expect(json.stayAt[23].ev).toBeCloseTo(report.bestStayAt.ev, 12);
    await expect(solveSevnCommand(sevnPreset('sevn'), 'sevn', null)).rejects.toThrow(UserError);
  });
});
