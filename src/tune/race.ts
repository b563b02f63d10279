/**
 * `grid` and `race` over a finite set of points.
 *
 * grid: every point plays every step (the budget split into up to GRID_STEPS fresh blocks); the
 * answer is the best accumulated mean.
 *
 * race: successive halving on paired differences. Each round plays the surviving points on a fresh
 * block; the sums accumulate over rounds (every survivor played every block, so the differences stay
 * paired). A point is dropped once its gap to the leader is significant (one-sided, Bonferroni over
 * the survivors at level RACE_ALPHA); if more than half survive, only the better half by mean goes on.
 * The budget is split evenly over ceil(log2 K) rounds, so fewer survivors play more games each.
 */
import { probit } from 'simple-statistics';
import type { Point } from './space.js';
import { type Searcher, type StepPlan, type StepResult, argmax } from './search.js';
import { BlockStats, type Estimate } from './stats.js';

export const GRID_STEPS = 10;
export const RACE_ALPHA = 0.05;

export class BudgetError extends Error {
  constructor(readonly needed: number) {
    super(`budget too small: the first step needs at least ${needed} games`);
  }
}

/** Shared by grid and race: the sums of every point over the steps it played. */
abstract class FinitePoints implements Searcher {
  protected acc: BlockStats | null = null;
  protected alive: number[];
  /** The points of the last plan, in plan order. */
  protected planned: number[] = [];
  protected leader = 0;
  protected steps = 0;
  /** The step each point was dropped after (Infinity while alive): finalists are the last standing. */
  protected readonly droppedAt: number[];
  abstract readonly maxSteps: number;

  constructor(protected readonly points: Point[]) {
    this.alive = points.map((_, i) => i);
    this.droppedAt = points.map(() => Infinity);
  }

  abstract next(): StepPlan | null;

  observe(r: StepResult): void {
    this.acc ??= new BlockStats(this.points.length, r.stats.scale, undefined, r.stats.share);
    // The plan's points are distinct: stats row index[i] holds planned point i.
    const global: number[] = [];
    r.index.forEach((row, i) => (global[row] = this.planned[i]));
    this.acc.addSubset(global, r.stats);
    this.leader = this.alive[argmax(this.alive.map((p) => this.mean(p)))];
    this.steps++;
  }

  protected mean(p: number): number {
    return this.acc!.estimate(p).mean;
  }

  stepIncumbent(): number {
    return this.planned.indexOf(this.leader);
  }

  incumbent(): Point {
    return this.points[this.leader];
  }

  /** The leader's mean over every block it played (biased up: it leads because of them). */
  bestSoFar(): Estimate {
    return this.acc!.estimate(this.leader);
  }

  finalists(max: number): Point[] {
    const order = this.points.map((_, i) => i).filter((i) => i !== this.leader).sort((a, b) => this.droppedAt[b] - this.droppedAt[a] || this.mean(b) - this.mean(a) || a - b);
    return [this.leader, ...order].slice(0, max).map((i) => this.points[i]);
  }
}

export class GridSearch extends FinitePoints {
  readonly maxSteps: number;
  private readonly gamesPerStep: number;

  /** Throws BudgetError if the budget cannot give every point `minGames` games. */
  constructor(points: Point[], budget: number, minGames: number) {
    super(points);
    this.maxSteps = Math.max(1, Math.min(GRID_STEPS, Math.floor(budget / (points.length * minGames))));
    this.gamesPerStep = Math.floor(budget / this.maxSteps / points.length);
    if (this.gamesPerStep < minGames) throw new BudgetError(points.length * minGames);
  }

  next(): StepPlan | null {
    if (this.steps >= this.maxSteps) return null;
    this.planned = [...this.alive];
    return { points: this.planned.map((p) => this.points[p]), games: this.gamesPerStep };
  }
}

export class RaceSearch extends FinitePoints {
  readonly maxSteps: number;
  private readonly roundBudget: number;

  constructor(points: Point[], budget: number, minGames: number) {
    super(points);
    this.maxSteps = Math.max(1, Math.ceil(Math.log2(points.length)));
    this.roundBudget = Math.floor(budget / this.maxSteps);
    if (Math.floor(this.roundBudget / points.length) < minGames) throw new BudgetError(points.length * minGames * this.maxSteps);
  }

  next(): StepPlan | null {
    if (this.steps >= this.maxSteps || this.alive.length < 2) return null;
    this.planned = [...this.alive];
    return { points: this.planned.map((p) => this.points[p]), games: Math.floor(this.roundBudget / this.alive.length) };
  }

  override observe(r: StepResult): void {
    super.observe(r);
    const acc = this.acc!;
    const before = this.alive.length;
    const z = probit(1 - RACE_ALPHA / Math.max(1, before - 1));
    const keep = this.alive.filter((p) => {
      if (p === this.leader) return true;
      const d = acc.diff(this.leader, p);
      const significant = d.se > 0 ? d.mean / d.se > z : d.mean > 0;
      if (significant) this.droppedAt[p] = this.steps;
      return !significant;
    });
    keep.sort((a, b) => this.mean(b) - this.mean(a) || a - b);
    const half = Math.ceil(before / 2);
    for (const p of keep.slice(half)) this.droppedAt[p] = this.steps;
    this.alive = keep.slice(0, half).sort((a, b) => a - b);
  }
}
