/**
 * CMA-ES (mu/mu_w, lambda) with the default settings of Hansen's tutorial ("The CMA Evolution
 * Strategy: A Tutorial", 2016, and its purecma.py), maximising. It works in unit coordinates (each
 * numeric parameter's range mapped to [0, 1]); samples outside the box are clipped and the clipped
 * points drive the update. Each generation is one step: the current mean and lambda samples play one
 * fresh block of games, and the samples are ranked by their means there (common random numbers make
 * the ranking far less noisy than the levels). Integers and stepped values are rounded for play; the
 * step size is kept from shrinking below half a step in any coordinate ("step floor"), where the
 * search could no longer move. The answer is the distribution's mean, not the luckiest sample.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { BudgetError } from './race.js';
import { type Searcher, type StepPlan, type StepResult, distinct } from './search.js';
import type { Point } from './space.js';

export interface ContinuousOptions {
  /** Start in unit coordinates. */
  start: number[];
  /** Per coordinate, the smallest move that changes the played value (0 for reals). */
  unitSteps: number[];
  /** Maps unit coordinates to a snapped point. */
  toPoint(u: readonly number[]): Point;
  budget: number;
  minGames: number;
  /** A seeded uniform [0, 1) stream for the method's own randomness. */
  uniform(): number;
}

export const CMAES_SIGMA0 = 0.3;
/** Smallest standard deviation, in unit coordinates, for a real coordinate. */
const REAL_FLOOR = 1e-3;

const clip01 = (x: number): number => Math.min(1, Math.max(0, x));

/** A standard normal deviate by Box-Muller from a uniform stream. */
export function gaussian(uniform: () => number): number {
  const u = 1 - uniform(); // (0, 1]
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
}

export class CmaesSearch implements Searcher {
  readonly lambda: number;
  readonly generations: number;
  private readonly games: number;
  private readonly n: number;
  private readonly mu: number;
  private readonly weights: number[];
  private readonly mueff: number;
  private readonly cc: number;
  private readonly cs: number;
  private readonly c1: number;
  private readonly cmu: number;
  private readonly damps: number;
  private readonly chiN: number;
  private readonly floor: number[];
  private mean: number[];
  private sigma = CMAES_SIGMA0;
  private pc: number[];
  private ps: number[];
  private C: Matrix;
  private B: Matrix;
  private D: number[];
  private invsqrtC: Matrix;
  private generation = 0;
  private samples: number[][] = [];
  private lastRanked: Point[] = [];

  constructor(private readonly o: ContinuousOptions) {
    const n = (this.n = o.start.length);
    if (n < 1) throw new Error('cmaes: no coordinates');
    this.lambda = 4 + Math.floor(3 * Math.log(n));
    this.mu = Math.floor(this.lambda / 2);
    const raw = Array.from({ length: this.mu }, (_, i) => Math.log(this.mu + 0.5) - Math.log(i + 1));
    const total = raw.reduce((a, b) => a + b, 0);
    this.weights = raw.map((w) => w / total);
    this.mueff = 1 / this.weights.reduce((a, w) => a + w * w, 0);
    const mueff = this.mueff;
    this.cc = (4 + mueff / n) / (n + 4 + (2 * mueff) / n);
    this.cs = (mueff + 2) / (n + mueff + 5);
    this.c1 = 2 / ((n + 1.3) ** 2 + mueff);
    this.cmu = Math.min(1 - this.c1, (2 * (mueff - 2 + 1 / mueff)) / ((n + 2) ** 2 + mueff));
    this.damps = 1 + 2 * Math.max(0, Math.sqrt((mueff - 1) / (n + 1)) - 1) + this.cs;
    this.chiN = Math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));
    this.floor = o.unitSteps.map((s) => (s > 0 ? s / 2 : REAL_FLOOR));
    this.mean = o.start.map(clip01);
    this.pc = new Array<number>(n).fill(0);
    this.ps = new Array<number>(n).fill(0);
    this.C = Matrix.eye(n);
    this.B = Matrix.eye(n);
    this.D = new Array<number>(n).fill(1);
    this.invsqrtC = Matrix.eye(n);
    // About 10 generations per coordinate plus 20, each with at least minGames games per point.
    const perStep = this.lambda + 1;
    const target = 10 * n + 20;
    this.games = Math.max(o.minGames, Math.floor(o.budget / (perStep * target)));
    this.generations = Math.floor(o.budget / (perStep * this.games));
    if (this.generations < 3) throw new BudgetError(3 * perStep * o.minGames);
  }

  next(): StepPlan | null {
    if (this.generation >= this.generations) return null;
    const n = this.n;
    this.samples = Array.from({ length: this.lambda }, () => {
      const z = Array.from({ length: n }, () => gaussian(() => this.o.uniform()));
      const y = new Array<number>(n).fill(0);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) y[i] += this.B.get(i, j) * this.D[j] * z[j];
      return y.map((yi, i) => clip01(this.mean[i] + this.sigma * yi));
    });
    return { points: [this.o.toPoint(this.mean), ...this.samples.map((x) => this.o.toPoint(x))], games: this.games };
  }

  observe(r: StepResult): void {
    const n = this.n;
    const fitness = this.samples.map((_, k) => r.estimate(k + 1).mean);
    const order = fitness.map((_, k) => k).sort((a, b) => fitness[b] - fitness[a] || a - b);
    this.lastRanked = order.map((k) => this.o.toPoint(this.samples[k]));
    const old = this.mean;
    const chosen = order.slice(0, this.mu).map((k) => this.samples[k]);
    this.mean = Array.from({ length: n }, (_, i) => chosen.reduce((s, x, k) => s + this.weights[k] * x[i], 0));
    const step = this.mean.map((m, i) => (m - old[i]) / this.sigma);
    const cStep = this.invsqrtC.mmul(Matrix.columnVector(step)).getColumn(0);
    const ksCs = Math.sqrt(this.cs * (2 - this.cs) * this.mueff);
    this.ps = this.ps.map((p, i) => (1 - this.cs) * p + ksCs * cStep[i]);
    this.generation++;
    const psNorm = Math.hypot(...this.ps);
    const hsig = psNorm / Math.sqrt(1 - (1 - this.cs) ** (2 * this.generation)) / this.chiN < 1.4 + 2 / (n + 1) ? 1 : 0;
    const kcc = Math.sqrt(this.cc * (2 - this.cc) * this.mueff);
    this.pc = this.pc.map((p, i) => (1 - this.cc) * p + hsig * kcc * step[i]);
    const art = chosen.map((x) => x.map((xi, i) => (xi - old[i]) / this.sigma));
    const C = new Matrix(n, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let rankMu = 0;
        for (let k = 0; k < this.mu; k++) rankMu += this.weights[k] * art[k][i] * art[k][j];
        const rankOne = this.pc[i] * this.pc[j] + (1 - hsig) * this.cc * (2 - this.cc) * this.C.get(i, j);
        C.set(i, j, (1 - this.c1 - this.cmu) * this.C.get(i, j) + this.c1 * rankOne + this.cmu * rankMu);
      }
    }
    this.C = C;
    this.sigma = Math.min(1, this.sigma * Math.exp((this.cs / this.damps) * (psNorm / this.chiN - 1)));
    // Step floor: no coordinate's standard deviation below half a step (raising that diagonal
    // element of C keeps it positive definite and leaves the other coordinates alone).
    for (let i = 0; i < n; i++) {
      const least = (this.floor[i] / this.sigma) ** 2;
      if (this.C.get(i, i) < least) this.C.set(i, i, least);
    }
    this.decompose();
  }

  private decompose(): void {
    const e = new EigenvalueDecomposition(this.C, { assumeSymmetric: true });
    this.B = e.eigenvectorMatrix;
    this.D = e.realEigenvalues.map((v) => Math.sqrt(Math.max(v, 1e-20)));
    const inv = Matrix.diag(this.D.map((d) => 1 / d));
    this.invsqrtC = this.B.mmul(inv).mmul(this.B.transpose());
  }

  get maxSteps(): number {
    return this.generations;
  }

  stepIncumbent(): number {
    return 0;
  }

  incumbent(): Point {
    return this.o.toPoint(this.mean);
  }

  finalists(max: number): Point[] {
    return distinct([this.incumbent(), ...this.lastRanked]).slice(0, max);
  }

  /** The coordinate-wise standard deviations of the search distribution (unit coordinates). */
  spread(): number[] {
    return Array.from({ length: this.n }, (_, i) => this.sigma * Math.sqrt(this.C.get(i, i)));
  }
}
