/**
 * The bust table of a solo SEVN strategy: the exact chance of a draw decision at each (distinct values,
 * round points), and the next-draw bust chance averaged over the held sets weighted by that chance;
 * beside it the rate measured by the real engine (bust-sim.ts). The exact columns need a strategy with
 * a solo draw rule (SevnStrategyDef.soloDrawRule: it answers from what it sees, no chance): on a
 * number-only deck the recursion over held sets (exact.ts), on any other deck the forward pass of
 * solo-pass.ts when it fits its work cap. Otherwise only the simulated columns are filled (the exact
 * ones are NaN) and `noExact` says why. The forward pass drops the states below its threshold
 * (solo-bound.ts): each row's exact reach then lies in [reach, reach + reachBound], its busts likewise.
 */
import { UserError } from '../../engine/errors.js';
import { checkStrategySpec } from '../../engine/strategy.js';
import { shareCi95 } from '../../stats/summary.js';
import { simulateBustTable, stateKey } from './bust-sim.js';
import { maskSum, otherCards, popcount, soloReach } from './exact.js';
import { type SoloPassProgress, soloPass } from './solo-pass.js';
import type { DroppedStates } from './solo-bound.js';
import type { SevnRules } from './rules.js';
import { type SevnStrategyDef, soloDrawRule } from './view.js';

export interface BustTableRow {
  distinct: number;
  points: number;
  /** Exact expected draws per round at this state, a chance on a number-only deck (NaN when not computed exactly). */
  reach: number;
  /** Exact next-draw bust chance, averaged over the draws at this state (NaN idem). */
  bustExact: number;
  /** The most the states the exact pass dropped could add to this row's reach and to its busts (0: exact; NaN idem). */
  reachBound: number;
  /** Simulation: rounds, draws at this state, busts on those draws. */
  simRounds: number;
  simDraws: number;
  simBusts: number;
  /** simBusts / simDraws and its binomial standard error (NaN without draws). */
  simRate: number;
  simSe: number;
  /** simRate's 95% CI (shareCi95: Wilson's with fewer than 5 draws of one outcome, not 0 +- 0; NaN without draws). */
  simCiLow: number;
  simCiHigh: number;
}

export interface BustTableOptions {
  /** Solo strategy spec (default `stay-at:points=25`). */
  strategy: string;
  /** Simulated solo rounds (0: exact only). */
  rounds: number;
  seed: number;
  /** Called as the exact pass goes (solo-pass.ts). */
  progress?: SoloPassProgress;
  /** The exact pass's work cap (default SOLO_PASS_MAX_STEPS). */
  maxSteps?: number;
  /** The exact pass's threshold (default SOLO_PASS_EPSILON). */
  epsilon?: number;
  /** The band of round points the simulation keeps draws-per-round squares for (formatBustTable's --band; default 10). */
  band?: number;
}

export interface BustTable {
  rules: string;
  strategy: string;
  /** True when the exact columns are filled (number-only deck and a strategy with an exact draw rule). */
  exact: boolean;
  /** Why the exact columns are empty (one line), or null when they are filled. */
  noExact: string | null;
  /**
   * What the exact pass dropped (0 when nothing, NaN without exact columns): the most it adds to the
   * reach of a row of the table (the largest reachBound), and to all rows together (rows not listed
   * included); its threshold, the chance dropped, and per (distinct, points) of the dropped states
   * what they can add (`pointsDrop`: see solo-bound.ts).
   */
  exactBound: number;
  allRowsBound: number;
  epsilon: number;
  droppedChance: number;
  dropped: { distinct: number; points: number; bound: number }[];
  pointsDrop: number;
  rounds: number;
  seed: number;
  rows: BustTableRow[];
  /**
   * The simulation's band of round points and, per band key (distinct x 65536 + the band's lowest
   * points), the sum over rounds of the square of the band's draws in a round: the SE of a simulated
   * draws/round (a round can draw more than once in a band).
   */
  simBand: number;
  simBandSquares: [number, number][];
}

/** Exact: per (distinct, points) the reach of draws and the reach-weighted next-draw bust chance. */
export function exactBustTable(r: SevnRules, draws: (mask: number) => boolean): Map<number, { reach: number; bust: number }> {
  const copies = new Array<number>(31).fill(0);
  let total = 0;
  for (const n of r.numbers) {
    copies[n.value] = n.copies;
    total += n.copies;
  }
  const out = new Map<number, { reach: number; bust: number }>();
  for (const [mask, p] of soloReach(r, draws)) {
    if (!draws(mask)) continue;
    let dup = 0;
    for (let v = 0; v < 31; v++) if ((mask >>> v) & 1) dup += copies[v] - 1;
    const k = stateKey(popcount(mask), maskSum(mask));
    const e = out.get(k) ?? { reach: 0, bust: 0 };
    e.reach += p;
    e.bust += (p * dup) / (total - popcount(mask));
    out.set(k, e);
  }
  for (const e of out.values()) e.bust /= e.reach;
  return out;
}

/** The full bust table: exact beside simulated, rows by distinct values then points. */
export function bustTable(r: SevnRules, strategies: readonly SevnStrategyDef[], o: BustTableOptions): BustTable {
  checkStrategySpec('sevn', strategies, o.strategy);
  const others = otherCards(r);
  const declared = soloDrawRule(strategies, r, o.strategy);
  let exact = new Map<number, { reach: number; bust: number }>();
  let noExact: string | null = null;
  let dropped: DroppedStates | null = null;
  let epsilon = 0;
  if (!declared) noExact = `${o.strategy} declares no solo draw rule (a function of the held values alone)`;
  else if (others === 0) exact = exactBustTable(r, declared);
  else {
    const pass = soloPass(r, strategies, o.strategy, { maxSteps: o.maxSteps, progress: o.progress, epsilon: o.epsilon });
    if ('why' in pass) noExact = pass.why;
    else {
      exact = pass.rows;
      dropped = pass.dropped;
      epsilon = pass.epsilon;
    }
  }
  const rule = noExact === null;
  if (!rule && o.rounds === 0) throw new UserError(`--rounds 0 turns the simulation off, and there is no exact column (${noExact}): nothing to show; give --rounds N`);
  const simulated = o.rounds > 0 ? simulateBustTable(r, strategies, o.strategy, o.rounds, o.seed, o.band ?? 10) : null;
  const sim = simulated?.states ?? new Map<number, { draws: number; busts: number }>();
  const keys = [...new Set([...exact.keys(), ...sim.keys()])].sort((a, b) => a - b);
  const rows = keys.map((k): BustTableRow => {
    const e = exact.get(k);
    const s = sim.get(k);
    const draws = s?.draws ?? 0;
    const busts = s?.busts ?? 0;
    const rate = draws > 0 ? busts / draws : NaN;
    const [simCiLow, simCiHigh] = shareCi95(rate, draws);
    return {
      distinct: Math.floor(k / 65536), points: k % 65536,
      reach: rule ? e?.reach ?? 0 : NaN, bustExact: rule ? e?.bust ?? NaN : NaN,
      reachBound: rule ? dropped?.reachBound(Math.floor(k / 65536), k % 65536) ?? 0 : NaN,
      simRounds: o.rounds, simDraws: draws, simBusts: busts, simRate: rate, simSe: draws > 0 ? Math.sqrt((rate * (1 - rate)) / draws) : NaN,
      simCiLow, simCiHigh,
    };
  });
  return {
    rules: r.name, strategy: o.strategy, exact: rule, noExact, exactBound: rule ? rows.reduce((a, x) => Math.max(a, x.reachBound), 0) : NaN,
    allRowsBound: rule ? dropped?.weighted ?? 0 : NaN, epsilon, droppedChance: dropped?.mass ?? 0,
    dropped: dropped?.list() ?? [], pointsDrop: dropped?.pointsDrop ?? 0, rounds: o.rounds, seed: o.seed, rows,
    simBand: simulated?.band ?? 0, simBandSquares: simulated ? [...simulated.bandSquares] : [],
  };
}

