/**
 * `optimal`: plays the exact optimal policy of one turn (src/games/sevenfall/solver.ts).
 *
 * Parameters: `objective` = `ev` maximises the expected turn score; `objective=at-least` maximises
 * the probability of scoring at least `k` points (`k` is ignored for `ev`). Examples:
 * `optimal`, `optimal:objective=at-least,k=15`.
 *
 * The turn is solved once per (rules, objective) per thread (worker) and cached at module level;
 * a decision is then one canonical-state lookup. The policy ignores the game situation (round,
 * totals): it is optimal for a single turn.
 */
import type { SevenfallRules } from '../../src/games/sevenfall/rules.js';
import { type Objective, objectiveText } from '../../src/games/sevenfall/objective.js';
import { type SevenfallSolution, solveSevenfall } from '../../src/games/sevenfall/solution.js';
import type { RowScorer } from '../../src/games/sevenfall/scoring.js';
import { STOP, type SevenfallStrategyDef, type SevenfallView } from '../../src/games/sevenfall/view.js';
import { defineParams, int, oneOf } from '../../src/engine/params.js';

const solutions = new Map<string, SevenfallSolution>();

/** The cached solution for (rules, objective), solving on first use in this thread. */
export function cachedSolution(rules: SevenfallRules, objective: Objective, table?: RowScorer): SevenfallSolution {
  const key = `${objectiveText(objective)}\n${JSON.stringify(rules)}`;
  let sol = solutions.get(key);
  if (sol === undefined) {
    sol = solveSevenfall(rules, objective, table);
    solutions.set(key, sol);
  }
  return sol;
}

/**
 * One move of a solved policy at a view: counts the row by tile kind, asks the solution which tiles
 * to discard, and maps them back to unlocked positions. Scratch arrays are made once.
 */
export class PolicyMove {
  private readonly unlocked: Int32Array;
  private readonly locked: Int32Array;
  private readonly discard: Int32Array;

  constructor(kinds: number) {
    this.unlocked = new Int32Array(kinds);
    this.locked = new Int32Array(kinds);
    this.discard = new Int32Array(kinds);
  }

  action(sol: Pick<SevenfallSolution, 'bestAction'>, v: SevenfallView): number {
    const { unlocked, locked, discard } = this;
    // Each view array is a getter that checks its copy is fresh: read it once, not per entry.
    const row = v.row;
    const rowLocked = v.locked;
    unlocked.fill(0);
    locked.fill(0);
    for (let i = 0; i < row.length; i++) {
      if (rowLocked[i] === 0) unlocked[row[i]]++;
      else locked[row[i]]++;
    }
    if (sol.bestAction(unlocked, locked, v.outOfPlay, discard) === 0) return STOP;
    let mask = 0;
    for (let i = 0; i < row.length; i++) {
      const t = row[i];
      if (rowLocked[i] === 0 && discard[t] > 0) {
        discard[t]--;
        mask |= 1 << i;
      }
    }
    return mask;
  }
}

const PARAMS = defineParams({
  objective: oneOf(['ev', 'at-least'], 'ev', 'ev: maximise the expected turn score; at-least: maximise P(turn score >= k)'),
  k: int(0, 10000, 15, 'target score for objective=at-least (ignored for ev)'),
});

export const optimal: SevenfallStrategyDef<typeof PARAMS> = {
  name: 'optimal',
  fullCanister: true,
  doc: 'Plays the exact optimal one-turn policy (solved once per worker): maximises the expected score, or with objective=at-least the probability of scoring at least k.',
  params: PARAMS,
  create: (params, { rules, table }) => {
    const objective: Objective = params.objective === 'ev' ? { kind: 'ev' } : { kind: 'at-least', k: params.k };
    const sol = cachedSolution(rules, objective, table);
    const move = new PolicyMove(rules.symbols + 2);
    return { decide: (v: SevenfallView): number => move.action(sol, v) };
  },
};
