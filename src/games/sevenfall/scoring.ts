/**
 * SEVENFALL scoring. `explainScore` is the rule, written for clarity: try every assignment of the
 * Wilds, apply each Break to the largest group, take the highest satisfied category. `ScoreTable`
 * evaluates it once for every group-size profile so that the engine scores a row by lookup.
 */
import { type Category, type SevenfallRules, WILD, BREAK } from './rules.js';

/** Can the categories' parts be given distinct groups, each at least as large as its part? */
export function satisfies(groupsDesc: readonly number[], parts: readonly number[]): boolean {
  // Largest part to largest group is optimal: any matching can be exchanged into this one.
  if (parts.length > groupsDesc.length) return false;
  for (let i = 0; i < parts.length; i++) if (groupsDesc[i] < parts[i]) return false;
  return true;
}

/** Index of the highest-scoring satisfied category, or -1 for no score. */
export function bestCategory(groups: readonly number[], categories: readonly Category[]): number {
  const desc = [...groups].filter((g) => g > 0).sort((a, b) => b - a);
  let best = -1;
  categories.forEach((c, i) => {
    if (satisfies(desc, c.parts) && (best < 0 || c.points > categories[best].points)) best = i;
  });
  return best;
}

/** Applies the Breaks in turn: each removes one tile from the current largest group of >= 2. */
export function applyBreaks(groups: number[], breaks: number): void {
  for (let b = 0; b < breaks; b++) {
    let at = -1;
    for (let i = 0; i < groups.length; i++) if (at < 0 || groups[i] > groups[at]) at = i;
    if (at >= 0 && groups[at] >= 2) groups[at]--;
  }
}

export interface ScoreExplanation {
  score: number;
  /** Category index, -1 for no score. */
  category: number;
  /** Wilds assigned to each symbol. */
  wildsTo: number[];
  /** Symbol group sizes after wilds, then after breaks. */
  withWilds: number[];
  afterBreaks: number[];
}

/**
 * The exact score of a row given its symbol counts (one entry per symbol), wilds and breaks.
 * Slow and clear: used to build the lookup table and to print traces.
 */
export function explainScore(counts: readonly number[], wilds: number, breaks: number, categories: readonly Category[]): ScoreExplanation {
  const wildsTo = counts.map(() => 0);
  let best: ScoreExplanation | null = null;
  const visit = (symbol: number, left: number): void => {
    if (symbol === counts.length - 1 || left === 0) {
      wildsTo[symbol] += left;
      const withWilds = counts.map((c, i) => c + wildsTo[i]);
      const afterBreaks = [...withWilds];
      applyBreaks(afterBreaks, breaks);
      const category = bestCategory(afterBreaks, categories);
      const score = category < 0 ? 0 : categories[category].points;
      if (best === null || score > best.score) best = { score, category, wildsTo: [...wildsTo], withWilds, afterBreaks };
      wildsTo[symbol] -= left;
      return;
    }
    for (let k = 0; k <= left; k++) {
      wildsTo[symbol] = k;
      visit(symbol + 1, left - k);
    }
    wildsTo[symbol] = 0;
  };
  visit(0, wilds);
  return best!;
}

/**
 * Scores by lookup. A row's profile key is sum over symbols of code[count]: code[k] is a mixed-radix
 * digit weight for "one more symbol with exactly k tiles", and at most floor(rowSize/k) symbols can
 * have k tiles, so the key is unique and small (1,536 keys for a 7-tile row).
 */
/**
 * What strategies and the solver read of a score table: a row's score from its tile counts, or by its
 * table index (the sum of `step` over its tiles; `table[index]` its score). The arrays are shared by
 * every strategy of the same rules in a thread: read them, never write them.
 */
export interface RowScorer {
  readonly maxScore: number;
  /** Score of a row from its tile counts (length symbols + 2: symbols, then Wild, then Break). */
  scoreCounts(counts: ArrayLike<number>): number;
  /** Score by table index (-1 where no row has that profile). */
  readonly table: Int16Array;
  /** How a row's table index grows with its (c+1)-th tile of code t: step[t * (rowSize + 1) + c]. */
  readonly step: Int32Array;
}

export class ScoreTable implements RowScorer {
  readonly rules: SevenfallRules;
  /** code[k] for k = 0..rowSize; code[0] = 0. */
  readonly code: Int32Array;
  readonly keySpace: number;
  readonly maxWilds: number;
  readonly maxBreaks: number;
  /** Score by (key, wilds, breaks); -1 where no row has that profile. */
  readonly table: Int16Array;
  /** Category index by the same index; -1 for no score. */
  readonly categoryTable: Int8Array;
  readonly maxScore: number;
  /**
   * step[t * (rowSize + 1) + c]: how much a row's table index (see index) grows when it gains its
   * (c+1)-th tile of code t (symbols, then Wild, then Break). A row's index is the sum of its tiles'
   * steps, so the engine scores a row in one pass over its tiles.
   */
  readonly step: Int32Array;

  constructor(rules: SevenfallRules) {
    this.rules = rules;
    const n = rules.rowSize;
    this.code = new Int32Array(n + 1);
    let weight = 1;
    for (let k = 1; k <= n; k++) {
      this.code[k] = weight;
      weight *= Math.floor(n / k) + 1;
    }
    this.keySpace = weight;
    this.maxWilds = Math.min(rules.wilds, n);
    this.maxBreaks = Math.min(rules.breaks, n);
    this.table = new Int16Array(this.keySpace * (this.maxWilds + 1) * (this.maxBreaks + 1)).fill(-1);
    this.categoryTable = new Int8Array(this.table.length).fill(-1);
    this.maxScore = Math.max(0, ...rules.categories.map((c) => c.points));
    this.step = new Int32Array((rules.symbols + 2) * (n + 1));
    for (let c = 0; c < n; c++) {
      for (let t = 0; t < rules.symbols; t++) this.step[t * (n + 1) + c] = this.index(this.code[c + 1] - this.code[c], 0, 0);
      this.step[rules.symbols * (n + 1) + c] = this.index(0, 1, 0);
      this.step[(rules.symbols + 1) * (n + 1) + c] = this.index(0, 0, 1);
    }
    // Every profile of up to rowSize symbol tiles over at most `symbols` symbols, each <= copies.
    const counts = new Array<number>(rules.symbols).fill(0);
    const fill = (i: number, maxPart: number, used: number): void => {
      for (let w = 0; w <= Math.min(this.maxWilds, n - used); w++) {
        for (let b = 0; b <= Math.min(this.maxBreaks, n - used - w); b++) {
          const e = explainScore(counts, w, b, rules.categories);
          const at = this.index(this.keyOf(counts), w, b);
          this.table[at] = e.score;
          this.categoryTable[at] = e.category;
        }
      }
      if (i === counts.length) return;
      for (let c = 1; c <= Math.min(maxPart, n - used, rules.copiesPerSymbol); c++) {
        counts[i] = c;
        fill(i + 1, c, used + c);
        counts[i] = 0;
      }
    };
    fill(0, n, 0);
  }

  keyOf(counts: ArrayLike<number>): number {
    let key = 0;
    for (let s = 0; s < this.rules.symbols; s++) key += this.code[counts[s]];
    return key;
  }

  /** A profile key back to its group sizes, largest first (keyOf's digits: floor(rowSize/k)+1 values for size k). */
  groupSizes(key: number): number[] {
    const n = this.rules.rowSize;
    const sizes: number[] = [];
    for (let k = n; k >= 1; k--) {
      const digit = Math.floor(key / this.code[k]) % (Math.floor(n / k) + 1);
      for (let i = 0; i < digit; i++) sizes.push(k);
    }
    return sizes;
  }

  /** The table index of a profile: digits key, wilds (radix maxWilds+1), breaks (radix maxBreaks+1). */
  index(key: number, wilds: number, breaks: number): number {
    return (key * (this.maxWilds + 1) + wilds) * (this.maxBreaks + 1) + breaks;
  }

  /** index() read back. */
  unindex(index: number): { key: number; wilds: number; breaks: number } {
    const breaks = index % (this.maxBreaks + 1);
    const rest = Math.floor(index / (this.maxBreaks + 1));
    return { key: Math.floor(rest / (this.maxWilds + 1)), wilds: rest % (this.maxWilds + 1), breaks };
  }

  /** Score of a row from its tile counts (length symbols + 2: symbols, then Wild, then Break). */
  scoreCounts(counts: ArrayLike<number>): number {
    const s = this.rules.symbols;
    return this.table[this.index(this.keyOf(counts), counts[s], counts[s + 1])];
  }

  /** Index of the category a row scores (-1: none), from its tile counts. */
  categoryCounts(counts: ArrayLike<number>): number {
    const s = this.rules.symbols;
    return this.categoryTable[this.index(this.keyOf(counts), counts[s], counts[s + 1])];
  }
}

export { WILD, BREAK };
