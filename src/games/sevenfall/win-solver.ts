/**
 * Two-player SEVENFALL solved for the win, by backward induction over (round, seat to move, score
 * difference).
 *
 * Every turn starts from the full canister (refill `turn`), so between turns a 2-player game is only
 * the round, the seat to move and d = seat 0's total minus seat 1's. After the last round seat 0
 * wins if d > 0, seat 1 if d < 0, and d = 0 is a tie for the lead, worth `tieShare` of a win to each
 * (1/2 with tieRule `shared`, 0 with `none`). At a state the mover plays the turn policy that
 * maximises the expectation of utility[s] = its win share at the state the turn score s leads to
 * (win chance + tieShare x tie chance): one backward pass over the turn graph (turn-graph.ts) with
 * that utility. The exact distribution of the turn score under that policy (a forward pass) then
 * carries both seats' win and tie chances back to the state.
 *
 * Policies played among ties: within a turn as TurnSolver.decide (stop, then fewer discards, then the
 * first action listed); at a state where every turn score gives the mover the same win share (the
 * game is decided whatever happens) the mover plays the expected-score policy, i.e. `optimal`.
 *
 * `optimalVsEv(seat)` is the same induction with the other seat fixed to the expected-score policy
 * every turn (the exact score distribution of `optimal`): the best response to `optimal`.
 *
 * Only differences some sequence of turn scores can reach are solved (`states`). No I/O.
 */
import { UserError } from '../../engine/errors.js';
import type { SevenfallRules } from './rules.js';
import { ScoreTable, type RowScorer } from './scoring.js';
import { SolvedTurn } from './solution.js';
import { type Node, TurnSolver } from './solver.js';
import { TurnGraph } from './turn-graph.js';

/**
 * Largest problem solved: (round, seat, difference) states (the bound 2 rounds (2 rounds maxScore + 1))
 * x turn-graph edges; each state is one backward and one forward pass over the edges, about 15 ns an
 * edge on one thread. The default canister needs 1,810 x 141,091 = 2.6e8.
 */
export const MAX_WORK = 1e9;

export interface WinOutcome {
  /** The seat's chance of ending with the highest total alone (seat 0's in bothOptimal). */
  win: number;
  /** Chance that both seats end level. */
  tie: number;
}

/** Win and tie chances of seat 0 at every state of one induction, by state index (round, seat, difference). */
interface Tables {
  win0: Float64Array[];
  tie: Float64Array[];
  /** Per state, the policy of the mover when solved for the win (null: the expected-score policy). */
  choices: (Uint16Array | null)[][] | null;
}

export class TwoPlayerWinSolution {
  readonly rounds: number;
  /** Largest turn score; differences lie in [-span, span]. */
  readonly maxScore: number;
  readonly span: number;
  readonly tieShare: number;
  /** Reachable (round, seat to move, difference) states, summed. */
  readonly states: number;
  readonly graph: TurnGraph;
  /** The expected-score turn policy (what `optimal` plays) and its exact score distribution. */
  readonly ev: SolvedTurn;
  readonly evDistribution: Float64Array;
  /** Backward passes run by the inductions so far. */
  passes = 0;
  /** Scores a turn can end with. */
  private readonly support: number[];
  /** reach[k][d + span] = 1 if state k = 2 round + seat can have difference d. */
  private readonly reach: Uint8Array[];
  private readonly both: Tables;
  private readonly utility: Float64Array;
  private readonly value: Float64Array;
  private readonly mass: Float64Array;
  private readonly dist: Float64Array;
  private readonly choice: Uint16Array;
  readonly seconds: number;

  constructor(readonly rules: SevenfallRules, table: RowScorer = new ScoreTable(rules)) {
    const start = performance.now();
    checkWinRules(rules, table);
    const s = new TurnSolver(rules, table, { kind: 'ev' });
    const evValue = s.value();
    this.ev = new SolvedTurn(s, evValue, 0);
    this.evDistribution = this.ev.scoreDistribution();
    this.graph = new TurnGraph(s);
    const g = this.graph;
    if (g.maxChoices > 65536) throw new UserError(`solve --objective win: a turn state of these rules has ${g.maxChoices} actions, more than the 65,536 the policy tables hold`);
    this.rounds = rules.rounds;
    this.maxScore = table.maxScore;
    this.span = rules.rounds * this.maxScore;
    this.tieShare = rules.tieRule === 'shared' ? 0.5 : 0;
    const bound = stateBound(rules, table);
    if (bound * g.edges > MAX_WORK) throw tooLarge(bound, g.edges);
    this.support = [];
    for (let x = 0; x < g.leaves; x++) if (g.leafReached[x]) this.support.push(x);
    this.reach = this.reachable();
    let states = 0;
    for (let k = 0; k < 2 * this.rounds; k++) for (const r of this.reach[k]) states += r;
    this.states = states;
    this.utility = new Float64Array(g.leaves);
    this.value = new Float64Array(g.slots);
    this.mass = new Float64Array(g.slots);
    this.dist = new Float64Array(g.leaves);
    this.choice = new Uint16Array(g.decisions);
    this.both = this.induction([true, true], true);
    this.seconds = (performance.now() - start) / 1000;
  }

  /** reach[k] for k = 2 round + seat, and k = 2 rounds (the end): the differences a sequence of turn scores can reach. */
  private reachable(): Uint8Array[] {
    const width = 2 * this.span + 1;
    const reach = [new Uint8Array(width)];
    reach[0][this.span] = 1;
    for (let k = 1; k <= 2 * this.rounds; k++) {
      const prev = reach[k - 1];
      const sign = (k - 1) % 2 === 0 ? 1 : -1; // seat 0 adds to d, seat 1 takes from it
      const next = new Uint8Array(width);
      for (let i = 0; i < width; i++) if (prev[i]) for (const x of this.support) next[i + sign * x] = 1;
      reach.push(next);
    }
    return reach;
  }

  /** Both seats play for the win: seat 0's win chance and the tie chance from the start. */
  bothOptimal(): WinOutcome {
    return { win: this.both.win0[0][this.span], tie: this.both.tie[0][this.span] };
  }

  /** `seat` plays for the win, the other seat the expected-score policy every turn: `seat`'s win chance and the tie chance. */
  optimalVsEv(seat: 0 | 1): WinOutcome {
    const t = this.induction(seat === 0 ? [true, false] : [false, true], false);
    const win0 = t.win0[0][this.span];
    const tie = t.tie[0][this.span];
    return { win: seat === 0 ? win0 : Math.max(0, 1 - win0 - tie), tie }; // max: rounding below 0
  }

  /** Whether (round, seat to move, difference) can occur. */
  isReachable(round: number, seat: number, diff: number): boolean {
    const k = 2 * round + seat;
    return round >= 0 && round < this.rounds && (seat === 0 || seat === 1) && Math.abs(diff) <= this.span && this.reach[k][diff + this.span] === 1;
  }

  /** Both seats playing for the win: win chances of seat 0 and seat 1 and the tie chance at a reachable state. */
  outcomeAt(round: number, seat: number, diff: number): { seat0Win: number; seat1Win: number; tie: number } {
    const k = 2 * round + seat;
    const win0 = this.both.win0[k][diff + this.span];
    const tie = this.both.tie[k][diff + this.span];
    return { seat0Win: win0, seat1Win: Math.max(0, 1 - win0 - tie), tie }; // max: rounding below 0
  }

  /** Every reachable state in the order round, seat to move, difference (ascending). */
  *stateList(): Generator<{ round: number; seat: number; diff: number }> {
    for (let k = 0; k < 2 * this.rounds; k++) {
      for (let i = 0; i < this.reach[k].length; i++) if (this.reach[k][i]) yield { round: k >> 1, seat: k & 1, diff: i - this.span };
    }
  }

  /**
   * The move of the mover's win policy (both seats playing for the win) at (round, seat, diff) in a
   * turn state given by per-kind counts, as SevenfallSolution.bestAction: writes how many tiles of
   * each kind to discard into `out` and returns their total (0 = stop). A state the game cannot
   * reach (e.g. round out of range) plays the expected-score policy.
   */
  bestAction(round: number, seat: number, diff: number, unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>, out: Int32Array | Uint8Array): number {
    const choices = this.isReachable(round, seat, diff) ? this.both.choices![2 * round + seat][diff + this.span] : null;
    if (choices === null) return this.ev.bestAction(unlocked, locked, discarded, out);
    this.playing = choices;
    return this.ev.actionBy(unlocked, locked, discarded, out, this.playedAction);
  }

  /** The choices bestAction plays, and its policy for SolvedTurn.actionBy (made once: bestAction runs per decision). */
  private playing: Uint16Array = new Uint16Array(0);
  private readonly playedAction = (node: Node): number => {
    const decision = this.graph.decisionOfNode[node.decision];
    return this.graph.actionOf(decision, this.playing[decision]);
  };

  /** One backward induction; `optimal[seat]` says whether that seat plays for the win (else the expected-score policy). */
  private induction(optimal: [boolean, boolean], keep: boolean): Tables {
    const { span, rounds, support, tieShare, graph, utility } = this;
    const width = 2 * span + 1;
    const win0: Float64Array[] = [];
    const tie: Float64Array[] = [];
    const choices: (Uint16Array | null)[][] | null = keep ? [] : null;
    const end = 2 * rounds;
    win0[end] = new Float64Array(width);
    tie[end] = new Float64Array(width);
    for (let i = 0; i < width; i++) {
      win0[end][i] = i > span ? 1 : 0;
      tie[end][i] = i === span ? 1 : 0;
    }
    for (let k = end - 1; k >= 0; k--) {
      const seat = k & 1;
      const sign = seat === 0 ? 1 : -1;
      const w0 = (win0[k] = new Float64Array(width));
      const t0 = (tie[k] = new Float64Array(width));
      const nw = win0[k + 1];
      const nt = tie[k + 1];
      const kept: (Uint16Array | null)[] = [];
      if (choices) choices[k] = kept;
      const reach = this.reach[k];
      for (let i = 0; i < width; i++) {
        kept.push(null);
        if (!reach[i]) continue;
        let dist = this.evDistribution;
        if (optimal[seat]) {
          let lo = Infinity;
          let hi = -Infinity;
          utility.fill(0);
          for (const x of support) {
            const j = i + sign * x;
            const mine = seat === 0 ? nw[j] : 1 - nw[j] - nt[j];
            utility[x] = mine + tieShare * nt[j];
            lo = Math.min(lo, utility[x]);
            hi = Math.max(hi, utility[x]);
          }
          if (hi - lo > 1e-12) {
            graph.solve(utility, this.value, this.choice);
            graph.distribution(this.choice, this.mass, this.dist);
            this.passes++;
            dist = this.dist;
            if (choices) kept[i] = Uint16Array.from(this.choice);
          }
        }
        let w = 0;
        let t = 0;
        for (const x of support) {
          const j = i + sign * x;
          w += dist[x] * nw[j];
          t += dist[x] * nt[j];
        }
        w0[i] = w;
        t0[i] = t;
      }
    }
    return { win0, tie, choices };
  }
}

/** Throws a UserError unless two-player win solving applies to these rules (every turn from the full canister, a bounded state space). */
export function checkWinRules(rules: SevenfallRules, table: RowScorer): void {
  if (rules.refill !== 'turn') {
    throw new UserError('solve --objective win: needs every turn to start from the full canister (refill "turn"); these rules refill every round');
  }
  // Before the turn is solved: the states alone, at one turn-graph edge each, must fit.
  const bound = stateBound(rules, table);
  if (bound > MAX_WORK) throw tooLarge(bound, 1);
}

/** At most this many (round, seat, difference) states: 2 seats x rounds x every difference within rounds x the top score. */
const stateBound = (rules: SevenfallRules, table: RowScorer): number => 2 * rules.rounds * (2 * rules.rounds * table.maxScore + 1);

function tooLarge(states: number, edges: number): UserError {
  return new UserError(
    `solve --objective win: these rules have up to ${states.toLocaleString('en-US')} (round, seat, difference) states x ${edges.toLocaleString('en-US')} turn-graph edges = ${(states * edges).toExponential(1)} edge visits, over the limit of ${MAX_WORK.toExponential(0)}; use fewer rounds or a smaller canister`,
  );
}
