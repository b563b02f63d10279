/**
 * The turn solver's state graph (solver.ts) frozen into flat arrays, so that a turn can be re-solved
 * for another utility over the turn score by one backward pass, without keys or maps: the game
 * solver (win-solver.ts) re-solves it once per (round, seat, score difference).
 *
 * Value slots: 0..maxScore are the leaves (a finished row with that score; its value is the utility
 * of the score), then one slot per chance or decision state of the turn solver, children before
 * parents (the order in which the memoised recursion finished them), the empty row last.
 * A chance state's edges are the tile kinds it may draw, weighted by the tiles of that kind left; a
 * decision state's edges are stop (the leaf of its row's score) then every discard, in the order
 * TurnSolver.forEachAction lists them. A decision's choice is the index of its edge (0 = stop).
 *
 * Speed over clarity: typed arrays and one loop per pass; a pass over the default canister's graph
 * (about 20,000 states, 150,000 edges) takes well under a millisecond.
 */
import type { TurnSolver } from './solver.js';

export class TurnGraph {
  /** Leaves: scores 0..maxScore. */
  readonly leaves: number;
  /** Chance and decision states. */
  readonly states: number;
  /** Decision states; slot of decision j is decisionSlot[j]. */
  readonly decisions: number;
  readonly edges: number;
  /** Most edges of one decision (stop included). */
  readonly maxChoices: number;
  /** Per state (index i = value slot leaves + i): its first edge; edgeStart[states] = edges. */
  readonly edgeStart: Int32Array;
  /** Per state: the total weight of a chance state's edges, 0 for a decision state. */
  readonly pool: Float64Array;
  /** Per state: its decision index (0..decisions-1) or -1 for a chance state. */
  readonly decisionOf: Int32Array;
  /** Per decision index: its value slot. */
  readonly decisionSlot: Int32Array;
  /**
   * Per edge: the value slot it leads to (child); a chance edge's weight (tiles left of the drawn
   * kind); a decision edge's discard (action: TurnSolver action code, 0 = stop) and its size.
   */
  readonly child: Int32Array;
  readonly weight: Float64Array;
  readonly action: Float64Array;
  readonly size: Uint8Array;
  /** leafReached[s] = 1 if some edge leads to leaf s: a turn can end with score s. */
  readonly leafReached: Uint8Array;
  /** Decision index of each of the solver's decision states (by Node.decision). */
  readonly decisionOfNode: Int32Array;

  /** Builds the graph of a TurnSolver whose value() has run from the empty row (every state it reaches is in its memo). */
  constructor(s: TurnSolver) {
    this.leaves = s.table.maxScore + 1;
    const keys = [...s.nodes.keys()];
    this.states = keys.length;
    const slotOf = new Map<string, number>();
    keys.forEach((k, i) => slotOf.set(k, this.leaves + i));
    const edgeStart = new Int32Array(this.states + 1);
    const pool = new Float64Array(this.states);
    const decisionOf = new Int32Array(this.states).fill(-1);
    const child: number[] = [];
    const weight: number[] = [];
    const action: number[] = [];
    const size: number[] = [];
    const decisionSlots: number[] = [];
    this.decisionOfNode = new Int32Array(s.decisionKeys.length).fill(-1);
    this.leafReached = new Uint8Array(this.leaves);
    let maxChoices = 0;
    // The slot of the current state: a leaf when the turn is over, else its memoised state.
    const slot = (): number => {
      s.count();
      if (s.isTerminal()) {
        const score = s.score();
        this.leafReached[score] = 1;
        return score;
      }
      const at = slotOf.get(s.key());
      if (at === undefined) throw new Error('TurnGraph: a state the solver never reached');
      return at;
    };
    const edge = (to: number, w: number, a: number, n: number): void => {
      child.push(to);
      weight.push(w);
      action.push(a);
      size.push(n);
    };
    for (let i = 0; i < keys.length; i++) {
      edgeStart[i] = child.length;
      s.loadKey(keys[i]);
      s.count();
      const node = s.nodes.get(keys[i])!;
      if (s.rowTiles < s.R) {
        const into = s.discardedTiles === 0 ? s.u : s.l;
        for (let t = 0; t < s.K; t++) {
          const left = s.full[t] - s.u[t] - s.l[t] - s.d[t];
          if (left === 0) continue;
          into[t]++;
          edge(slot(), left, 0, 0);
          into[t]--;
          pool[i] += left;
        }
      } else {
        decisionOf[i] = decisionSlots.length;
        this.decisionOfNode[node.decision] = decisionSlots.length;
        decisionSlots.push(this.leaves + i);
        const stop = s.score();
        this.leafReached[stop] = 1;
        edge(stop, 0, 0, 0);
        s.forEachDiscardHere(s.B - s.discardedTiles, (a, n) => edge(slot(), 0, a, n));
        maxChoices = Math.max(maxChoices, child.length - edgeStart[i]);
      }
    }
    edgeStart[this.states] = child.length;
    this.edgeStart = edgeStart;
    this.pool = pool;
    this.decisionOf = decisionOf;
    this.decisionSlot = Int32Array.from(decisionSlots);
    this.decisions = decisionSlots.length;
    this.edges = child.length;
    this.maxChoices = maxChoices;
    this.child = Int32Array.from(child);
    this.weight = Float64Array.from(weight);
    this.action = Float64Array.from(action);
    this.size = Uint8Array.from(size);
  }

  /** Value slots: leaves then states. */
  get slots(): number {
    return this.leaves + this.states;
  }

  /**
   * The backward pass: the best expected utility of the turn, with `utility[s]` the value of
   * finishing with score s. Fills `value` (one entry per slot) and `choice` (per decision index: the
   * edge played, 0 = stop). Ties within rounding go as in TurnSolver.decide: to stop, then to fewer
   * discards, then to the first action listed. Allocates nothing.
   */
  solve(utility: ArrayLike<number>, value: Float64Array, choice: Uint16Array): number {
    const { leaves, states, edgeStart, pool, decisionOf, child, weight, size } = this;
    for (let x = 0; x < leaves; x++) value[x] = utility[x] ?? 0;
    for (let i = 0; i < states; i++) {
      const from = edgeStart[i];
      const to = edgeStart[i + 1];
      const dec = decisionOf[i];
      if (dec < 0) {
        let sum = 0;
        for (let e = from; e < to; e++) sum += weight[e] * value[child[e]];
        value[leaves + i] = sum / pool[i];
      } else {
        let best = value[child[from]];
        let bestEdge = from;
        let bestSize = 0;
        for (let e = from + 1; e < to; e++) {
          const v = value[child[e]];
          const tol = 1e-12 * Math.max(1, Math.abs(best));
          if (v > best + tol || (size[e] < bestSize && v >= best - tol)) {
            best = v;
            bestEdge = e;
            bestSize = size[e];
          }
        }
        value[leaves + i] = best;
        choice[dec] = bestEdge - from;
      }
    }
    return value[leaves + states - 1];
  }

  /**
   * The forward pass: the distribution of the turn score (entry s = P(score s)) when every decision
   * plays `choice`, into `out` (length >= leaves); `mass` is scratch of one entry per slot.
   */
  distribution(choice: Uint16Array, mass: Float64Array, out: Float64Array): void {
    const { leaves, states, edgeStart, pool, decisionOf, child, weight } = this;
    mass.fill(0);
    mass[leaves + states - 1] = 1;
    for (let i = states - 1; i >= 0; i--) {
      const p = mass[leaves + i];
      if (p === 0) continue;
      const dec = decisionOf[i];
      if (dec >= 0) {
        mass[child[edgeStart[i] + choice[dec]]] += p;
      } else {
        const f = p / pool[i];
        for (let e = edgeStart[i], to = edgeStart[i + 1]; e < to; e++) mass[child[e]] += f * weight[e];
      }
    }
    for (let x = 0; x < leaves; x++) out[x] = mass[x];
  }

  /** The TurnSolver action code of a decision's choice (0 = stop). */
  actionOf(decision: number, choice: number): number {
    const i = this.decisionSlot[decision] - this.leaves;
    return this.action[this.edgeStart[i] + choice];
  }
}
