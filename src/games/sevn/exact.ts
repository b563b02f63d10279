/**
 * Exact solo values for number-only decks, by recursion over the set of held values (a bit mask):
 * a solo round from a full deck in which only number cards exist, the player staying once its row
 * sums to at least `threshold` (the `stay-at` strategy). Used by the tests to pin the engine, and a
 * base for the solver of single decisions.
 */
import { UserError } from '../../engine/errors.js';
import type { SevnRules } from './rules.js';
import { bustChance, duplicatesAmong } from './bust.js';

export interface SoloStayAtExact {
  /** Expected round score and its second moment (for standard errors). */
  mean: number;
  meanSquare: number;
  /** Chance of a bust, and of a SEVN. */
  bust: number;
  sevn: number;
}

/** Cards in the deck that are not number cards (Ballast, modifiers, actions, bonus cards). */
export function otherCards(r: SevnRules): number {
  const a = r.actions;
  const b = r.bonuses;
  return r.ballast.length + r.modifiers.reduce((s, m) => s + m.count, 0) + a.freeze + a.secondChance + a.tripleDraw +
    a.crossroads + a.storm + b.featherweight.count + b.heavyweight.count + b.ladder.count;
}

/** Copies per number value (index 0..30) and the deck size; a UserError unless the deck holds number cards only. */
export function numberOnly(r: SevnRules): { copies: number[]; total: number } {
  const others = otherCards(r);
  if (others > 0) {
    throw new UserError(`exact solo values need a number-only deck; rules "${r.name}" has ${others} other cards (use a preset such as sevn-numbers or flip7-numbers, or a rules file with no Ballast, modifiers, action or bonus cards)`);
  }
  const copies = new Array<number>(31).fill(0);
  let total = 0;
  for (const n of r.numbers) {
    copies[n.value] = n.copies;
    total += n.copies;
  }
  return { copies, total };
}

export const popcount = (m: number): number => {
  let k = 0;
  for (; m !== 0; m &= m - 1) k++;
  return k;
};
export const maskSum = (m: number): number => {
  let s = 0;
  for (let v = 0; m !== 0; m >>>= 1, v++) if (m & 1) s += v;
  return s;
};

/** The chance that a row holding exactly `held` busts on its next card from the rest of a full number-only deck. */
export function nextBustChance(r: SevnRules, held: number): number {
  const { copies, total } = numberOnly(r);
  // One copy of each held value is in the row: the rest of the deck holds copies - 1 of it.
  const inRow = popcount(held);
  return bustChance(duplicatesAmong(held, copies) - inRow, total - inRow, false);
}

/** Exact expected score, second moment, bust and SEVN chances of solo `stay-at:points=threshold`. */
export function soloStayAt(r: SevnRules, threshold: number): SoloStayAtExact {
  const { copies, total } = numberOnly(r);
  const memo = new Map<number, SoloStayAtExact>();
  const distinct = r.sevn.distinct;
  const value = (mask: number): SoloStayAtExact => {
    const hit = memo.get(mask);
    if (hit) return hit;
    const held = popcount(mask);
    const sum = maskSum(mask);
    let out: SoloStayAtExact;
    if (held === distinct) {
      const x = sum + r.sevn.bonus;
      out = { mean: x, meanSquare: x * x, bust: 0, sevn: 1 };
    } else if (mask !== 0 && sum >= threshold) {
      out = { mean: sum, meanSquare: sum * sum, bust: 0, sevn: 0 };
    } else {
      // Draw (the deal is a forced draw from the empty row).
      const left = total - held;
      out = { mean: 0, meanSquare: 0, bust: 0, sevn: 0 };
      for (let v = 0; v < 31; v++) {
        if (copies[v] === 0) continue;
        if ((mask >>> v) & 1) {
          out.bust += (copies[v] - 1) / left;
          continue;
        }
        const p = copies[v] / left;
        const next = value(mask | (1 << v));
        out.mean += p * next.mean;
        out.meanSquare += p * next.meanSquare;
        out.bust += p * next.bust;
        out.sevn += p * next.sevn;
      }
    }
    memo.set(mask, out);
    return out;
  };
  return value(0);
}

/**
 * The chance that solo `stay-at:points=threshold` reaches a decision to draw while holding exactly
 * `held` (forward over held sets; each set is held at most once in a round since rows only grow).
 */
export function soloDrawsHolding(r: SevnRules, threshold: number, held: number): number {
  const { copies, total } = numberOnly(r);
  const reach = new Map<number, number>([[0, 1]]);
  const target = popcount(held);
  // Masks by size: every transition adds one value.
  let layer = [0];
  for (let size = 0; size <= target; size++) {
    const next = new Set<number>();
    for (const mask of layer) {
      const p = reach.get(mask) ?? 0;
      const sum = maskSum(mask);
      const draws = size < r.sevn.distinct && (mask === 0 || sum < threshold);
      if (!draws) continue;
      if (mask === held) return p;
      const left = total - size;
      for (let v = 0; v < 31; v++) {
        if (copies[v] === 0 || (mask >>> v) & 1) continue;
        const m = mask | (1 << v);
        if ((m & ~held) !== 0) continue; // only subsets of the target matter
        reach.set(m, (reach.get(m) ?? 0) + (p * copies[v]) / left);
        next.add(m);
      }
    }
    layer = [...next];
  }
  return 0;
}

/**
 * For a solo round from a full number-only deck under a policy that is a function of the held set
 * (`draws(mask)` true = draw), the chance that each held set is reached at a draw-or-stay decision
 * (after the deal: non-empty rows with fewer than `sevn.distinct` values and cards left to draw),
 * whatever the policy then answers. Each set is held at most once in a round since rows only grow.
 */
export function soloReach(r: SevnRules, draws: (mask: number) => boolean): Map<number, number> {
  const { copies, total } = numberOnly(r);
  const out = new Map<number, number>();
  let layer = new Map<number, number>([[0, 1]]);
  for (let size = 0; layer.size > 0; size++) {
    const next = new Map<number, number>();
    const left = total - size;
    for (const [mask, p] of layer) {
      if (size >= r.sevn.distinct || left <= 0) continue;
      if (mask !== 0) {
        out.set(mask, p);
        if (!draws(mask)) continue;
      }
      for (let v = 0; v < 31; v++) {
        if (copies[v] === 0 || (mask >>> v) & 1) continue;
        const m = mask | (1 << v);
        next.set(m, (next.get(m) ?? 0) + (p * copies[v]) / left);
      }
    }
    layer = next;
  }
  return out;
}
