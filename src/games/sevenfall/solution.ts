/**
 * A solved SEVENFALL turn: `solveSevenfall` runs the solver (solver.ts) and returns the optimal action
 * and value of any state, the exact score distribution of the policy, and the policy table written to
 * `policy.arrow`.
 */
import type { Objective } from './objective.js';
import type { SevenfallRules } from './rules.js';
import { type RowScorer, ScoreTable } from './scoring.js';
import { checkState, type Node, TurnSolver } from './solver.js';

/**
 * One (decision state, action) pair of the solved policy, for `policy.arrow`.
 * - state: the canonical state, e.g. `unlocked AAABCWX | locked - | discarded -`. Symbols are
 *   lettered A, B, C.. in canonical order (per symbol, most unlocked first, then most locked, then
 *   most discarded), so A is not a fixed symbol; W is a Wild, X a Break.
 * - stateIndex: 0-based index of the decision state (rows of one state are consecutive).
 * - discardsLeft, unlocked, locked: counts in the state; stopValue: terminal value of the row as is.
 * - action: `stop` or `discard ` + the discarded tiles in the same letters (e.g. `discard CX`);
 *   discards: how many tiles the action discards (0 for stop).
 * - value: the optimal value after taking the action (expected score, or probability for at-least:K).
 * - best: the action the policy takes (exactly one per state; ties go to stop, then to fewer
 *   discards, then to the first action listed).
 */
export interface PolicyRow {
  stateIndex: number;
  state: string;
  discardsLeft: number;
  unlocked: number;
  locked: number;
  stopValue: number;
  action: string;
  discards: number;
  value: number;
  best: boolean;
}

export interface SevenfallSolution {
  readonly rules: SevenfallRules;
  readonly objective: Objective;
  /** Optimal expected turn score (`ev`), or the best probability of scoring at least K. */
  readonly value: number;
  /** Distinct canonical decision states (full row, a discard left, an unlocked tile) reachable from the initial draw. */
  readonly states: number;
  /** Distinct canonical chance states (initial draw or replacements pending), the empty row included. */
  readonly chanceStates: number;
  /** Actions summed over the decision states (stop included): the number of policy rows. */
  readonly actions: number;
  /** Wall time of the solve. */
  readonly seconds: number;
  /**
   * The optimal action in a state given by per-kind counts (index = tile code: symbols, then Wild,
   * then Break) of unlocked row tiles, locked row tiles and tiles discarded this turn. Writes into
   * `out` how many tiles of each kind to discard and returns their total (0 = stop). Works for any
   * legal state; a state never seen is solved on the spot.
   */
  bestAction(unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>, out: Int32Array | Uint8Array): number;
  /** Optimal value of a state given as for bestAction (decision, chance or terminal state). */
  stateValue(unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>): number;
  /** Mean and variance of the turn score when playing this policy (computed on first call). */
  scoreMoments(): { mean: number; variance: number };
  /**
   * The exact distribution of the turn score when playing this policy from the initial draw:
   * entry s is P(score = s), for s = 0..maxScore of the score table (computed on first call, then
   * the same array is returned: do not modify it). Its mean is `value` for `ev`; for `at-least:K`
   * the mass at scores >= K is `value`.
   */
  scoreDistribution(): Float64Array;
  /** Every decision state with the value of each of its actions, states in discovery order. */
  policyRows(): Generator<PolicyRow>;
}

const ownAction = (node: Node): number => node.action;

/** The SevenfallSolution of a solved TurnSolver. */
export class SolvedTurn implements SevenfallSolution {
  readonly rules: SevenfallRules;
  readonly objective: Objective;
  readonly states: number;
  readonly chanceStates: number;
  readonly actions: number;
  private readonly outCanon: Int32Array;
  private moments: { mean: number; variance: number } | null = null;
  private distribution: Float64Array | null = null;

  constructor(private readonly s: TurnSolver, readonly value: number, readonly seconds: number) {
    this.rules = s.rules;
    this.objective = s.objective;
    this.states = s.decisionKeys.length;
    this.chanceStates = s.chance;
    this.actions = s.actions;
    this.outCanon = new Int32Array(s.K);
  }

  bestAction(unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>, out: Int32Array | Uint8Array): number {
    return this.actionBy(unlocked, locked, discarded, out, ownAction);
  }

  /**
   * As bestAction, with the action of a decision state chosen by `policy` from its node (an action
   * code in canonical positions, 0 = stop): another policy over the same turn states (win-solver.ts).
   */
  actionBy(unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>, out: Int32Array | Uint8Array, policy: (node: Node) => number): number {
    const s = this.s;
    const S = s.S;
    s.load(unlocked, locked, discarded);
    checkState(s); // and the totals, as count() would
    out.fill(0);
    if (s.rowTiles !== s.R || s.isTerminal()) return 0;
    let node = s.decisionNode();
    if (!node) {
      // Not solved yet (or codes too wide for numeric keys): solve it, then find it by its string key.
      const key = s.key();
      if (!s.nodes.has(key)) {
        s.value();
        s.load(unlocked, locked, discarded);
      }
      node = s.nodes.get(s.key())!;
    }
    // decisionNode() and key() leave the canonical order in place: position j < S is symbol sortKinds[j].
    const n = s.decodeAction(policy(node), this.outCanon);
    const kinds = s.sortKinds;
    for (let p = 0; p < S; p++) out[kinds[p]] += this.outCanon[p];
    out[S] += this.outCanon[S];
    out[S + 1] += this.outCanon[S + 1];
    return n;
  }

  stateValue(unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>): number {
    this.s.load(unlocked, locked, discarded);
    checkState(this.s);
    return this.s.value();
  }

  scoreMoments(): { mean: number; variance: number } {
    if (this.moments === null) {
      // From the exact score distribution: one pass over the policy serves both.
      let m1 = 0;
      let m2 = 0;
      this.scoreDistribution().forEach((p, x) => {
        m1 += p * x;
        m2 += p * x * x;
      });
      this.moments = { mean: m1, variance: Math.max(0, m2 - m1 * m1) };
    }
    return this.moments;
  }

  scoreDistribution(): Float64Array {
    if (this.distribution === null) this.distribution = policyDistribution(this.s);
    return this.distribution;
  }

  *policyRows(): Generator<PolicyRow> {
    const s = this.s;
    const { S, K } = s;
    const outCanon = this.outCanon;
    const letter = (p: number): string => (p === S ? 'W' : p === S + 1 ? 'X' : String.fromCharCode(65 + p));
    const tilesText = (counts: ArrayLike<number>): string => {
      let t = '';
      for (let p = 0; p < K; p++) for (let c = 0; c < counts[p]; c++) t += letter(p);
      return t || '-';
    };
    for (let i = 0; i < s.decisionKeys.length; i++) {
      const key = s.decisionKeys[i];
      s.loadKey(key);
      s.count();
      const node = s.nodes.get(key)!;
      const state = `unlocked ${tilesText(s.u)} | locked ${tilesText(s.l)} | discarded ${tilesText(s.d)}`;
      const stopValue = s.terminal();
      const discardsLeft = s.B - s.discardedTiles;
      const base = { stateIndex: i, state, discardsLeft, unlocked: s.unlockedTiles, locked: s.lockedTiles, stopValue };
      const rows: PolicyRow[] = [{ ...base, action: 'stop', discards: 0, value: stopValue, best: node.action === 0 }];
      // The loaded state is canonical, so canonical position p is kind p.
      const kinds = s.canonicalKinds();
      const codes = new Int32Array(K);
      for (let p = 0; p < S; p++) codes[p] = (s.u[p] * (s.R + 1) + s.l[p]) * (s.B + 1) + s.d[p];
      s.forEachAction(kinds, codes, discardsLeft, (action, size, v) => {
        s.decodeAction(action, outCanon);
        rows.push({ ...base, action: `discard ${tilesText(outCanon)}`, discards: size, value: v, best: action === node.action });
      });
      yield* rows;
    }
  }
}

/**
 * The score distribution under the solved policy: a pass over the states the policy reaches,
 * following its best actions and weighting every draw by its hypergeometric probability; each
 * reached state's distribution (over final scores 0..maxScore) is memoised by its canonical key.
 */
function policyDistribution(s: TurnSolver): Float64Array {
  const size = s.table.maxScore + 1;
  const memo = new Map<string, Float64Array>();
  const counts = new Uint8Array(s.K);
  const point = (): Float64Array => {
    for (let t = 0; t < s.K; t++) counts[t] = s.u[t] + s.l[t];
    const out = new Float64Array(size);
    out[s.table.scoreCounts(counts)] = 1;
    return out;
  };
  const act = new Int32Array(s.K);
  const visit = (): Float64Array => {
    s.count();
    if (s.isTerminal()) return point();
    const row = s.rowTiles;
    const discarded = s.discardedTiles;
    const key = s.key();
    const known = memo.get(key);
    if (known !== undefined) return known;
    let out: Float64Array;
    if (row < s.R) {
      const into = discarded === 0 ? s.u : s.l;
      let pool = 0;
      out = new Float64Array(size);
      for (let t = 0; t < s.K; t++) {
        const left = s.full[t] - s.u[t] - s.l[t] - s.d[t];
        if (left === 0) continue;
        pool += left;
        into[t]++;
        const sub = visit();
        into[t]--;
        for (let x = 0; x < size; x++) out[x] += left * sub[x];
      }
      for (let x = 0; x < size; x++) out[x] /= pool;
    } else {
      if (!s.nodes.has(key)) s.value();
      const action = s.nodes.get(key)!.action;
      if (action === 0) {
        out = point();
      } else {
        const kinds = s.canonicalKinds();
        s.decodeAction(action, act);
        const a = Int32Array.from(act);
        for (let p = 0; p < s.K; p++) {
          s.u[kinds[p]] -= a[p];
          s.d[kinds[p]] += a[p];
        }
        out = visit();
        for (let p = 0; p < s.K; p++) {
          s.u[kinds[p]] += a[p];
          s.d[kinds[p]] -= a[p];
        }
      }
    }
    memo.set(key, out);
    return out;
  };
  s.u.fill(0);
  s.l.fill(0);
  s.d.fill(0);
  return visit();
}

/** Solves one turn of `rules` for `objective`. Deterministic; no I/O. */
export function solveSevenfall(rules: SevenfallRules, objective: Objective, table: RowScorer = new ScoreTable(rules)): SevenfallSolution {
  const start = performance.now();
  const s = new TurnSolver(rules, table, objective);
  const value = s.value();
  return new SolvedTurn(s, value, (performance.now() - start) / 1000);
}
