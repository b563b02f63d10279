/**
 * The exact optimal policy of one SEVENFALL turn, by dynamic programming over turn states.
 *
 * A turn state is, for every tile kind (each symbol, Wild, Break), the triple (unlocked tiles in the
 * row, locked tiles in the row, tiles discarded this turn). The canister is the full canister minus
 * the row minus the discarded tiles; the discards left are the budget minus the discarded total.
 *
 * Nodes of the DP (each memoised by its canonical key):
 * - decision state: the row is full, at least one discard is left and at least one tile is unlocked.
 *   V = max(stop: terminal(row), over every non-empty sub-multiset A of the unlocked tiles with
 *   |A| <= discards left: V(row - A, discarded + A, |A| replacements pending)).
 * - chance state: the row lacks p tiles (p replacements, or p tiles of the initial draw, pending).
 *   The p tiles are drawn one at a time: V = sum over kinds t of (left_t / left) V(state + one t).
 *   Drawing p tiles one by one gives exactly the multivariate hypergeometric law of drawing them at
 *   once, and the chance states are shared by every action that leads to them. Replacements are
 *   locked; the tiles of the initial draw (no tile discarded yet) are unlocked.
 * - terminal state: full row with no discard left or no unlocked tile: V = terminal(row).
 * The optimal turn value is V of the empty row before the initial draw.
 *
 * terminal(row) is the row's score (objective `ev`) or 1 if the score is >= K else 0 (objective
 * `at-least:K`, where V is then the best probability of scoring at least K), or values[score]
 * (objective `utility`, where V is the best expected utility).
 *
 * Symmetry: symbols are interchangeable, so a state is canonicalised by sorting the symbols' triples
 * (largest code first; Wild and Break keep their own places). Actions at a decision state are listed
 * once per symmetry class: among symbols with equal triples, the discard counts are non-increasing.
 *
 * The solver does no I/O. Values are doubles computed from exact integer weights.
 */
import { UserError } from '../../engine/errors.js';
import type { SevenfallRules } from './rules.js';
import { type RowScorer, ScoreTable } from './scoring.js';

/**
 * `ev`: maximise the expected turn score. `at-least:K`: maximise P(turn score >= K). `utility`:
 * maximise the expected value of `values[score]` (0 for scores past the end), e.g. a win chance as a
 * function of the final score; not parsed from text (built by strategies).
 */
export type Objective = { kind: 'ev' } | { kind: 'at-least'; k: number } | { kind: 'utility'; values: readonly number[] };

/** Parses `ev` or `at-least:K` (K a non-negative integer); throws a UserError otherwise. */
export function parseObjective(text: string): Objective {
  const t = String(text).trim();
  if (t === 'ev') return { kind: 'ev' };
  const m = /^at-least:(.*)$/.exec(t);
  if (m) {
    const k = m[1].trim();
    if (!/^\d+$/.test(k) || Number(k) > 1e6) {
      throw new UserError(`objective "${text}": K in at-least:K must be an integer from 0 to 1000000, got "${k}"`);
    }
    return { kind: 'at-least', k: Number(k) };
  }
  throw new UserError(`objective "${text}": expected "ev" (maximise the expected turn score) or "at-least:K" (maximise the probability of scoring at least K points), e.g. at-least:15`);
}

export function objectiveText(o: Objective): string {
  if (o.kind === 'utility') return `utility:${o.values.join(',')}`;
  return o.kind === 'ev' ? 'ev' : `at-least:${o.k}`;
}

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

interface Node {
  value: number;
  /** Decision states: the best action, encoded as canonical positions (see encodeAction); 0 = stop. */
  action: number;
  /** Decision states: index in discovery order; -1 for chance states. */
  decision: number;
}

class Solver {
  readonly S: number;
  readonly K: number;
  readonly R: number;
  readonly B: number;
  readonly full: Int32Array;
  readonly u: Int32Array;
  readonly l: Int32Array;
  readonly d: Int32Array;
  readonly nodes = new Map<string, Node>();
  readonly decisionKeys: string[] = [];
  chance = 0;
  actions = 0;
  private readonly sortCodes: Int32Array;
  readonly sortKinds: Int32Array;
  private readonly keyBuf: number[];
  private readonly counts: Uint8Array;
  private readonly terminalOf: Float64Array;
  private readonly lr: number;
  private readonly lb: number;
  /** Radix of a state code in decisionNode's numeric keys, or 0 if two doubles cannot hold them. */
  private readonly codeRadix: number;
  private readonly byNumber = new Map<number, Map<number, Node>>();

  constructor(readonly rules: SevenfallRules, readonly table: RowScorer, readonly objective: Objective) {
    this.S = rules.symbols;
    this.K = rules.symbols + 2;
    this.R = rules.rowSize;
    this.B = rules.discardBudget;
    this.full = new Int32Array(this.K).fill(rules.copiesPerSymbol);
    this.full[this.S] = rules.wilds;
    this.full[this.S + 1] = rules.breaks;
    this.u = new Int32Array(this.K);
    this.l = new Int32Array(this.K);
    this.d = new Int32Array(this.K);
    this.sortCodes = new Int32Array(this.S);
    this.sortKinds = new Int32Array(this.S);
    this.keyBuf = new Array<number>(this.K).fill(0);
    this.counts = new Uint8Array(this.K);
    this.lr = this.R + 1;
    this.lb = this.B + 1;
    const radix = this.lr * this.lr * this.lb;
    this.codeRadix = radix ** (this.K - (this.K >> 1)) < 2 ** 53 ? radix : 0;
    // Terminal value by score (scores are small non-negative integers).
    this.terminalOf = new Float64Array(table.maxScore + 1);
    for (let s = 0; s <= table.maxScore; s++) {
      this.terminalOf[s] = objective.kind === 'ev' ? s : objective.kind === 'utility' ? (objective.values[s] ?? 0) : s >= objective.k ? 1 : 0;
    }
  }

  /** (unlocked, locked, discarded) of one kind as one small integer. */
  private code(t: number): number {
    return (this.u[t] * this.lr + this.l[t]) * this.lb + this.d[t];
  }

  /**
   * Sorts the symbols by code, largest first, into sortKinds/sortCodes (ties keep symbol order).
   * Canonical position j < S is symbol sortKinds[j]; S is Wild, S+1 Break.
   */
  private canonicalOrder(): void {
    const codes = this.sortCodes;
    const kinds = this.sortKinds;
    for (let s = 0; s < this.S; s++) {
      const c = this.code(s);
      let j = s;
      while (j > 0 && codes[j - 1] < c) {
        codes[j] = codes[j - 1];
        kinds[j] = kinds[j - 1];
        j--;
      }
      codes[j] = c;
      kinds[j] = s;
    }
  }

  /**
   * The decision node of the current state by a numeric key (no string): the canonical codes split
   * in two halves, each a mixed-radix number below 2^53; a miss falls back to key() once. Null when
   * the rules' codes are too wide for two doubles (then callers use key()). Speed over clarity: the
   * string key cost `optimal` 45 scavenges per 2M turns.
   */
  decisionNode(): Node | undefined | null {
    if (this.codeRadix === 0) return null;
    this.canonicalOrder();
    const half = this.K >> 1;
    let hi = 0;
    let lo = 0;
    for (let j = 0; j < this.K; j++) {
      const c = j < this.S ? this.sortCodes[j] : this.code(j);
      if (j < half) hi = hi * this.codeRadix + c;
      else lo = lo * this.codeRadix + c;
    }
    let byLo = this.byNumber.get(hi);
    if (byLo === undefined) this.byNumber.set(hi, (byLo = new Map()));
    let node = byLo.get(lo);
    if (node === undefined) {
      node = this.nodes.get(this.key());
      if (node !== undefined) byLo.set(lo, node);
    }
    return node;
  }

  key(): string {
    this.canonicalOrder();
    const b = this.keyBuf;
    for (let j = 0; j < this.S; j++) b[j] = this.sortCodes[j];
    b[this.S] = this.code(this.S);
    b[this.S + 1] = this.code(this.S + 1);
    return String.fromCharCode.apply(null, b);
  }

  terminal(): number {
    const c = this.counts;
    for (let t = 0; t < this.K; t++) c[t] = this.u[t] + this.l[t];
    return this.terminalOf[this.table.scoreCounts(c)];
  }

  /** V of the current state (u, l, d), evaluating and memoising it if needed; leaves u, l, d unchanged. */
  value(): number {
    let row = 0;
    let discarded = 0;
    let unlocked = 0;
    for (let t = 0; t < this.K; t++) {
      row += this.u[t] + this.l[t];
      discarded += this.d[t];
      unlocked += this.u[t];
    }
    if (row === this.R && (discarded === this.B || unlocked === 0)) return this.terminal();
    const key = this.key();
    const known = this.nodes.get(key);
    if (known !== undefined) return known.value;
    const node: Node = { value: 0, action: 0, decision: -1 };
    if (row < this.R) {
      this.chance++;
      node.value = this.chanceValue(discarded === 0);
    } else {
      node.decision = this.decisionKeys.length;
      this.decisionKeys.push(key);
      this.decide(node, this.B - discarded);
    }
    this.nodes.set(key, node);
    return node.value;
  }

  private chanceValue(initial: boolean): number {
    const { u, l, d, full } = this;
    let pool = 0;
    let sum = 0;
    const into = initial ? u : l;
    for (let t = 0; t < this.K; t++) {
      const left = full[t] - u[t] - l[t] - d[t];
      if (left === 0) continue;
      pool += left;
      into[t]++;
      sum += left * this.value();
      into[t]--;
    }
    return sum / pool;
  }

  /** Fills node.value and node.action for the current (decision) state. */
  private decide(node: Node, discardsLeft: number): void {
    const kinds = this.canonicalKinds();
    const codes = Int32Array.from(this.sortCodes);
    let best = this.terminal();
    let bestAction = 0;
    let bestSize = 0;
    this.forEachAction(kinds, codes, discardsLeft, (action, size, v) => {
      this.actions++;
      // Strictly better by more than rounding: ties go to stop, then to fewer discards.
      if (v > best + 1e-12 * Math.max(1, Math.abs(best)) || (size < bestSize && v >= best - 1e-12 * Math.max(1, Math.abs(best)))) {
        best = v;
        bestAction = action;
        bestSize = size;
      }
    });
    this.actions++; // stop
    node.value = best;
    node.action = bestAction;
  }

  /** The kinds in canonical order: the sorted symbols, then Wild, then Break. */
  canonicalKinds(): Int32Array {
    this.canonicalOrder();
    const kinds = new Int32Array(this.K);
    kinds.set(this.sortKinds);
    kinds[this.S] = this.S;
    kinds[this.S + 1] = this.S + 1;
    return kinds;
  }

  /**
   * Calls fn(encoded action, size, value after it) for every non-empty discard of at most
   * discardsLeft unlocked tiles, one per symmetry class. `kinds`/`codes` are the canonical order.
   */
  forEachAction(kinds: Int32Array, codes: Int32Array, discardsLeft: number, fn: (action: number, size: number, value: number) => void): void {
    const a = new Int32Array(this.K);
    const { u, d, S, K } = this;
    const visit = (j: number, left: number): void => {
      if (j === K) {
        const size = discardsLeft - left;
        if (size === 0) return;
        let action = 0;
        for (let p = K - 1; p >= 0; p--) for (let c = 0; c < a[p]; c++) action = action * (K + 1) + p + 1;
        for (let p = 0; p < K; p++) {
          u[kinds[p]] -= a[p];
          d[kinds[p]] += a[p];
        }
        const v = this.value();
        for (let p = 0; p < K; p++) {
          u[kinds[p]] += a[p];
          d[kinds[p]] -= a[p];
        }
        fn(action, size, v);
        return;
      }
      let max = Math.min(u[kinds[j]], left);
      if (j > 0 && j < S && codes[j] === codes[j - 1]) max = Math.min(max, a[j - 1]);
      for (let c = 0; c <= max; c++) {
        a[j] = c;
        visit(j + 1, left - c);
      }
      a[j] = 0;
    };
    visit(0, discardsLeft);
  }

  /** Decodes an action into per-canonical-position counts. */
  decodeAction(action: number, out: Int32Array): number {
    out.fill(0);
    let n = 0;
    for (let a = action; a > 0; a = Math.floor(a / (this.K + 1))) {
      out[(a % (this.K + 1)) - 1]++;
      n++;
    }
    return n;
  }

  /** Loads a state given by per-kind counts. */
  load(unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>): void {
    for (let t = 0; t < this.K; t++) {
      this.u[t] = unlocked[t];
      this.l[t] = locked[t];
      this.d[t] = discarded[t];
    }
  }

  /** Loads the canonical state of a key (symbols in canonical order). */
  loadKey(key: string): void {
    for (let t = 0; t < this.K; t++) {
      const c = key.charCodeAt(t);
      this.d[t] = c % this.lb;
      this.l[t] = Math.floor(c / this.lb) % this.lr;
      this.u[t] = Math.floor(c / this.lb / this.lr);
    }
  }
}

function checkState(s: Solver): void {
  let row = 0;
  let discarded = 0;
  for (let t = 0; t < s.K; t++) {
    if (s.u[t] < 0 || s.l[t] < 0 || s.d[t] < 0 || s.u[t] + s.l[t] + s.d[t] > s.full[t]) throw new Error(`illegal SEVENFALL state: tile kind ${t}`);
    row += s.u[t] + s.l[t];
    discarded += s.d[t];
  }
  if (row > s.R || discarded > s.B) throw new Error('illegal SEVENFALL state: too many tiles in the row or discarded');
}

/** Solves one turn of `rules` for `objective`. Deterministic; no I/O. */
export function solveSevenfall(rules: SevenfallRules, objective: Objective, table: RowScorer = new ScoreTable(rules)): SevenfallSolution {
  const start = performance.now();
  const s = new Solver(rules, table, objective);
  const value = s.value();
  const seconds = (performance.now() - start) / 1000;
  const S = rules.symbols;
  const K = S + 2;
  const outCanon = new Int32Array(K);
  let moments: { mean: number; variance: number } | null = null;
  let distribution: Float64Array | null = null;

  const letter = (p: number): string => (p === S ? 'W' : p === S + 1 ? 'X' : String.fromCharCode(65 + p));
  const tilesText = (counts: ArrayLike<number>): string => {
    let t = '';
    for (let p = 0; p < K; p++) for (let c = 0; c < counts[p]; c++) t += letter(p);
    return t || '-';
  };

  return {
    rules,
    objective,
    value,
    states: s.decisionKeys.length,
    chanceStates: s.chance,
    actions: s.actions,
    seconds,
    bestAction(unlocked, locked, discarded, out) {
      s.load(unlocked, locked, discarded);
      checkState(s);
      out.fill(0);
      let row = 0;
      let disc = 0;
      let unl = 0;
      for (let t = 0; t < K; t++) {
        row += s.u[t] + s.l[t];
        disc += s.d[t];
        unl += s.u[t];
      }
      if (row !== s.R || disc === s.B || unl === 0) return 0;
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
      const n = s.decodeAction(node.action, outCanon);
      const kinds = s.sortKinds;
      for (let p = 0; p < S; p++) out[kinds[p]] += outCanon[p];
      out[S] += outCanon[S];
      out[S + 1] += outCanon[S + 1];
      return n;
    },
    stateValue(unlocked, locked, discarded) {
      s.load(unlocked, locked, discarded);
      checkState(s);
      return s.value();
    },
    scoreMoments() {
      if (moments === null) {
        // From the exact score distribution: one pass over the policy serves both.
        const dist = (distribution ??= policyDistribution(s));
        let m1 = 0;
        let m2 = 0;
        dist.forEach((p, x) => {
          m1 += p * x;
          m2 += p * x * x;
        });
        moments = { mean: m1, variance: Math.max(0, m2 - m1 * m1) };
      }
      return moments;
    },
    scoreDistribution() {
      if (distribution === null) distribution = policyDistribution(s);
      return distribution;
    },
    *policyRows() {
      const counts = new Int32Array(K);
      const lockedCounts = new Int32Array(K);
      const discCounts = new Int32Array(K);
      for (let i = 0; i < s.decisionKeys.length; i++) {
        const key = s.decisionKeys[i];
        s.loadKey(key);
        let disc = 0;
        let unl = 0;
        let lk = 0;
        for (let t = 0; t < K; t++) {
          counts[t] = s.u[t];
          lockedCounts[t] = s.l[t];
          discCounts[t] = s.d[t];
          disc += s.d[t];
          unl += s.u[t];
          lk += s.l[t];
        }
        const node = s.nodes.get(key)!;
        const state = `unlocked ${tilesText(counts)} | locked ${tilesText(lockedCounts)} | discarded ${tilesText(discCounts)}`;
        const stopValue = s.terminal();
        const base = { stateIndex: i, state, discardsLeft: s.B - disc, unlocked: unl, locked: lk, stopValue };
        const rows: PolicyRow[] = [{ ...base, action: 'stop', discards: 0, value: stopValue, best: node.action === 0 }];
        // The loaded state is canonical, so canonical position p is kind p.
        const kinds = s.canonicalKinds();
        const codes = new Int32Array(K);
        for (let p = 0; p < S; p++) codes[p] = (s.u[p] * (s.R + 1) + s.l[p]) * (s.B + 1) + s.d[p];
        s.forEachAction(kinds, codes, s.B - disc, (action, size, v) => {
          s.decodeAction(action, outCanon);
          rows.push({ ...base, action: `discard ${tilesText(outCanon)}`, discards: size, value: v, best: action === node.action });
        });
        yield* rows;
      }
    },
  };
}

/**
 * The score distribution under the solved policy: a pass over the states the policy reaches,
 * following its best actions and weighting every draw by its hypergeometric probability; each
 * reached state's distribution (over final scores 0..maxScore) is memoised by its canonical key.
 */
function policyDistribution(s: Solver): Float64Array {
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
    let row = 0;
    let discarded = 0;
    let unlocked = 0;
    for (let t = 0; t < s.K; t++) {
      row += s.u[t] + s.l[t];
      discarded += s.d[t];
      unlocked += s.u[t];
    }
    if (row === s.R && (discarded === s.B || unlocked === 0)) return point();
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
