/**
 * `solved`: plays the exact solution of the 2-player game for the win (src/games/sevenfall/
 * win-solver.ts): at every turn, the turn policy that maximises its win share (win chance + half the
 * tie chance with the default shared-win tie rule) given the round, the seat to move and the score
 * difference, assuming the other seat does the same.
 *
 * Policy played among ties: inside a turn, the turn solver's rule (stop, then fewer discards, then the
 * first action listed); where every turn score gives the same win share (the game is decided
 * whatever happens) it plays the expected-score policy, i.e. `optimal`.
 *
 * 2 seats only (refused at other seat counts by the game's lineup check: `endgame` is the multi-seat
 * choice). In round mode every turn is played as the first round of a game (round 0, totals 0).
 *
 * The game is solved once per rules per thread (worker), about 2 s on the default canister, and
 * cached at module level; a decision is then one canonical-state lookup, as for `optimal`.
 */
import type { SevenfallRules } from '../../src/games/sevenfall/rules.js';
import type { RowScorer } from '../../src/games/sevenfall/scoring.js';
import type { SevenfallStrategyDef, SevenfallView } from '../../src/games/sevenfall/view.js';
import { TwoPlayerWinSolution } from '../../src/games/sevenfall/win-solver.js';
import { PolicyMove } from './optimal.js';

const solutions = new Map<string, TwoPlayerWinSolution>();

/** The cached 2-player solution of `rules`, solving on first use in this thread. */
export function cachedWinSolution(rules: SevenfallRules, table?: RowScorer): TwoPlayerWinSolution {
  const key = JSON.stringify(rules);
  let sol = solutions.get(key);
  if (sol === undefined) {
    sol = new TwoPlayerWinSolution(rules, table);
    solutions.set(key, sol);
  }
  return sol;
}

export const solved: SevenfallStrategyDef = {
  name: 'solved',
  fullCanister: true,
  seats: 2,
  doc: '2 players only: plays the exact solution of the game for the win (by round, seat to move and score difference; solved once per worker, about 2 s); at a decided state it plays optimal (ev).',
  params: [],
  create: (_params, { rules, table }) => {
    const sol = cachedWinSolution(rules, table);
    const move = new PolicyMove(rules.symbols + 2);
    // The solution's move at the current view, in the shape PolicyMove asks for (made once).
    let view: SevenfallView;
    const atView = {
      bestAction: (unlocked: ArrayLike<number>, locked: ArrayLike<number>, discarded: ArrayLike<number>, out: Int32Array | Uint8Array): number =>
        sol.bestAction(view.round, view.seat, view.totals[0] - view.totals[1], unlocked, locked, discarded, out),
    };
    return {
      decide(v: SevenfallView): number {
        if (v.players !== 2) throw new Error(`solved: plays 2 seats only, asked at a table of ${v.players}`);
        view = v;
        return move.action(atView, v);
      },
    };
  },
};
