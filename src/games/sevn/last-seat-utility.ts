/**
 * What the last-seat recursion (last-seat.ts) maximises: a utility per round score. `ev` is the score
 * itself, `at-least:K` 1 from K on, and in a game whose others' final totals are known the win share
 * each final round score brings, when every one of them ends the game.
 */
import type { SevnRules } from './rules.js';

/** The largest round score the rules allow (every best card at once): the length a utility table needs. */
export function maxRoundScore(r: SevnRules): number {
  const values = r.numbers.filter((n) => n.copies > 0).map((n) => n.value).sort((a, b) => b - a);
  const top = values.slice(0, r.sevn.distinct).reduce((a, v) => a + v, 0);
  let mult = 1;
  let plus = 0;
  for (const m of r.modifiers) if (m.kind === 'multiply') mult *= m.value ** m.count; else plus += m.value * m.count;
  const b = r.bonuses;
  return top * mult + plus + b.featherweight.points + b.heavyweight.points + b.ladder.pointsPerCard * Math.min(values.length, r.sevn.distinct) + r.sevn.bonus;
}

/** The utility of `ev` (the round score) or `at-least:K` (1 when the score reaches K). */
export function objectiveUtility(r: SevnRules, objective: { kind: 'ev' } | { kind: 'at-least'; k: number }): Float64Array {
  const top = maxRoundScore(r);
  const u = new Float64Array(top + 1);
  for (let x = 0; x <= top; x++) u[x] = objective.kind === 'ev' ? x : x >= objective.k ? 1 : 0;
  return u;
}

/**
 * Seat 0's win share for each final round score x (index x), the other seats' final totals fixed
 * (`finals[s]`, s >= 1; `totals[0]` is seat 0's total before the round); null when some x leaves the
 * game undecided (no total at the target, or a tied lead that plays on).
 */
export function decidingWinShares(rules: SevnRules, totals: ArrayLike<number>, finals: ArrayLike<number>): Float64Array | null {
  const b = winShareBounds(rules, totals, finals);
  return b.decided ? b.low : null;
}

/**
 * Bounds on seat 0's win share for each final round score x, as decidingWinShares, where an x that leaves
 * the game undecided (another round follows) counts 0 in `low` and 1 in `high`: whatever the rounds after
 * bring, the share lies between. `decided`: no x does (then low and high are equal, decidingWinShares').
 * The last-seat recursion's value is monotonic in its utility, so solved with each it bounds the win
 * chance of the best play.
 */
export function winShareBounds(rules: SevnRules, totals: ArrayLike<number>, finals: ArrayLike<number>): { low: Float64Array; high: Float64Array; decided: boolean } {
  const top = maxRoundScore(rules);
  const low = new Float64Array(top + 1);
  const high = new Float64Array(top + 1);
  let decided = true;
  for (let x = 0; x <= top; x++) {
    const mine = totals[0] + x;
    let best = mine;
    for (let s = 1; s < finals.length; s++) if (finals[s] > best) best = finals[s];
    let k = 0;
    for (let s = 0; s < finals.length; s++) if ((s === 0 ? mine : finals[s]) === best) k++;
    if (best < rules.target || (k > 1 && rules.tiedLead !== 'shared')) {
      // Undecided: the game goes on (seat 0 may still win it, or lose it).
      decided = false;
      high[x] = 1;
    } else low[x] = high[x] = mine === best ? 1 / k : 0;
  }
  return { low, high, decided };
}
