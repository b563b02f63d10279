/**
 * A SEVENFALL scorer written for the tests from the rules text (seeds/sevenfall-rules.txt) and the
 * binding "Scoring a final row" of RULES-DECISIONS.md, sharing no code with src/games/sevenfall/scoring.ts
 * and done differently on purpose:
 * 1. each Wild, one at a time, goes to any of the symbols (every ordered assignment, symbols^wilds of
 *    them, duplicates included), and the best final score over all of them counts;
 * 2. each Break in turn takes one tile from a largest group, if it has at least 2 tiles;
 * 3. a category counts when its parts can be matched to distinct groups, each at least its part,
 *    found by trying every matching (backtracking), not by sorting; the row scores the most points
 *    among the categories that count, 0 when none does.
 */
export interface CategoryLike {
  parts: readonly number[];
  points: number;
}

/** The "Scoring" list of the rules text, copied from seeds/sevenfall-rules.txt (parts largest first). */
export const RULES_TEXT_CATEGORIES: readonly CategoryLike[] = [
  { parts: [5, 2], points: 18 }, // Five of a Kind + Pair
  { parts: [4, 3], points: 16 }, // Four of a Kind + Triple
  { parts: [5], points: 15 }, // Five of a Kind
  { parts: [3, 2, 2], points: 15 }, // Triple + Two Pairs
  { parts: [4, 2], points: 12 }, // Four of a Kind + Pair
  { parts: [3, 3], points: 12 }, // Two Triples
  { parts: [4], points: 10 }, // Four of a Kind
  { parts: [3, 2], points: 8 }, // Triple + Pair
  { parts: [2, 2, 2], points: 6 }, // Three Pairs
  { parts: [3], points: 5 }, // One Triple
  { parts: [2, 2], points: 3 }, // Two Pairs
  { parts: [2], points: 1 }, // One Pair
];

function matches(groups: number[], parts: readonly number[], used: boolean[], i: number): boolean {
  if (i === parts.length) return true;
  for (let g = 0; g < groups.length; g++) {
    if (used[g] || groups[g] < parts[i]) continue;
    used[g] = true;
    const ok = matches(groups, parts, used, i + 1);
    used[g] = false;
    if (ok) return true;
  }
  return false;
}

function afterBreaks(groups: readonly number[], breaks: number): number[] {
  const g = [...groups];
  for (let b = 0; b < breaks; b++) {
    const largest = Math.max(0, ...g);
    const at = g.indexOf(largest);
    if (largest >= 2) g[at] -= 1;
  }
  return g;
}

/** The score of a row given as per-symbol counts, Wild and Break counts, under these categories. */
export function independentScore(symbolCounts: readonly number[], wilds: number, breaks: number, categories: readonly CategoryLike[]): number {
  let best = 0;
  const groups = [...symbolCounts];
  const assign = (w: number): void => {
    if (w === wilds) {
      const g = afterBreaks(groups, breaks);
      for (const c of categories) if (c.points > best && matches(g, c.parts, g.map(() => false), 0)) best = c.points;
      return;
    }
    for (let s = 0; s < groups.length; s++) {
      groups[s]++;
      assign(w + 1);
      groups[s]--;
    }
  };
  assign(0);
  return best;
}
