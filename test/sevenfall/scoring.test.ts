import { describe, expect, it } from 'vitest';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { ScoreTable, explainScore } from '../../src/games/sevenfall/scoring.js';
import { scoreText } from '../helpers/sevenfall.js';

const rules = sevenfallPreset('sevenfall');
const table = new ScoreTable(rules);
const score = (row: string): number => scoreText(rules, table, row);

describe('SEVENFALL scoring: the worked examples of the rules decisions', () => {
  it.each([
    ['A A A A A B B', 18],
    ['A A A A B B B', 16],
    ['A A A B B C C', 15],
    ['A B C D E F G', 0],
    ['A A A A A W W', 18], // the Wilds make a pair of another symbol, not seven of a kind
    ['A A A A B B X', 8], // the Break turns the four into a triple: 3+2
    ['A A B B C C X', 3],
    ['A B C D E F X', 0],
    ['A A A B B W X', 8], // W->A gives 4+2, the Break makes it 3+2
  ])('%s scores %i', (row, points) => expect(score(row)).toBe(points));
});

describe('SEVENFALL scoring: every category of the table', () => {
  // Plain rows, hand-built for each category.
  it.each([
    ['Five of a Kind + Pair', 'A A A A A B B', 18],
    ['Four of a Kind + Triple', 'A A A A B B B', 16],
    ['Five of a Kind', 'A A A A A B C', 15],
    ['Triple + Two Pairs', 'A A A B B C C', 15],
    ['Four of a Kind + Pair', 'A A A A B B C', 12],
    ['Two Triples', 'A A A B B B C', 12],
    ['Four of a Kind', 'A A A A B C D', 10],
    ['Triple + Pair', 'A A A B B C D', 8],
    ['Three Pairs', 'A A B B C C D', 6],
    ['One Triple', 'A A A B C D E', 5],
    ['Two Pairs', 'A A B B C D E', 3],
    ['One Pair', 'A A B C D E F', 1],
    ['No Score', 'A B C D E F G', 0],
  ])('%s: %s = %i', (_name, row, points) => expect(score(row)).toBe(points));

  // With Wilds: each value is the best assignment, worked by hand over the candidates.
  it.each([
    ['W A A A A B B', 18], // W->A: 5+2
    ['W W A A A B B', 18], // W W->A: 5+2
    ['W A A A B B B', 16], // W->A: 4+3
    ['W W W A A B C', 15], // W W W->A: 5 (15); W->A, W->B, W->C: 3+2+2 (15)
    ['W A A B B C C', 15], // W->A: 3+2+2
    ['W A A A B C D', 10], // W->A: 4 (10) beats W->B: 3+2 (8)
    ['W A A A B B C', 15], // W->A: 4+2 (12); W->B: 3+3 (12); W->C: 3+2+2 (15)
    ['W W A B C D E', 5], // W W->A: 3 (5) beats W->A, W->B: 2+2 (3)
    ['W A B C D E F', 1], // W->A: a pair
  ])('%s = %i', (row, points) => expect(score(row)).toBe(points));

  // With Breaks: each Break takes one tile from the current largest group of at least 2.
  it.each([
    ['A A A A A B X', 10], // 5 -> 4: Four of a Kind
    ['A A A A B B X', 8], // 4 -> 3: Triple + Pair
    ['A A A A B C X', 5], // 4 -> 3: One Triple
    ['A A A B B C X', 3], // 3 -> 2: Two Pairs
    ['A A A B C D X', 1], // 3 -> 2: One Pair
    ['A A B C D E X', 0], // 2 -> 1: nothing
    ['A A A B B X X', 1], // 3+2 -> 2+2 -> 2+1: One Pair
    ['A A B B C X X', 0], // 2+2 -> 2+1 -> 1+1: nothing
    ['A B C D E X X', 0], // no group of 2: the Breaks do nothing
  ])('%s = %i', (row, points) => expect(score(row)).toBe(points));

  // Wilds are assigned first, knowing the Breaks will follow.
  it.each([
    ['A A A B B W X', 8], // W->A: 4+2 -> 3+2 (8); W->B: 3+3 -> 2+3 (8); W->C: 3+2+1 -> 2+2+1 (3)
    ['A A A A W W X', 15], // W W->A: 6 -> 5 (15); W W->B: 4+2 -> 3+2 (8)
    ['A A B B W W X', 8], // W->A, W->B: 3+3 -> 2+3 (8); W W->A: 4+2 -> 3+2 (8); W W->C: 2+2+2 -> 1+2+2 (3)
    ['A B C D W X X', 0], // W->A makes the only pair and the first Break undoes it
    ['A A B C D W X', 1], // W->A: 3 -> 2 (1); W->B: 2+2 -> 1+2 (1)
  ])('%s = %i', (row, points) => expect(score(row)).toBe(points));

  it('explainScore reports the assignment it chose', () => {
    const e = explainScore([3, 2, 0, 0, 0, 0, 0], 1, 1, rules.categories);
    expect(e.score).toBe(8);
    expect(e.afterBreaks.filter((g) => g > 0).sort()).toEqual([2, 3]);
  });
});

describe('SEVENFALL scoring, preset sevenfall-6x6 (6 symbols x 6, 2 Wilds, 2 Breaks)', () => {
  const r6 = sevenfallPreset('sevenfall-6x6');
  const t6 = new ScoreTable(r6);
  it.each([
    ['A A A A A A B', 15], // six of a kind satisfies Five of a Kind; B alone makes no pair
    ['A A A A A A W', 15], // W->A: seven A (15); W->B: six A and one B (15)
    ['A A A A A W W', 18], // W W->B: 5+2
    ['A A A A A A X', 15], // the Break leaves five
    ['A B C D E F W', 1], // W pairs any symbol
    ['A A B B C C W', 15], // W->A: 3+2+2
  ])('%s = %i', (row, points) => expect(scoreText(r6, t6, row)).toBe(points));
});

describe('SEVENFALL scoring: more readings of the rules text, worked by hand', () => {
  // Rules text: "Score the single highest matching listed category"; "Wild Tiles are assigned before
  // Break Tiles are applied"; a Break "reduces one scoring combination by one matching tile ... it
  // affects the highest-value scoring combination" (RULES-DECISIONS: the current largest group of >= 2;
  // equal groups are interchangeable).
  it.each([
    // Two Triples (12) and one Break: both groups have 3, either loses a tile: 3+2 = Triple + Pair (8).
    ['A A A B B B X', 8],
    // Two Breaks in turn on the same group: 5 -> 4 -> 3, One Triple (5).
    ['A A A A A X X', 5],
    // 4 -> 3 -> 2, One Pair (1).
    ['A A A A B X X', 1],
    // Wild first: W->A makes six A, the Break leaves five: Five of a Kind (15); W->B gives 5+1 -> 4+1 (10).
    ['A A A A A W X', 15],
    // Several categories at once, the highest counts: W->A, W->B gives 5+2 (18); W W->A gives 6+1,
    // Five of a Kind (15); W W->B gives 4+3 (16).
    ['W W A A A A B', 18],
    // Three Wilds against two Breaks: W W W->A: 4+1 -> 3+1 -> 2+1 (1); W W->A, W->B: 3+2 -> 2+2 -> 2+1 (1);
    // W->A, W->B, W->C: 2+2+1 -> 1+2+1 -> 1+1+1 (0). No triple survives two Breaks (it needs a group
    // of 5 first; A has at most 1 + 3 W = 4) and no two pairs (they need 3+3, six tiles): One Pair (1).
    ['A B W W W X X', 1],
    // Equal-points categories: W W W->A gives Five of a Kind (15), W->A, W->B, W->C gives Triple + Two
    // Pairs (15); nothing reaches 16 or 18 (5+2 and 4+3 need 7 tiles of two symbols: A A B W W W are 6).
    ['W W W A A B C', 15],
    // Two Pairs and a Wild with a Break: W->A: 3+2+1 -> 2+2+1 (3); W->C: 2+2+2 -> 1+2+2 (3): Two Pairs (3).
    ['A A B B C W X', 3],
  ])('%s = %i', (row, points) => expect(score(row)).toBe(points));
});
