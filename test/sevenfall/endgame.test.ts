/**
 * The `endgame` strategy and the solver's exact score distribution: the distribution against the
 * solved values, the last-round win chance against a direct enumeration, hand-built last-round
 * situations with an obvious choice, and a paired game-mode comparison against `optimal`.
 */
import { describe, expect, it } from 'vitest';
import { type PairedDefinition, lineups, playPaired } from '../../src/engine/paired.js';
import { WIN_UNITS } from '../../src/engine/runner.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { sevenfallModule } from '../../src/catalog.js';
import { type SevenfallRules, sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';
import { type Objective, objectiveText } from '../../src/games/sevenfall/objective.js';
import { solveSevenfall } from '../../src/games/sevenfall/solution.js';
import type { SevenfallView } from '../../src/games/sevenfall/view.js';
import { estimate } from '../../src/stats/summary.js';
import { WinScratch, chooseCandidate, endgameCandidates, winChance, winShareAt } from '../../strategies/sevenfall/endgame.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { Rng } from '../../src/engine/rng.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { smallRules } from '../helpers/sevenfall.js';
import { bruteForceTurn } from '../helpers/sevenfall-brute-force.js';
import { expectWithinSE, proportionSe } from '../helpers/stats.js';

const rules = sevenfallPreset('sevenfall');
const table = new ScoreTable(rules);
const candidates = endgameCandidates(rules, table);
const ev = candidates[0].distribution;
const names = candidates.map((c) => objectiveText(c.objective));

function choice(totals: number[], seat: number): { name: string; chances: Float64Array } {
  const chances = new Float64Array(candidates.length);
  const i = chooseCandidate(candidates, ev, totals, seat, totals.length, new WinScratch(8), chances);
  return { name: names[i], chances };
}

const mean = (d: ArrayLike<number>): number => Array.from(d).reduce((s, p, x) => s + p * x, 0);
const variance = (d: ArrayLike<number>): number => Array.from(d).reduce((s, p, x) => s + p * x * x, 0) - mean(d) ** 2;

describe('solver scoreDistribution', () => {
  // Small canisters (3 symbols x 3, 1 Wild, 1 Break; test/helpers/sevenfall.ts): the optimal value and
  // the score distribution of the optimal policy (ties to stop, then fewer discards) by brute force
  // over explicit tiles and positions, scored by the independent scorer: no code shared with src.
  it.each([
    [3, 2],
    [4, 2],
    [4, 3],
  ])('small canister, row %i, %i discards, ev: the brute-force distribution bin by bin', (rowSize, budget) => {
    const r = smallRules(rowSize, budget);
    const brute = bruteForceTurn(r, (x) => x);
    // The ev policy is pinned: no tied actions of one size with different distributions.
    expect(brute.ambiguous, 'tied actions with different distributions').toBe(0);
    const sol = solveSevenfall(r, { kind: 'ev' });
    expect(sol.value).toBeCloseTo(brute.value, 12);
    const d = sol.scoreDistribution();
    expect(d.length).toBe(brute.distribution.length);
    brute.distribution.forEach((p, x) => expect(d[x], `P(score = ${x})`).toBeCloseTo(p, 12));
    // The moments, from the brute-force distribution.
    const m1 = brute.distribution.reduce((a, p, x) => a + p * x, 0);
    const m2 = brute.distribution.reduce((a, p, x) => a + p * x * x, 0);
    expect(sol.scoreMoments().mean).toBeCloseTo(m1, 12);
    expect(sol.scoreMoments().variance).toBeCloseTo(m2 - m1 * m1, 10);
  }, 60_000);

  it('small canister, row 4, 2 discards, a utility that is not monotone in the score: the brute-force optimum', () => {
    // Scores 0..9 of the small table (Pair 1, Two Pairs 3, Triple 4, Triple + Pair 7, Four 9) valued
    // 0, 5, 0, 2, 0, 0, 0, 3, 0, 4: a Pair is worth most, a Triple nothing.
    const values = [0, 5, 0, 2, 0, 0, 0, 3, 0, 4];
    const r = smallRules(4, 2);
    const brute = bruteForceTurn(r, (x) => values[x]);
    expect(solveSevenfall(r, { kind: 'utility', values }).value).toBeCloseTo(brute.value, 12);
  }, 60_000);

  it.each([
    [4, 2, 7, false],
    [4, 2, 3, true],
  ])('small canister, row %i, %i discards, at-least:%i: the mass at >= K is the brute-force optimum (whole distribution pinned: %s)', (rowSize, budget, k, pinned) => {
    // For K = 7 some actions tie on P(score >= K) with different distributions below K (the brute force
    // counts them), so only the mass at >= K is pinned; for K = 3 no such tie occurs and every bin is.
    const r = smallRules(rowSize, budget);
    const brute = bruteForceTurn(r, (x) => (x >= k ? 1 : 0));
    expect(brute.ambiguous === 0).toBe(pinned);
    const d = solveSevenfall(r, { kind: 'at-least', k }).scoreDistribution();
    expect(Array.from(d).reduce((a, p, x) => a + (x >= k ? p : 0), 0)).toBeCloseTo(brute.value, 12);
    if (pinned) brute.distribution.forEach((p, x) => expect(d[x], `P(score = ${x})`).toBeCloseTo(p, 12));
  }, 60_000);

  it('the engine playing optimal and at-least:15 on the default preset: every score within 4 SE of the solved distribution', () => {
    // Monte Carlo of the real engine (fixed seed, so it cannot flake) against the exact distribution,
    // score by score; scores no category gives (2, 4, 7, 9, 11, 13, 14, 17) must never occur.
    const engine = new SevenfallEngine(rules);
    for (const [spec, objective, seed] of [['optimal', { kind: 'ev' }, 20261130], ['optimal:objective=at-least,k=15', { kind: 'at-least', k: 15 }, 20261131]] as const) {
      const d = solveSevenfall(rules, objective).scoreDistribution();
      const rng = new Rng();
      rng.reseed(seed, 0, 0);
      const p = createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table: engine.table, rng });
      const n = 200_000;
      const hist = new Array<number>(d.length).fill(0);
      for (let i = 0; i < n; i++) hist[engine.playTurn(p, rng, 0, 0, 1)]++;
      hist.forEach((h, x) => expectWithinSE(h / n, d[x], proportionSe(d[x], n), `${spec}: P(score = ${x})`));
      for (const x of [2, 4, 7, 9, 11, 13, 14, 17]) expect(hist[x]).toBe(0);
    }
  }, 60_000);

  it('sums to 1 and gives no mass to scores no category gives, on both presets', () => {
    for (const preset of ['sevenfall', 'sevenfall-6x6']) {
      const r: SevenfallRules = sevenfallPreset(preset);
      for (const objective of [{ kind: 'ev' }, { kind: 'at-least', k: 12 }] as Objective[]) {
        const d = solveSevenfall(r, objective).scoreDistribution();
        // 0..18: the highest category of the rules text is 18 points.
        expect(d.length).toBe(19);
        expect(Array.from(d).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        expect(Array.from(d).every((p) => p >= 0)).toBe(true);
        for (const x of [2, 4, 7, 9, 11, 13, 14, 17]) expect(d[x]).toBe(0);
      }
    }
  }, 60_000);
});

describe('solver utility objective', () => {
  it('reproduces ev (utility = score) and at-least:K (utility = indicator) values', () => {
    const r = sevenfallPreset('sevenfall');
    const size = new ScoreTable(r).maxScore + 1;
    const evSol = solveSevenfall(r, { kind: 'utility', values: Array.from({ length: size }, (_, y) => y) });
    expect(evSol.value).toBeCloseTo(solveSevenfall(r, { kind: 'ev' }).value, 10);
    const k12 = solveSevenfall(r, { kind: 'utility', values: Array.from({ length: size }, (_, y) => (y >= 12 ? 1 : 0)) });
    expect(k12.value).toBeCloseTo(solveSevenfall(r, { kind: 'at-least', k: 12 }).value, 12);
    const d = k12.scoreDistribution();
    expect(Array.from(d).reduce((s, p, y) => s + (y >= 12 ? p : 0), 0)).toBeCloseTo(k12.value, 12);
  }, 60_000);
});

describe('endgame: last-round win chance', () => {
  it('matches a direct enumeration over every later seat\'s score (3 and 4 players, ties shared)', () => {
    const own = candidates[7].distribution; // at-least:10
    const field = ev;
    const cases: [number[], number][] = [
      [[40, 35, 38], 1],
      [[30, 30, 30], 0],
      [[41, 50, 33, 45], 2],
      [[20, 25, 30, 35], 3],
      [[44, 30, 44, 40], 1],
    ];
    for (const [totals, seat] of cases) {
      const n = totals.length;
      let direct = 0;
      const later: number[] = [];
      for (let j = seat + 1; j < n; j++) later.push(j);
      const walk = (i: number, prob: number, finals: number[]): void => {
        if (prob === 0) return;
        if (i === later.length) {
          const best = Math.max(...finals);
          if (finals[seat] === best) direct += prob / finals.filter((f) => f === best).length;
          return;
        }
        for (let x = 0; x < field.length; x++) {
          const f = [...finals];
          f[later[i]] += x;
          walk(i + 1, prob * field[x], f);
        }
      };
      for (let y = 0; y < own.length; y++) {
        const finals = [...totals];
        finals[seat] += y;
        walk(0, own[y], finals);
      }
      expect(winChance(own, field, totals, seat, n)).toBeCloseTo(direct, 12);
    }
  }, 60_000);

  it('needs >= 15 to win (last to play, 14 below the leader): plays at-least:15', () => {
    const { name, chances } = choice([44, 30], 1);
    expect(name).toBe('at-least:15');
    // By hand: seat 1 plays last, 30 + y beats 44 iff y >= 15 (a tie needs y = 14, which no category
    // scores), so the win chance of a policy is its P(score >= 15): for at-least:15, its optimum.
    expect(chances[names.indexOf('at-least:15')]).toBeCloseTo(candidates[names.indexOf('at-least:15')].solution.value, 12);
  }, 60_000);

  it('needs any pair (level, last to play; no score only ties): plays at-least:1', () => {
    expect(choice([40, 40], 1).name).toBe('at-least:1');
    expect(choice([40, 40, 12], 1).name).toBe('at-least:1');
  }, 60_000);

  it('with an unassailable lead every policy wins: keeps ev', () => {
    const { name, chances } = choice([30, 60], 1);
    expect(name).toBe('ev');
    for (const p of chances) expect(p).toBeCloseTo(1, 12);
    // First to play, 19 ahead of a seat that can score at most 18.
    expect(choice([60, 41], 0).name).toBe('ev');
  }, 60_000);

  it('with a huge deficit prefers a higher-variance policy than ev', () => {
    for (const [totals, seat] of [[[30, 46], 0], [[47, 30], 1], [[25, 40, 38, 39], 0]] as [number[], number][]) {
      const { name, chances } = choice(totals, seat);
      expect(name).not.toBe('ev');
      const i = names.indexOf(name);
      expect(chances[i]).toBeGreaterThan(chances[0]);
      expect(variance(candidates[i].distribution)).toBeGreaterThan(variance(ev));
    }
  }, 60_000);
});

describe('endgame choose=exact', () => {
  it('solving for the win chance itself is at least as good as the best K, and better in some situations', () => {
    let better = 0;
    const scratch = new WinScratch(8);
    for (const [totals, seat] of [[[45, 30], 1], [[40, 30], 1], [[30, 46], 0], [[38, 30], 0], [[20, 33, 34], 0], [[41, 50, 33, 45], 2]] as [number[], number][]) {
      const values = Array.from({ length: ev.length }, (_, y) => winShareAt(totals[seat] + y, ev, totals, seat, totals.length, scratch));
      const sol = solveSevenfall(rules, { kind: 'utility', values }, table);
      const chances = choice(totals, seat).chances;
      const bestK = Math.max(...chances);
      expect(sol.value).toBeCloseTo(winChance(sol.scoreDistribution(), ev, totals, seat, totals.length), 12);
      expect(sol.value).toBeGreaterThanOrEqual(bestK - 1e-12);
      if (sol.value > bestK + 1e-4) better++;
    }
    expect(better).toBeGreaterThan(0);
  }, 60_000);
});

describe('endgame strategy', () => {
  const view = (row: number[], round: number, totals: number[], seat: number): SevenfallView => ({
    rules,
    row: Uint8Array.from(row),
    locked: new Uint8Array(rules.rowSize),
    discardsLeft: rules.discardBudget,
    outOfPlay: new Uint8Array(rules.symbols + 2),
    seat,
    players: totals.length,
    round,
    totals: Int32Array.from(totals),
  });
  const make = (spec: string) => createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table, rng: null as never });

  it('plays optimal (ev) before the last round and the chosen policy in the last round', () => {
    const eg = make('endgame');
    const evPlayer = make('optimal');
    const k15 = make('optimal:objective=at-least,k=15');
    // Deterministic pseudo-random rows from the 40-tile canister.
    const canister: number[] = [];
    for (let s = 0; s < rules.symbols; s++) for (let c = 0; c < rules.copiesPerSymbol; c++) canister.push(s);
    for (let w = 0; w < rules.wilds; w++) canister.push(rules.symbols);
    for (let b = 0; b < rules.breaks; b++) canister.push(rules.symbols + 1);
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let differing = 0;
    for (let g = 0; g < 400; g++) {
      const pool = [...canister];
      for (let i = 0; i < rules.rowSize; i++) {
        const j = i + next(pool.length - i);
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      const row = pool.slice(0, rules.rowSize);
      for (let round = 0; round < rules.rounds - 1; round++) expect(eg.decide(view(row, round, [44, 30], 1))).toBe(evPlayer.decide(view(row, round, [44, 30], 1)));
      const last = eg.decide(view(row, rules.rounds - 1, [44, 30], 1));
      expect(last).toBe(k15.decide(view(row, rules.rounds - 1, [44, 30], 1)));
      if (last !== evPlayer.decide(view(row, 0, [44, 30], 1))) differing++;
      // A tied game where ev is best for the first to play... and the lead is unassailable: ev.
      expect(eg.decide(view(row, rules.rounds - 1, [30, 60], 1))).toBe(evPlayer.decide(view(row, 0, [30, 60], 1)));
    }
    expect(differing).toBeGreaterThan(0);
  }, 60_000);

  it('gains win share over optimal in paired games (2 players, fixed seed): the 95% CI lies above 0', () => {
    const def: PairedDefinition = { game: 'sevenfall', rules, mode: 'game', a: 'endgame', b: 'optimal', field: ['optimal'], games: 16000, seed: 77, chunkSize: 256 };
    const make2 = (c: string) => lineups(def, c).map((players) => sevenfallModule.createRunner(rules, players, 'game'));
    const r = playPaired(make2(def.a), make2(def.b), def, 0, Math.ceil(def.games / def.chunkSize));
    expect(r.games).toBe(def.games);
    const d = estimate(r.sums[0], r.sums[3] / WIN_UNITS, r.sums[4] / (WIN_UNITS * WIN_UNITS));
    expect(d.ci95[0]).toBeGreaterThan(0);
    expect(d.mean).toBeLessThan(0.02);
  }, 60_000);
});
