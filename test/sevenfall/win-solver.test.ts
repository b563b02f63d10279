/**
 * The 2-player SEVENFALL game solved for the win (win-solver.ts): against an independent brute force
 * over explicit totals (each turn by the tile-by-tile expectimax of test/helpers, no code of
 * src/games/sevenfall), its turn graph against the turn solver, the `solved` strategy in simulation
 * against the exact win chances, and its refusals.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { type SevenfallRules, sevenfallPreset, validateSevenfallRules } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';
import { SolvedTurn } from '../../src/games/sevenfall/solution.js';
import { TurnSolver } from '../../src/games/sevenfall/solver.js';
import { solveSevenfall } from '../../src/games/sevenfall/solution.js';
import { TurnGraph } from '../../src/games/sevenfall/turn-graph.js';
import { strategySide } from '../../src/games/sevenfall/view.js';
import { TwoPlayerWinSolution } from '../../src/games/sevenfall/win-solver.js';
import { sevenfallModule } from '../../src/catalog.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { cachedWinSolution } from '../../strategies/sevenfall/solved.js';
import { bruteForceTurn } from '../helpers/sevenfall-brute-force.js';
import { smallRules } from '../helpers/sevenfall.js';
import { expectWithinSE } from '../helpers/stats.js';

const SLOW = process.env.SEVENSIM_SLOW === '1';

interface Outcome {
  win0: number;
  win1: number;
  tie: number;
}

/**
 * The game by brute force over explicit totals (t0, t1), not differences: after the last round the
 * higher total wins; a tie is worth `tieShare` to each. The mover's turn is the brute-force turn
 * solved for the utility "its win share at the state each score leads to" (`plays[seat] = 'win'`),
 * or for its expected score (`'ev'`), every turn.
 */
function bruteForceGame(rules: SevenfallRules, plays: ['win' | 'ev', 'win' | 'ev']): { root: Outcome; states: Map<string, Outcome>; reached: Set<string> } {
  const tieShare = rules.tieRule === 'shared' ? 0.5 : 0;
  const evTurn = bruteForceTurn(rules, (s) => s);
  const turns = new Map<string, number[]>(); // by utility vector
  const states = new Map<string, Outcome>();
  const played = new Map<string, number[]>(); // the mover's score distribution, by state
  const reached = new Set<string>(['0,0,0,0']);
  const keyOf = (round: number, seat: number, t0: number, t1: number): string => `${round},${seat},${t0},${t1}`;
  const value = (round: number, seat: number, t0: number, t1: number): Outcome => {
    if (round === rules.rounds) return t0 > t1 ? { win0: 1, win1: 0, tie: 0 } : t0 < t1 ? { win0: 0, win1: 1, tie: 0 } : { win0: 0, win1: 0, tie: 1 };
    const key = keyOf(round, seat, t0, t1);
    const known = states.get(key);
    if (known) return known;
    const next = (s: number): Outcome => (seat === 0 ? value(round, 1, t0 + s, t1) : value(round + 1, 0, t0, t1 + s));
    let dist = evTurn.distribution;
    if (plays[seat] === 'win') {
      const utility = evTurn.distribution.map((_, s) => {
        const o = next(s);
        return (seat === 0 ? o.win0 : o.win1) + tieShare * o.tie;
      });
      // The documented convention where every score gives the mover the same share: the ev policy.
      if (Math.max(...utility) - Math.min(...utility) > 1e-12) {
        const ukey = utility.join();
        if (!turns.has(ukey)) turns.set(ukey, bruteForceTurn(rules, (s) => utility[s]).distribution);
        dist = turns.get(ukey)!;
      }
    }
    const out: Outcome = { win0: 0, win1: 0, tie: 0 };
    dist.forEach((p, s) => {
      if (p === 0) return;
      const o = next(s);
      out.win0 += p * o.win0;
      out.win1 += p * o.win1;
      out.tie += p * o.tie;
    });
    states.set(key, out);
    played.set(key, dist);
    return out;
  };
  const root = value(0, 0, 0, 0);
  // Forward from the start: the states some turn score leads to with a positive chance.
  const todo = ['0,0,0,0'];
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    const [round, seat, t0, t1] = key.split(',').map(Number);
    if (round === rules.rounds - 1 && seat === 1) continue;
    played.get(key)!.forEach((p, s) => {
      const next = seat === 0 ? keyOf(round, 1, t0 + s, t1) : keyOf(round + 1, 0, t0, t1 + s);
      if (p > 0 && !reached.has(next)) {
        reached.add(next);
        todo.push(next);
      }
    });
  }
  return { root, states, reached };
}

describe('2-player win solver against a brute force over explicit totals (3 symbols x 3, 1 Wild, 1 Break)', () => {
  const withRounds = (r: SevenfallRules, rounds: number, tieRule: 'shared' | 'none' = 'shared'): SevenfallRules => validateSevenfallRules({ ...r, rounds, tieRule });
  const cases: [string, SevenfallRules][] = [
    ['row 3, 2 discards, 1 round', withRounds(smallRules(3, 2), 1)],
    ['row 3, 1 discard, 2 rounds', withRounds(smallRules(3, 1), 2)],
    ['row 3, 1 discard, 2 rounds, a tie wins nothing', withRounds(smallRules(3, 1), 2, 'none')],
    ...(SLOW
      ? ([
          ['row 3, 2 discards, 2 rounds (SEVENSIM_SLOW=1)', withRounds(smallRules(3, 2), 2)],
          ['row 4, 2 discards, 1 round (SEVENSIM_SLOW=1)', withRounds(smallRules(4, 2), 1)],
        ] as [string, SevenfallRules][])
      : []),
  ];
  for (const [name, rules] of cases) {
    it(name, () => {
      const w = new TwoPlayerWinSolution(rules);
      const both = bruteForceGame(rules, ['win', 'win']);
      expect(w.bothOptimal().win).toBeCloseTo(both.root.win0, 12);
      expect(w.bothOptimal().tie).toBeCloseTo(both.root.tie, 12);
      // Every state the brute force visited, by its difference: the whole table.
      for (const key of both.reached) {
        const o = both.states.get(key)!;
        const [round, seat, t0, t1] = key.split(',').map(Number);
        expect(w.isReachable(round, seat, t0 - t1), key).toBe(true);
        const at = w.outcomeAt(round, seat, t0 - t1);
        expect(Math.max(Math.abs(at.seat0Win - o.win0), Math.abs(at.seat1Win - o.win1), Math.abs(at.tie - o.tie)), key).toBeLessThan(1e-12);
      }
      const vs0 = bruteForceGame(rules, ['win', 'ev']).root;
      expect(w.optimalVsEv(0).win).toBeCloseTo(vs0.win0, 12);
      expect(w.optimalVsEv(0).tie).toBeCloseTo(vs0.tie, 12);
      const vs1 = bruteForceGame(rules, ['ev', 'win']).root;
      expect(w.optimalVsEv(1).win).toBeCloseTo(vs1.win1, 12);
      expect(w.optimalVsEv(1).tie).toBeCloseTo(vs1.tie, 12);
    });
  }

  it('no discards, 1 round: the win and tie chances of two independent draws', () => {
    // Row 3, no discard: a turn is one draw of 3 tiles, so both seats play the same score lottery p;
    // seat 0 wins P(X > Y) and ties P(X = Y) for X, Y independent draws from p.
    const rules = validateSevenfallRules({ ...smallRules(3, 0), rounds: 1 });
    const w = new TwoPlayerWinSolution(rules);
    const p = bruteForceTurn(rules, (s) => s).distribution;
    let win = 0;
    let tie = 0;
    p.forEach((px, x) => p.forEach((py, y) => {
      if (x > y) win += px * py;
      if (x === y) tie += px * py;
    }));
    expect(w.bothOptimal().win).toBeCloseTo(win, 12);
    expect(w.bothOptimal().tie).toBeCloseTo(tie, 12);
  });
});

describe('the turn graph re-solves the turn solver', () => {
  const rules = sevenfallPreset('sevenfall');
  const table = new ScoreTable(rules);
  const s = new TurnSolver(rules, table, { kind: 'ev' });
  const ev = new SolvedTurn(s, s.value(), 0);
  const g = new TurnGraph(s);
  const value = new Float64Array(g.slots);
  const choice = new Uint16Array(g.decisions);
  const mass = new Float64Array(g.slots);
  const dist = new Float64Array(g.leaves);

  it('with the score as utility: the same value, the same action in every decision state, the same score distribution', () => {
    const utility = Array.from({ length: g.leaves }, (_, x) => x);
    expect(g.solve(utility, value, choice)).toBeCloseTo(ev.value, 12);
    let differ = 0;
    for (let j = 0; j < s.decisionKeys.length; j++) {
      const d = g.decisionOfNode[j];
      if (g.actionOf(d, choice[d]) !== s.nodes.get(s.decisionKeys[j])!.action) differ++;
    }
    expect(differ).toBe(0);
    expect(g.decisions).toBe(s.decisionKeys.length);
    g.distribution(choice, mass, dist);
    const exact = ev.scoreDistribution();
    for (let x = 0; x < g.leaves; x++) expect(dist[x]).toBeCloseTo(exact[x], 12);
  });

  it('with an indicator utility: the at-least:K solver\'s value and score distribution', () => {
    const k = 15;
    const utility = Array.from({ length: g.leaves }, (_, x) => (x >= k ? 1 : 0));
    const direct = solveSevenfall(rules, { kind: 'at-least', k }, table);
    expect(g.solve(utility, value, choice)).toBeCloseTo(direct.value, 12);
    g.distribution(choice, mass, dist);
    const exact = direct.scoreDistribution();
    for (let x = 0; x < g.leaves; x++) expect(dist[x]).toBeCloseTo(exact[x], 10);
  });
});

/** Seat 0's mean win share over `games` seeded 2-player games of `specs`, with its standard error. */
function simulateShare(specs: [string, string], games: number, seed: string): { mean: number; se: number } {
  const rules = sevenfallPreset('sevenfall');
  const side = strategySide(rules);
  const players = specs.map((spec, seat) => createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules: side.rules, table: side.table, rng: new Rng(`${seed}/${seat}`) }));
  const engine = new SevenfallEngine(rules);
  const deck = new Rng(`${seed}/deck`);
  let sum = 0;
  let sq = 0;
  for (let g = 0; g < games; g++) {
    engine.playGame(players, deck);
    sum += engine.winShare[0];
    sq += engine.winShare[0] ** 2;
  }
  const mean = sum / games;
  return { mean, se: Math.sqrt((sq / games - mean * mean) / (games - 1)) };
}

describe(`solved in simulation against its exact win chances (default preset, ${SLOW ? '1,000,000' : '30,000'} games each, fixed seeds)`, () => {
  const games = SLOW ? 1_000_000 : 30_000;
  const side = strategySide(sevenfallPreset('sevenfall'));
  const w = cachedWinSolution(side.rules, side.table); // the same cache the strategy uses: solved once
  const share = (o: { win: number; tie: number }): number => o.win + w.tieShare * o.tie;

  it('solved against itself: the first seat\'s win share', () => {
    const r = simulateShare(['solved', 'solved'], games, 'solved-self');
    expectWithinSE(r.mean, share(w.bothOptimal()), r.se, 'seat 0 win share, solved vs solved');
  });

  it('solved against optimal, in either seat: the best response to the expected-score policy', () => {
    const first = simulateShare(['solved', 'optimal'], games, 'solved-first');
    expectWithinSE(first.mean, share(w.optimalVsEv(0)), first.se, 'seat 0 win share, solved vs optimal');
    const second = simulateShare(['optimal', 'solved'], games, 'solved-second');
    expectWithinSE(1 - second.mean, share(w.optimalVsEv(1)), second.se, 'seat 1 win share, optimal vs solved');
  });
});

describe('refusals', () => {
  it('rules that refill the canister every round', () => {
    const rules = validateSevenfallRules({ ...smallRules(3, 1), refill: 'round' });
    expect(() => new TwoPlayerWinSolution(rules)).toThrow(/refill "turn"/);
  });

  it('a state space over the limit, named in one line', () => {
    const rules = validateSevenfallRules({ ...smallRules(3, 1), rounds: 1000 });
    expect(() => new TwoPlayerWinSolution(rules)).toThrow(/^solve --objective win: .* over the limit of 1e\+9; use fewer rounds or a smaller canister$/);
  });

  it('solved at a table of 3, or in a compare with 3 seats: the lineup check names endgame', () => {
    const rules = sevenfallPreset('sevenfall');
    expect(() => sevenfallModule.checkLineup!(rules, ['solved', 'optimal', 'optimal'], 'game')).toThrow(/^solved: plays the 2-player game only, this lineup has 3 seats; for other seat counts use endgame$/);
    expect(() => sevenfallModule.checkLineup!(rules, ['solved', 'optimal'], 'game')).not.toThrow();
  });
});
