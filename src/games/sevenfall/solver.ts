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
import type { Objective } from './objective.js';
import type { SevenfallRules } from './rules.js';
import type { RowScorer } from './scoring.js';

export interface Node {
  value: number;
  /** Decision states: the best action, encoded as canonical positions (see encodeAction); 0 = stop. */
  action: number;
  /** Decision states: index in discovery order; -1 for chance states. */
  decision: number;
}

/** The dynamic programme over turn states (see the module comment); the current state is (u, l, d). */
export class TurnSolver {
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
  /** Totals of the current state, set by count(). */
  rowTiles = 0;
  lockedTiles = 0;
  unlockedTiles = 0;
  discardedTiles = 0;
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

  /** The score of the current row (unlocked and locked tiles). */
  score(): number {
    const c = this.counts;
    for (let t = 0; t < this.K; t++) c[t] = this.u[t] + this.l[t];
    return this.table.scoreCounts(c);
  }

  terminal(): number {
    return this.terminalOf[this.score()];
  }

  /** Counts the current state's row, locked, unlocked and discarded tiles into the *Tiles fields. */
  count(): void {
    let locked = 0;
    let unlocked = 0;
    let discarded = 0;
    for (let t = 0; t < this.K; t++) {
      locked += this.l[t];
      unlocked += this.u[t];
      discarded += this.d[t];
    }
    this.lockedTiles = locked;
    this.unlockedTiles = unlocked;
    this.rowTiles = locked + unlocked;
    this.discardedTiles = discarded;
  }

  /** A full row with no discard left or no unlocked tile: the turn is over (call count() first). */
  isTerminal(): boolean {
    return this.rowTiles === this.R && (this.discardedTiles === this.B || this.unlockedTiles === 0);
  }

  /** V of the current state (u, l, d), evaluating and memoising it if needed; leaves u, l, d unchanged. */
  value(): number {
    this.count();
    if (this.isTerminal()) return this.terminal();
    const row = this.rowTiles;
    const discarded = this.discardedTiles;
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
    this.forEachDiscard(kinds, codes, discardsLeft, (action, size) => {
      const v = this.value();
      fn(action, size, v);
    });
  }

  /** forEachDiscard over the actions of the current state, in the canonical order computed here. */
  forEachDiscardHere(discardsLeft: number, fn: (action: number, size: number) => void): void {
    const kinds = this.canonicalKinds();
    this.forEachDiscard(kinds, Int32Array.from(this.sortCodes), discardsLeft, fn);
  }

  /**
   * Calls fn(encoded action, size) for every action as forEachAction lists them, with the current
   * state set to the state after the discard (restored after fn returns; fn must leave it as it found it).
   */
  forEachDiscard(kinds: Int32Array, codes: Int32Array, discardsLeft: number, fn: (action: number, size: number) => void): void {
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
        fn(action, size);
        for (let p = 0; p < K; p++) {
          u[kinds[p]] += a[p];
          d[kinds[p]] -= a[p];
        }
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

/**
 * Throws on a state no turn can reach (a count below 0, more tiles than the canister holds); on a
 * legal state leaves its totals set, as count() would (one pass serves both: bestAction runs per turn).
 */
export function checkState(s: TurnSolver): void {
  let locked = 0;
  let unlocked = 0;
  let discarded = 0;
  for (let t = 0; t < s.K; t++) {
    if (s.u[t] < 0 || s.l[t] < 0 || s.d[t] < 0 || s.u[t] + s.l[t] + s.d[t] > s.full[t]) throw new Error(`illegal SEVENFALL state: tile kind ${t}`);
    locked += s.l[t];
    unlocked += s.u[t];
    discarded += s.d[t];
  }
  if (locked + unlocked > s.R || discarded > s.B) throw new Error('illegal SEVENFALL state: too many tiles in the row or discarded');
  s.lockedTiles = locked;
  s.unlockedTiles = unlocked;
  s.rowTiles = locked + unlocked;
  s.discardedTiles = discarded;
}
