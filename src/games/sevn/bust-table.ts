/**
 * The bust table of a solo SEVN strategy: for a number-only deck, the exact chance that each held set
 * is reached at a draw, keyed by (distinct values, round points), and the next-draw bust chance
 * averaged over the held sets weighted by that chance; beside it the rate measured by the real engine
 * (bust-sim.ts). The exact columns need the strategy's solo draw rule (SevnStrategyDef.soloDrawRule);
 * without one (random), or on a deck with other cards, only the simulated columns are filled (the
 * exact ones are NaN).
 */
import { parseSpec, resolveParams } from '../../engine/params.js';
import { checkStrategySpec } from '../../engine/strategy.js';
import { simulateBustTable, stateKey } from './bust-sim.js';
import { maskSum, otherCards, popcount, soloReach } from './exact.js';
import type { SevnRules } from './rules.js';
import type { SevnStrategyDef } from './view.js';

export interface BustTableRow {
  distinct: number;
  points: number;
  /** Exact chance per round that the strategy draws at this state (NaN when not computed exactly). */
  reach: number;
  /** Exact next-draw bust chance, averaged over the held sets of this state weighted by reach (NaN idem). */
  bustExact: number;
  /** Simulation: rounds, draws at this state, busts on those draws. */
  simRounds: number;
  simDraws: number;
  simBusts: number;
  /** simBusts / simDraws and its binomial standard error (NaN without draws). */
  simRate: number;
  simSe: number;
}

export interface BustTableOptions {
  /** Solo strategy spec (default `stay-at:points=25`). */
  strategy: string;
  /** Simulated solo rounds (0: exact only). */
  rounds: number;
  seed: number;
}

export interface BustTable {
  rules: string;
  strategy: string;
  /** True when the exact columns are filled (number-only deck and a strategy with an exact draw rule). */
  exact: boolean;
  /** Why the exact columns are empty (one line), or null when they are filled. */
  noExact: string | null;
  rounds: number;
  seed: number;
  rows: BustTableRow[];
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

/** The solo draw rule the strategy of `spec` declares, with its parameters; null if it declares none. */
function soloDrawRule(r: SevnRules, strategies: readonly SevnStrategyDef[], spec: string): ((held: number) => boolean) | null {
  const s = parseSpec(spec);
  const def = strategies.find((d) => d.name === s.name);
  return def?.soloDrawRule?.(resolveParams(s.name, def.params, s.raw), r) ?? null;
}

/** The full bust table: exact beside simulated, rows by distinct values then points. */
export function bustTable(r: SevnRules, strategies: readonly SevnStrategyDef[], o: BustTableOptions): BustTable {
  checkStrategySpec('sevn', strategies, o.strategy);
  const others = otherCards(r);
  const rule = others === 0 ? soloDrawRule(r, strategies, o.strategy) : null;
  const exact = rule ? exactBustTable(r, rule) : new Map<number, { reach: number; bust: number }>();
  const sim = o.rounds > 0 ? simulateBustTable(r, strategies, o.strategy, o.rounds, o.seed) : new Map<number, { draws: number; busts: number }>();
  const keys = [...new Set([...exact.keys(), ...sim.keys()])].sort((a, b) => a - b);
  const rows = keys.map((k): BustTableRow => {
    const e = exact.get(k);
    const s = sim.get(k);
    const draws = s?.draws ?? 0;
    const busts = s?.busts ?? 0;
    const rate = draws > 0 ? busts / draws : NaN;
    return {
      distinct: Math.floor(k / 65536), points: k % 65536,
      reach: rule ? e?.reach ?? 0 : NaN, bustExact: rule ? e?.bust ?? NaN : NaN,
      simRounds: o.rounds, simDraws: draws, simBusts: busts, simRate: rate, simSe: draws > 0 ? Math.sqrt((rate * (1 - rate)) / draws) : NaN,
    };
  });
  return { rules: r.name, strategy: o.strategy, exact: rule !== null, noExact: rule ? null : noExactWhy(o.strategy, others), rounds: o.rounds, seed: o.seed, rows };
}

/**
 * Why there is no exact column: the exact pass covers number-only decks. With other cards it would
 * keep apart every set of them drawn before each row (what the deck still holds): on the `sevn` deck a
 * solo round of stay-at:points=25 keeps drawing at 5 million such sets or more (node
 * scripts/solo-states.mjs), where a number-only deck has about a thousand.
 */
function noExactWhy(strategy: string, others: number): string {
  if (others > 0) return `the exact pass covers number-only decks (such as sevn-numbers); this deck has ${others} other cards, and every set of them drawn would be kept apart (on the sevn deck, 5 million states or more)`;
  return `${strategy} declares no solo draw rule (a function of the held values alone)`;
}
