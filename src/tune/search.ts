/**
 * What every search method implements. The orchestration (run/tune.ts) asks for a step, plays its
 * points on one fresh block of seeded games (common random numbers), and tells the method the
 * result; the method never sees the validation block. Methods are pure: they can be tested on a
 * made-up objective without the engine.
 */
import type { Point } from './space.js';
import type { BlockStats, Difference, Estimate } from './stats.js';

export interface StepPlan {
  /** Snapped points; duplicates allowed (they are played once). */
  points: Point[];
  /** Games each point plays in this step. */
  games: number;
}

/** A step's outcome over the plan's points, in plan order. */
export interface StepResult {
  n: number;
  estimate(i: number): Estimate;
  diff(i: number, j: number): Difference;
  /** The sums of the distinct points played, and the row of each plan point in them. */
  stats: BlockStats;
  index: readonly number[];
}

export interface Searcher {
  /** Steps the method plans at most (it may stop earlier). */
  readonly maxSteps: number;
  /** The next step, or null when the method is done or its budget is spent. */
  next(): StepPlan | null;
  observe(result: StepResult): void;
  /** The plan index of the step's incumbent (the differences in tune.arrow are taken against it). */
  stepIncumbent(): number;
  /** The point the method would answer now. */
  incumbent(): Point;
  /** Up to `max` distinct points worth validating, the incumbent first. */
  finalists(max: number): Point[];
  /**
   * The search's own estimate of its incumbent after the step, where it pools several blocks (race and
   * grid: every block the leader played); otherwise tune takes the incumbent's estimate on the step's block.
   */
  bestSoFar?(): Estimate;
}

/** A StepResult over a plan, from the stats of its distinct points (`index[i]`: plan point i's row). */
export function stepResult(stats: BlockStats, index: readonly number[]): StepResult {
  return {
    stats,
    index,
    n: stats.n,
    estimate: (i) => stats.estimate(index[i]),
    diff: (i, j) => stats.diff(index[i], index[j]),
  };
}

export const pointKey = (p: Point): string => p.join(',');

/** Distinct points in order. */
export function distinct(points: readonly Point[]): Point[] {
  const seen = new Set<string>();
  return points.filter((p) => {
    const k = pointKey(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The index of the largest value (the first on ties). */
export function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}
