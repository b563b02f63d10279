/**
 * The exact one-turn solver: against an independent brute-force expectimax on small canisters, against
 * the engine playing `optimal` for 1e6 turns, against `stand` and `greedy`, and its objective parsing.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { Rng } from '../../src/engine/rng.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { type SevenfallRules, sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';
import { type Objective, objectiveText, parseObjective } from '../../src/games/sevenfall/objective.js';
import { solveSevenfall } from '../../src/games/sevenfall/solution.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { exactCategoryDistribution, smallRules } from '../helpers/sevenfall.js';
import { independentScore } from '../helpers/sevenfall-independent-score.js';
import { bruteForceActionValue, subsets } from '../helpers/sevenfall-brute-force.js';
import { expectWithinSE, proportionSe } from '../helpers/stats.js';


/**
 * Expectimax over explicit tiles: the canister is a list of distinct tiles (ids), the row a list of
 * positions with a lock flag. Draws enumerate every subset of tile ids (uniform), actions every
 * subset of unlocked positions. No symmetry, no memo. Rows are scored by the test's independent scorer.
 */
function bruteForce(rules: SevenfallRules, objective: Objective): number {
  const tiles: number[] = [];
  for (let s = 0; s < rules.symbols; s++) for (let c = 0; c < rules.copiesPerSymbol; c++) tiles.push(s);
  for (let w = 0; w < rules.wilds; w++) tiles.push(rules.symbols);
  for (let b = 0; b < rules.breaks; b++) tiles.push(rules.symbols + 1);
  const counts = new Array<number>(rules.symbols + 2);
  const scores = new Map<string, number>(); // by tile counts: the scorer is slow and rows repeat
  const terminal = (row: number[]): number => {
    counts.fill(0);
    for (const t of row) counts[t]++;
    const key = counts.join();
    let score = scores.get(key);
    if (score === undefined) {
      score = independentScore(counts.slice(0, rules.symbols), counts[rules.symbols], counts[rules.symbols + 1], rules.categories);
      scores.set(key, score);
    }
    return objective.kind === 'ev' ? score : objective.kind === 'at-least' && score >= objective.k ? 1 : 0;
  };
  // inCanister: ids still drawable (not in the row, not discarded).
  const decide = (row: number[], locked: boolean[], inCanister: number[], left: number): number => {
    let best = terminal(row);
    if (left === 0) return best;
    const unlockedPositions = row.map((_, i) => i).filter((i) => !locked[i]);
    for (let mask = 1; mask < 1 << unlockedPositions.length; mask++) {
      const chosen = unlockedPositions.filter((_, j) => (mask >> j) & 1);
      if (chosen.length > left) continue;
      const draws = subsets(inCanister, chosen.length);
      let sum = 0;
      for (const draw of draws) {
        const nextRow = [...row];
        const nextLocked = [...locked];
        chosen.forEach((pos, j) => {
          nextRow[pos] = tiles[draw[j]];
          nextLocked[pos] = true;
        });
        const rest = inCanister.filter((id) => !draw.includes(id));
        sum += decide(nextRow, nextLocked, rest, left - chosen.length);
      }
      best = Math.max(best, sum / draws.length);
    }
    return best;
  };
  const all = tiles.map((_, id) => id);
  const initial = subsets(all, rules.rowSize);
  let sum = 0;
  for (const draw of initial) {
    sum += decide(draw.map((id) => tiles[id]), draw.map(() => false), all.filter((id) => !draw.includes(id)), rules.discardBudget);
  }
  return sum / initial.length;
}

describe('solver vs brute-force expectimax on small canisters (3 symbols x 3, 1 Wild, 1 Break)', () => {
  const cases: [number, number, Objective[]][] = [
    [3, 2, [{ kind: 'ev' }, { kind: 'at-least', k: 1 }, { kind: 'at-least', k: 4 }]],
    [4, 2, [{ kind: 'ev' }, { kind: 'at-least', k: 3 }, { kind: 'at-least', k: 7 }]],
    [4, 3, [{ kind: 'ev' }, { kind: 'at-least', k: 9 }]],
  ];
  for (const [rowSize, budget, objectives] of cases) {
    for (const objective of objectives) {
      const name = objective.kind === 'ev' ? 'ev' : objectiveText(objective);
      it(`rowSize ${rowSize}, discardBudget ${budget}, ${name}`, () => {
        const rules = smallRules(rowSize, budget);
        const sol = solveSevenfall(rules, objective);
        const brute = bruteForce(rules, objective);
        expect(sol.value).toBeCloseTo(brute, 12);
        expect(sol.states).toBeGreaterThan(0);
        // Discarding must pay on these canisters: the optimum beats standing.
        const stand = solveSevenfall({ ...rules, discardBudget: 0 }, objective).value;
        expect(sol.value).toBeGreaterThan(stand);
      }, 60_000);
    }
  }
});

describe('solver on the presets', () => {
  it('with no discards, gives the exact stand value (and no decision states)', () => {
    for (const preset of ['sevenfall', 'sevenfall-6x6']) {
      const rules = sevenfallPreset(preset);
      const dist = exactCategoryDistribution(rules);
      const points = [...rules.categories.map((c) => c.points), 0];
      const stand = dist.reduce((a, p, c) => a + p * points[c], 0);
      const sol = solveSevenfall({ ...rules, discardBudget: 0 }, { kind: 'ev' });
      expect(sol.value).toBeCloseTo(stand, 12);
      expect(sol.states).toBe(0);
      const p15 = dist.reduce((a, p, c) => a + (points[c] >= 15 ? p : 0), 0);
      expect(solveSevenfall({ ...rules, discardBudget: 0 }, { kind: 'at-least', k: 15 }).value).toBeCloseTo(p15, 12);
    }
  });

  it('is consistent across objectives: probabilities in [0, 1], decreasing in K, at-least:0 = 1', () => {
    const rules = sevenfallPreset('sevenfall');
    expect(solveSevenfall(rules, { kind: 'at-least', k: 0 }).value).toBeCloseTo(1, 12);
    let last = 1;
    for (const k of [1, 3, 5, 8, 12, 15, 18]) {
      const p = solveSevenfall(rules, { kind: 'at-least', k }).value;
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThanOrEqual(last + 1e-12);
      last = p;
    }
    expect(solveSevenfall(rules, { kind: 'at-least', k: 19 }).value).toBe(0);
  });

  it('the ev policy has a higher mean than at-least:15; the policy rows list each state once, stop first, one best action each', () => {
    // (The moments are held against a brute force in endgame.test.ts.)
    const rules = sevenfallPreset('sevenfall');
    const sol = solveSevenfall(rules, { kind: 'ev' });
    const at15 = solveSevenfall(rules, { kind: 'at-least', k: 15 });
    const m = at15.scoreMoments();
    expect(m.mean).toBeLessThanOrEqual(sol.value + 1e-12);
    let rows = 0;
    let bestRows = 0;
    let lastState = -1;
    for (const row of sol.policyRows()) {
      rows++;
      if (row.stateIndex !== lastState) {
        expect(row.stateIndex).toBe(lastState + 1);
        lastState = row.stateIndex;
        expect(row.action).toBe('stop');
      }
      expect(row.discards).toBeLessThanOrEqual(row.discardsLeft);
      if (row.best) bestRows++;
    }
    expect(lastState + 1).toBe(sol.states);
    expect(bestRows).toBe(sol.states);
    expect(rows).toBe(sol.actions);
  });

  it('bestAction takes an action a brute force in the test values as optimal, at every first decision of a small canister', () => {
    // Row 4, 3 discards; every multiset of 4 tiles (A, B, C up to 3 each, W and X up to 1); every
    // action (stop and each sub-multiset of at most 3 tiles) valued by the brute force.
    const r = smallRules(4, 3);
    const sol = solveSevenfall(r, { kind: 'ev' });
    const limit = [3, 3, 3, 1, 1];
    const zero = [0, 0, 0, 0, 0];
    const ev = (x: number) => x;
    let rows = 0;
    let discards = 0;
    const u = [0, 0, 0, 0, 0];
    const visit = (k: number, left: number): void => {
      if (k === limit.length) {
        if (left > 0) return;
        rows++;
        const values: number[] = [];
        const take = [0, 0, 0, 0, 0];
        const sub = (t: number, size: number): void => {
          if (t === take.length) {
            values.push(bruteForceActionValue(r, ev, u, zero, zero, take));
            return;
          }
          for (let c = 0; c <= u[t] && size + c <= 3; c++) {
            take[t] = c;
            sub(t + 1, size + c);
          }
          take[t] = 0;
        };
        sub(0, 0);
        const best = Math.max(...values);
        const out = new Int32Array(5);
        const n = sol.bestAction(u, zero, zero, out);
        expect(bruteForceActionValue(r, ev, u, zero, zero, Array.from(out)), `row ${u.join(' ')}: discard ${Array.from(out).join(' ')}`).toBeCloseTo(best, 12);
        // Ties go to stop: the brute-force value of stopping (values[0], nothing taken) decides.
        if (values[0] >= best - 1e-12) expect(n).toBe(0);
        if (n > 0) discards++;
        return;
      }
      for (let c = 0; c <= Math.min(left, limit[k]); c++) {
        u[k] = c;
        visit(k + 1, left - c);
      }
      u[k] = 0;
    };
    visit(0, 4);
    expect(rows).toBeGreaterThan(20);
    expect(discards).toBeGreaterThan(0);
    expect(discards).toBeLessThan(rows);
  }, 60_000);
});

describe('optimal strategy through the engine', () => {
  const rules = sevenfallPreset('sevenfall');
  const sol = solveSevenfall(rules, { kind: 'ev' });
  const engine = new SevenfallEngine(rules);

  const simulate = (spec: string, n: number, seed: number): { mean: number; se: number; hits: number } => {
    const rng = new Rng();
    rng.reseed(seed, 0, 0);
    const player = createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table: engine.table, rng });
    let sum = 0;
    let sq = 0;
    let hits = 0;
    for (let i = 0; i < n; i++) {
      const x = engine.playTurn(player, rng, 0, 0, 1);
      sum += x;
      sq += x * x;
      if (x >= 15) hits++;
    }
    const mean = sum / n;
    return { mean, se: Math.sqrt((sq / n - mean * mean) / n), hits };
  };

  it('matches the solved EV over 1e6 turns within 4 standard errors (exact variance)', () => {
    const n = 1_000_000;
    const { mean } = simulate('optimal', n, 20261201);
    const se = Math.sqrt(sol.scoreMoments().variance / n);
    expectWithinSE(mean, sol.value, se, 'mean turn score');
  }, 60_000);

  it('optimal:objective=at-least,k=15 matches the solved probability over 2e5 turns', () => {
    const n = 200_000;
    const p = solveSevenfall(rules, { kind: 'at-least', k: 15 }).value;
    const { hits } = simulate('optimal:objective=at-least,k=15', n, 20261202);
    expectWithinSE(hits / n, p, proportionSe(p, n), 'P(score >= K)');
  }, 60_000);

  it('is at least the exact stand value and greedy simulated mean', () => {
    const dist = exactCategoryDistribution(rules);
    const points = [...rules.categories.map((c) => c.points), 0];
    const stand = dist.reduce((a, p, c) => a + p * points[c], 0);
    expect(sol.value).toBeGreaterThan(stand);
    const greedy = simulate('greedy', 200_000, 20261203);
    expect(sol.value).toBeGreaterThanOrEqual(greedy.mean - 4 * greedy.se);
  }, 60_000);
});

describe('optimal strategy on other rules', () => {
  const play = (rules: SevenfallRules, spec: string, n: number, seed: number): number[] => {
    const engine = new SevenfallEngine(rules);
    const rng = new Rng();
    rng.reseed(seed, 0, 0);
    const player = createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table: engine.table, rng });
    const scores: number[] = [];
    for (let i = 0; i < n; i++) scores.push(engine.playTurn(player, rng, 0, 0, 1));
    return scores;
  };

  it('sevenfall-6x6: 3e5 turns match the solved EV within 4 standard errors', () => {
    const rules = sevenfallPreset('sevenfall-6x6');
    const sol = solveSevenfall(rules, { kind: 'ev' });
    const n = 300_000;
    const mean = play(rules, 'optimal', n, 20261204).reduce((a, b) => a + b, 0) / n;
    expectWithinSE(mean, sol.value, Math.sqrt(sol.scoreMoments().variance / n), 'mean turn score');
  }, 60_000);

  it('a small canister (row 4, 3 discards): the engine playing optimal matches the brute-force value', () => {
    const rules = smallRules(4, 3);
    const brute = bruteForce(rules, { kind: 'ev' });
    const sol = solveSevenfall(rules, { kind: 'ev' });
    const n = 200_000;
    const mean = play(rules, 'optimal', n, 20261205).reduce((a, b) => a + b, 0) / n;
    expectWithinSE(mean, brute, Math.sqrt(sol.scoreMoments().variance / n), 'mean turn score');
    const hits = play(rules, 'optimal:objective=at-least,k=9', n, 20261206).filter((x) => x >= 9).length;
    const p = bruteForce(rules, { kind: 'at-least', k: 9 });
    expectWithinSE(hits / n, p, proportionSe(p, n), 'P(score >= K)');
  }, 60_000);

  it('rejects bad parameters', () => {
    const rules = sevenfallPreset('sevenfall');
    const ctx = { rules, table: new ScoreTable(rules), rng: new Rng() };
    expect(() => createStrategy('sevenfall', SEVENFALL_STRATEGIES, 'optimal:objective=max', ctx)).toThrow(UserError);
    expect(() => createStrategy('sevenfall', SEVENFALL_STRATEGIES, 'optimal:k=-1', ctx)).toThrow(UserError);
  });
});

describe('parseObjective', () => {
  it('accepts ev and at-least:K', () => {
    expect(parseObjective('ev')).toEqual({ kind: 'ev' });
    expect(parseObjective('at-least:15')).toEqual({ kind: 'at-least', k: 15 });
    expect(parseObjective(' at-least:0 ')).toEqual({ kind: 'at-least', k: 0 });
  });

  it.each(['', 'EV', 'mean', 'at-least', 'at-least:', 'at-least:-1', 'at-least:1.5', 'at-least:x', 'atleast:3', 'at-least:3:4'])('rejects %j with a UserError', (text) => {
    expect(() => parseObjective(text)).toThrow(UserError);
    expect(() => parseObjective(text)).toThrow(/objective/);
  });
});
