/**
 * How tune turns its finalists into an answer, apart from the games (pure: testable on made-up sums).
 *
 * Three blocks of games, numbered apart so that none shares a deal with another:
 * - the search's steps pick the finalists (the search's own estimates are biased towards its lucky points);
 * - the validation block, which the search never saw, chooses: every finalist and the start play it, and
 *   the highest mean there is the choice (the start on a tie);
 * - the confirmation block, which neither the search nor the choice saw, gives the figures: the choice
 *   and the start play it, and if the start scores at least as well there, the answer is the start.
 * So the answer's figures are unbiased, and no figure shown ranks another candidate above the answer
 * except the validation means when the start is kept (the line saying so gives both).
 */
import type { BlockStats, Difference, Estimate } from './stats.js';

/** Why the answer is what it is. */
export type AnswerReason =
  /** the validation's choice, which scored above the start on the confirmation block */
  | 'choice'
  /** the start: no finalist scored above it on the validation block */
  | 'start'
  /** the start: the validation's choice did not score above it on the confirmation block */
  | 'start kept';

/** The row of the validation's choice: the highest mean, the start's row on a tie with it. */
export function chooseOnValidation(validation: BlockStats, startRow: number): number {
  let best = startRow;
  for (let i = 0; i < validation.k; i++) if (validation.estimate(i).mean > validation.estimate(best).mean) best = i;
  return best;
}

export interface Confirmed {
  reason: AnswerReason;
  /** The answer's row in the confirmation block (0: the choice, or the start when it was the choice). */
  answerRow: number;
  answer: Estimate;
  start: Estimate;
  /** answer - start, paired (zero when the answer is the start). */
  diffVsStart: Difference;
  /** choice - start on the confirmation block, paired (zero when the start was the choice). */
  choiceVsStart: Difference;
}

/**
 * The answer from the confirmation block, which holds the choice in row 0 and the start in row 1, or the
 * start alone when it was the choice.
 */
export function confirmAnswer(confirmation: BlockStats): Confirmed {
  const startRow = confirmation.k - 1;
  const choiceVsStart = confirmation.diff(0, startRow);
  const reason: AnswerReason = confirmation.k === 1 ? 'start' : choiceVsStart.mean > 0 ? 'choice' : 'start kept';
  const answerRow = reason === 'choice' ? 0 : startRow;
  return {
    reason,
    answerRow,
    answer: confirmation.estimate(answerRow),
    start: confirmation.estimate(startRow),
    diffVsStart: confirmation.diff(answerRow, startRow),
    choiceVsStart,
  };
}
