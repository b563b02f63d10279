/**
 * Ratings on an Elo scale from finishing orders. Each game's finishing order is broken into its
 * pairwise comparisons (a finished ahead of b, a tie counts half to each), and a Bradley-Terry model,
 * P(a ahead of b) = g_a / (g_a + g_b), is fitted to them by maximum likelihood. The pairs of one game
 * (and the games of one deal) are not independent, so the fit is a composite likelihood and its
 * uncertainty comes from a bootstrap over deals, not from the Fisher information.
 *
 * Elo = 400 log10(g), centred so the entrants' mean is 0: a difference of d means the higher one
 * finishes ahead in a shared game with chance 1 / (1 + 10^(-d / 400)).
 */
import { errorFunction, quantileSorted } from 'simple-statistics';

export const ELO_PER_NAT = 400 / Math.LN10;

/**
 * The maximum-likelihood Bradley-Terry ratings (Elo, mean 0) of k entrants from `ahead` (k x k,
 * ahead[a * k + b] = comparisons a won against b, ties counted half), or null when no finite maximum
 * exists: some group of entrants never finished behind the rest (its comparison graph is not strongly
 * connected). Fitted by Zermelo's iteration (Hunter's MM algorithm), which converges whenever the
 * maximum exists.
 */
export function fitBradleyTerry(k: number, ahead: ArrayLike<number>): number[] | null {
  if (!stronglyConnected(k, ahead)) return null;
  const wins = new Float64Array(k);
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) if (a !== b) wins[a] += ahead[a * k + b];
  let g = new Float64Array(k).fill(1);
  let next = new Float64Array(k);
  for (let iter = 0; iter < 100_000; iter++) {
    for (let a = 0; a < k; a++) {
      let d = 0;
      for (let b = 0; b < k; b++) {
        if (b === a) continue;
        const n = ahead[a * k + b] + ahead[b * k + a];
        if (n > 0) d += n / (g[a] + g[b]);
      }
      next[a] = wins[a] / d;
    }
    // Geometric mean 1 keeps the scale fixed (the model only sees ratios).
    let logMean = 0;
    for (let a = 0; a < k; a++) logMean += Math.log(next[a]) / k;
    let change = 0;
    for (let a = 0; a < k; a++) {
      const x = next[a] / Math.exp(logMean);
      change = Math.max(change, Math.abs(Math.log(x / g[a])));
      next[a] = x;
    }
    [g, next] = [next, g];
    if (change < 1e-12) break;
  }
  return Array.from(g, (x) => ELO_PER_NAT * Math.log(x));
}

/** True when every entrant reaches every other along "finished ahead of (or tied) at least once" edges. */
function stronglyConnected(k: number, ahead: ArrayLike<number>): boolean {
  const reach = (forward: boolean): boolean => {
    const seen = new Uint8Array(k);
    const stack = [0];
    seen[0] = 1;
    while (stack.length > 0) {
      const a = stack.pop()!;
      for (let b = 0; b < k; b++) {
        if (!seen[b] && (forward ? ahead[a * k + b] : ahead[b * k + a]) > 0) {
          seen[b] = 1;
          stack.push(b);
        }
      }
    }
    return seen.every((x) => x === 1);
  };
  return reach(true) && reach(false);
}

export interface Rating {
  /** Elo, mean of the entrants 0; null when the maximum-likelihood fit does not exist. */
  elo: number | null;
  /** 95% percentile bootstrap interval (quantiles as simple-statistics, type 7); null when a replicate had no finite fit. */
  elo_ci95: [number, number] | null;
}

/** The standard normal CDF. */
export function normalCdf(z: number): number {
  const e = errorFunction(Math.abs(z) / Math.SQRT2);
  return z >= 0 ? 0.5 * (1 + e) : 0.5 * (1 - e);
}

/** The standard normal quantile: normalCdf inverted by bisection (to about 1e-7, the error function's own accuracy). */
export function normalQuantile(p: number): number {
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface Ratings {
  ratings: Rating[];
  /** The replicates' fits (null where a replicate has none), for LOS between any two entrants. */
  replicates: (number[] | null)[];
}

/** Point fit and percentile intervals from the point counts and one count matrix per replicate. */
export function rateWithBootstrap(k: number, ahead: ArrayLike<number>, replicates: ArrayLike<number>[]): Ratings {
  const point = fitBradleyTerry(k, ahead);
  const fits = replicates.map((r) => fitBradleyTerry(k, r));
  const complete = fits.every((f) => f !== null) && fits.length > 1;
  const ratings = Array.from({ length: k }, (_, a): Rating => {
    if (point === null) return { elo: null, elo_ci95: null };
    if (!complete) return { elo: point[a], elo_ci95: null };
    const xs = Array.from(fits, (f) => f![a]).sort((x, y) => x - y);
    return { elo: point[a], elo_ci95: [quantileSorted(xs, 0.025), quantileSorted(xs, 0.975)] };
  });
  return { ratings, replicates: fits };
}

/**
 * Likelihood of superiority of a over b: the chance a's true rating is above b's, taken as
 * Phi(d / s) with d the fitted difference and s the bootstrap spread of the difference (the
 * replicates are paired: both ratings come from the same resampled deals). Null without a fit or
 * without spread.
 */
export function likelihoodOfSuperiority(r: Ratings, a: number, b: number): number | null {
  const ea = r.ratings[a].elo;
  const eb = r.ratings[b].elo;
  if (ea === null || eb === null || r.replicates.length < 2 || r.replicates.some((f) => f === null)) return null;
  const d = r.replicates.map((f) => f![a] - f![b]);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1));
  const diff = ea - eb;
  // No spread over the resampled deals: level in every one is level (0.5, identical strategies); a
  // difference that never varies (every resample alike, as with one deal) says nothing of how sure it is.
  if (!(sd > 0)) return diff === 0 ? 0.5 : null;
  return normalCdf(diff / sd);
}
