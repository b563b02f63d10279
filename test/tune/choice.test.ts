/** How tune's answer comes from its validation and confirmation blocks (tune/choice.ts), on hand-made games. */
import { describe, expect, it } from 'vitest';
import { chooseOnValidation, confirmAnswer } from '../../src/tune/choice.js';
import { BlockStats } from '../../src/tune/stats.js';
import { sumsOf } from './synthetic.js';

/** The block of per-game values (rows: games; columns: candidates), summed as the worker sums them. */
function block(values: number[][]): BlockStats {
  return new BlockStats(values[0].length, 1, sumsOf(values));
}

describe('chooseOnValidation', () => {
  it('takes the highest validation mean, whatever the search answered', () => {
    // Start (row 0) mean 2, the search's incumbent (row 1) mean 3, a finalist (row 2) mean 4.
    expect(chooseOnValidation(block([[1, 2, 4], [3, 4, 4]]), 0)).toBe(2);
  });

  it('keeps the start on a tie with the best finalist', () => {
    expect(chooseOnValidation(block([[5, 1, 4], [3, 5, 4]]), 0)).toBe(0);
  });
});

describe('confirmAnswer', () => {
  it('answers the choice when it scores above the start on confirmation, with the paired difference', () => {
    // Choice - start: 1, 1, 1, 3: mean 1.5, se 0.5 (hand-worked).
    const c = confirmAnswer(block([[1, 0], [2, 1], [3, 2], [6, 3]]));
    expect(c.reason).toBe('choice');
    expect(c.answerRow).toBe(0);
    expect([c.answer.mean, c.start.mean]).toEqual([3, 1.5]);
    expect(c.diffVsStart.mean).toBe(1.5);
    expect(c.diffVsStart.se).toBeCloseTo(0.5, 12);
    expect(c.choiceVsStart).toEqual(c.diffVsStart);
  });

  it('keeps the start when the choice does not score above it, saying by how much', () => {
    const c = confirmAnswer(block([[1, 2], [2, 2], [3, 3]]));
    expect(c.reason).toBe('start kept');
    expect(c.answerRow).toBe(1);
    expect(c.answer).toEqual(c.start);
    expect([c.diffVsStart.mean, c.diffVsStart.se]).toEqual([0, 0]);
    expect(c.choiceVsStart.mean).toBeCloseTo(-1 / 3, 12);
  });

  it('answers the start when it was the choice (it played alone)', () => {
    const c = confirmAnswer(block([[4], [6]]));
    expect(c.reason).toBe('start');
    expect(c.answer.mean).toBe(5);
    expect([c.diffVsStart.mean, c.choiceVsStart.mean]).toEqual([0, 0]);
  });
});
