/**
 * SPSA (simultaneous perturbation stochastic approximation) with fishtest's gain schedule: at
 * iteration k, a_k = a / (A + k + 1)^0.602 and c_k = c / (k + 1)^0.101 with A = 10% of the
 * iterations. Each iteration is one step: theta, theta + c_k Delta and theta - c_k Delta (Delta a
 * random +-1 per coordinate) play one fresh block of games. In unit coordinates, and with the
 * measured difference divided by its standard error (a z-score, clipped to +-4) so that one gain fits
 * every objective: a = 0.05 * 2c * (A + 1)^0.602 moves the first step 0.05 of the range for z = 1.
 * c = 0.1 of the range, and never less than one step of a coordinate (smaller moves round to nothing).
 * A cheap baseline: it follows a noisy gradient and answers theta.
 */
import { BudgetError } from './race.js';
import type { ContinuousOptions } from './cmaes.js';
import { type Searcher, type StepPlan, type StepResult, distinct } from './search.js';
import type { Point } from './space.js';

export const SPSA_ALPHA = 0.602;
export const SPSA_GAMMA = 0.101;
export const SPSA_C = 0.1;
export const SPSA_FIRST_MOVE = 0.05;
const Z_CLIP = 4;

const clip01 = (x: number): number => Math.min(1, Math.max(0, x));

export class SpsaSearch implements Searcher {
  readonly iterations: number;
  readonly A: number;
  readonly a: number;
  private readonly games: number;
  private theta: number[];
  private k = 0;
  private delta: number[] = [];
  private ck: number[] = [];
  private readonly history: Point[] = [];

  constructor(private readonly o: ContinuousOptions) {
    // About 100 iterations, each with at least minGames games per point.
    this.games = Math.max(o.minGames, Math.floor(o.budget / (3 * 100)));
    this.iterations = Math.floor(o.budget / (3 * this.games));
    if (this.iterations < 3) throw new BudgetError(9 * o.minGames);
    this.A = 0.1 * this.iterations;
    this.a = SPSA_FIRST_MOVE * 2 * SPSA_C * (this.A + 1) ** SPSA_ALPHA;
    this.theta = o.start.map(clip01);
  }

  /** The gains of iteration k (from 0). */
  gains(k: number): { a: number; c: number } {
    return { a: this.a / (this.A + k + 1) ** SPSA_ALPHA, c: SPSA_C / (k + 1) ** SPSA_GAMMA };
  }

  next(): StepPlan | null {
    if (this.k >= this.iterations) return null;
    const { c } = this.gains(this.k);
    this.delta = this.theta.map(() => (this.o.uniform() < 0.5 ? -1 : 1));
    this.ck = this.o.unitSteps.map((s) => Math.max(c, s));
    const plus = this.theta.map((t, i) => clip01(t + this.ck[i] * this.delta[i]));
    const minus = this.theta.map((t, i) => clip01(t - this.ck[i] * this.delta[i]));
    return { points: [this.o.toPoint(this.theta), this.o.toPoint(plus), this.o.toPoint(minus)], games: this.games };
  }

  observe(r: StepResult): void {
    const d = r.diff(1, 2);
    const z = Math.max(-Z_CLIP, Math.min(Z_CLIP, d.se > 0 ? d.mean / d.se : 0));
    const { a } = this.gains(this.k);
    this.theta = this.theta.map((t, i) => clip01(t + (a * z * this.delta[i]) / (2 * this.ck[i])));
    this.history.push(this.o.toPoint(this.theta));
    this.k++;
  }

  get maxSteps(): number {
    return this.iterations;
  }

  stepIncumbent(): number {
    return 0;
  }

  incumbent(): Point {
    return this.o.toPoint(this.theta);
  }

  finalists(max: number): Point[] {
    return distinct([this.incumbent(), ...this.history.slice().reverse()]).slice(0, max);
  }
}
