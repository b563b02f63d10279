/**
 * The exact optimal solo stopping policy for number-only SEVN decks, by recursion over held-value sets.
 *
 * Model: one player alone, a freshly shuffled full deck of number cards only (no Ballast, modifiers,
 * action or bonus cards, so the round score of a row is the sum of its values, plus `sevn.bonus` when it
 * reaches `sevn.distinct` values, which also ends the round). The deal gives the first card (no choice);
 * then, holding the set S (a bit mask of values, which determines the unseen cards: every copy of every
 * value except one copy of each held value), the player stays or draws:
 *
 *   V(S) = max( stay(S) = sum(S),  draw(S) = sum over values v not in S of p(v | S) V(S + v) )
 *
 * with p(v | S) = copies(v) / (deck - |S|); a duplicate (probability sum over v in S of (copies(v) - 1) /
 * (deck - |S|)) busts for 0. V(S) = sum(S) + bonus when |S| = sevn.distinct, and V(S) = sum(S) when no
 * card is left (only possible when every value has one copy and all are held: the engine then ends the
 * round as if the player stayed). The round's value is draw(empty set) (the deal). Ties go to staying.
 */
import { UserError } from '../../engine/errors.js';
import { maskSum, numberOnly, popcount, soloReach, soloStayAt } from './exact.js';
import type { SevnRules } from './rules.js';

/** Above this many held sets the solver refuses (a rules file with many values and a large SEVN count). */
export const MAX_SOLVER_STATES = 4_000_000;

export interface SevnPolicyRow {
  /** Bit v set when value v is held. */
  mask: number;
  /** The held values, ascending, comma-separated. */
  held: string;
  distinct: number;
  points: number;
  /** Exact chance the next card busts. */
  bustNext: number;
  /** Chance that optimal play reaches this held set at a decision. */
  reach: number;
  stayValue: number;
  drawValue: number;
  best: 'draw' | 'stay';
}

export interface SevnSolution {
  rules: SevnRules;
  /** Expected round score of optimal solo play from a full deck (exact). */
  ev: number;
  /** Chance that optimal play busts, and that it reaches SEVN. */
  bust: number;
  sevn: number;
  /** Held sets evaluated (including the empty row and finished rows). */
  states: number;
  /** Held sets at which the player decides (non-empty, fewer than sevn.distinct values, cards left). */
  decisionStates: number;
  /** Of those, the ones at which drawing is optimal. */
  drawStates: number;
  /** The best `stay-at:points=T` threshold for solo play and its exact expected round score (computed on first use). */
  readonly bestStayAt: { threshold: number; ev: number };
  /** Expected score of every stay-at threshold from 0 to the largest reachable row sum + 1 (index = threshold; on first use). */
  readonly stayAtEv: number[];
  /** Time to solve the policy (not the stay-at sweep). */
  seconds: number;
  /** True when drawing is optimal holding `mask` (the empty row draws; unknown sets stay). */
  shouldDraw(mask: number): boolean;
  stayValue(mask: number): number;
  drawValue(mask: number): number;
  /** One row per decision state, by number of values held then mask. */
  policyRows(): SevnPolicyRow[];
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** Held sets the recursion visits at most: subsets of at most `sevn.distinct` values. */
export function solverStateCount(r: SevnRules): number {
  const values = r.numbers.filter((n) => n.copies > 0).length;
  let s = 0;
  for (let k = 0; k <= Math.min(values, r.sevn.distinct); k++) s += binomial(values, k);
  return s;
}

/** Solves a number-only rules object; a UserError for any other deck or an oversized state space. */
export function solveSevnSolo(r: SevnRules): SevnSolution {
  const t0 = performance.now();
  const { copies, total } = numberOnly(r);
  const count = solverStateCount(r);
  if (count > MAX_SOLVER_STATES) {
    throw new UserError(`solve: rules "${r.name}" have ${count.toLocaleString('en-US')} held-value sets to search, above the limit ${MAX_SOLVER_STATES.toLocaleString('en-US')} (fewer number values or a smaller sevn.distinct)`);
  }
  const distinct = r.sevn.distinct;
  const bonus = r.sevn.bonus;
  const values: number[] = [];
  for (let v = 0; v < 31; v++) if (copies[v] > 0) values.push(v);
  // Per mask: [stay, draw, bust chance of optimal play from here, SEVN chance of optimal play from here].
  const memo = new Map<number, Float64Array>();
  const solve = (mask: number): Float64Array => {
    const hit = memo.get(mask);
    if (hit) return hit;
    const held = popcount(mask);
    const sum = maskSum(mask);
    const left = total - held;
    const out = new Float64Array(6); // stay, draw, value, bust, sevn, drawFlag
    out[0] = sum;
    if (held >= distinct) {
      out[0] = sum + bonus;
      out[1] = -Infinity;
      out[2] = sum + bonus;
      out[4] = 1;
    } else if (left <= 0) {
      out[1] = -Infinity;
      out[2] = sum;
    } else {
      let draw = 0;
      let bust = 0;
      let sevn = 0;
      for (const v of values) {
        if ((mask >>> v) & 1) {
          bust += (copies[v] - 1) / left;
          continue;
        }
        const p = copies[v] / left;
        const next = solve(mask | (1 << v));
        draw += p * next[2];
        bust += p * next[3];
        sevn += p * next[4];
      }
      out[1] = draw;
      if (mask === 0 || draw > sum) {
        out[2] = draw;
        out[3] = bust;
        out[4] = sevn;
        out[5] = 1;
      } else out[2] = sum;
    }
    memo.set(mask, out);
    return out;
  };
  const root = solve(0);

  // Best stay-at threshold, exactly (computed when first asked: the strategy never needs it).
  // Thresholds past the largest reachable sum all behave alike.
  let sweep: { stayAtEv: number[]; best: { threshold: number; ev: number } } | null = null;
  const stayAtSweep = (): { stayAtEv: number[]; best: { threshold: number; ev: number } } => {
    if (sweep) return sweep;
    const top = [...values].sort((a, b) => b - a).slice(0, Math.max(0, distinct - 1)).reduce((a, v) => a + v, 0);
    const stayAtEv: number[] = [];
    let best = { threshold: 0, ev: -Infinity };
    for (let t = 0; t <= top + 1; t++) {
      const ev = soloStayAt(r, t).mean;
      stayAtEv.push(ev);
      if (ev > best.ev + 1e-12) best = { threshold: t, ev };
    }
    sweep = { stayAtEv, best };
    return sweep;
  };

  // A flat draw table when the values are small (the strategy's hot path), else the memo.
  const maxValue = values.length ? values[values.length - 1] : 0;
  const flat = maxValue <= 20 ? new Uint8Array(1 << (maxValue + 1)) : null;
  let decisionStates = 0;
  let drawStates = 0;
  for (const [mask, x] of memo) {
    if (flat) flat[mask] = x[5];
    const held = popcount(mask);
    if (mask !== 0 && held < distinct && total - held > 0) {
      decisionStates++;
      if (x[5]) drawStates++;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const shouldDraw = flat
    ? (mask: number): boolean => mask === 0 || (mask < flat.length && flat[mask] === 1)
    : (mask: number): boolean => mask === 0 || memo.get(mask)?.[5] === 1;
  return {
    rules: r,
    ev: root[2],
    bust: root[3],
    sevn: root[4],
    states: memo.size,
    decisionStates,
    drawStates,
    get bestStayAt() {
      return stayAtSweep().best;
    },
    get stayAtEv() {
      return stayAtSweep().stayAtEv;
    },
    seconds,
    shouldDraw,
    stayValue: (mask) => solve(mask)[0],
    drawValue: (mask) => solve(mask)[1],
    policyRows() {
      const reach = soloReach(r, shouldDraw);
      const rows: SevnPolicyRow[] = [];
      for (const [mask, x] of memo) {
        const held = popcount(mask);
        if (mask === 0 || held >= distinct || total - held <= 0) continue;
        let dup = 0;
        const hv: number[] = [];
        for (const v of values) {
          if ((mask >>> v) & 1) {
            dup += copies[v] - 1;
            hv.push(v);
          }
        }
        rows.push({
          mask, held: hv.join(','), distinct: held, points: x[0], bustNext: dup / (total - held), reach: reach.get(mask) ?? 0,
          stayValue: x[0], drawValue: x[1], best: x[5] ? 'draw' : 'stay',
        });
      }
      return rows.sort((a, b) => a.distinct - b.distinct || a.mask - b.mask);
    },
  };
}

/** One solution per rules object, by its JSON (the strategy solves once per worker). */
const cache = new Map<string, SevnSolution>();

export function cachedSevnSolution(r: SevnRules): SevnSolution {
  const key = JSON.stringify(r);
  let s = cache.get(key);
  if (!s) {
    s = solveSevnSolo(r);
    cache.set(key, s);
  }
  return s;
}

/**
 * The number cards of any rules object as a number-only rules object (Ballast, modifiers, action and
 * bonus cards removed): what `optimal-solo` solves when it plays a full deck.
 */
export function numberProjection(r: SevnRules): SevnRules {
  return {
    ...r,
    name: `${r.name} (number cards only)`,
    ballast: [],
    modifiers: [],
    actions: { freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 0, storm: 0 },
    bonuses: {
      featherweight: { ...r.bonuses.featherweight, count: 0 },
      heavyweight: { ...r.bonuses.heavyweight, count: 0 },
      ladder: { ...r.bonuses.ladder, count: 0 },
    },
  };
}
