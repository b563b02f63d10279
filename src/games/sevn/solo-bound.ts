/**
 * What the exact solo pass (solo-pass.ts) loses when it drops the states whose chance is below its
 * threshold: a bound on each row's reach, from the dropped states that could still lead to it.
 *
 * A dropped state of chance p can add at most p x K to the reach of any row or set of rows, K being
 * the most draw decisions its round can still make: each decision but the last takes a card that does
 * not end the round, a new value (at most the distinct values short of a SEVN, less one), a card that
 * is not a number (at most those left in the deck, less a Freeze that freezes the player) or a duplicate a Second Chance cancels (at most one
 * per Second Chance held or left). It adds the same at most to a row's busts (a bust chance is at most 1).
 *
 * And only rows it can lead to: distinct values never fall (held numbers stay, kept Ballast stays), and
 * round points fall at most by `pointsDrop`: numbers' sum times multipliers, plus cards, Heavyweight and
 * Ladder points never fall; only kept Ballast (its value times at most every multiplier) and a lost
 * Featherweight (lost to a number above its maximum value, which adds at least that number) take points.
 */
import type { SevnRules } from './rules.js';

/** The most a solo round's points can fall between two of its states. */
export function pointsDrop(r: SevnRules): number {
  let mult = 1;
  for (const m of r.modifiers) if (m.kind === 'multiply') mult *= m.value ** m.count;
  let drop = mult * r.ballast.reduce((a, b) => a + Math.abs(b), 0);
  const fw = r.bonuses.featherweight;
  if (fw.count > 0) drop += Math.max(0, fw.points - (fw.maxValue + 1));
  return drop;
}

/** The most a solo round can score: the largest values short of a SEVN and a SEVN's worth, every modifier and bonus. */
export function maxRoundScore(r: SevnRules): number {
  let mult = 1;
  let plus = 0;
  for (const m of r.modifiers) {
    if (m.kind === 'multiply') mult *= m.value ** m.count;
    else plus += m.value * m.count;
  }
  const values = r.numbers.filter((n) => n.copies > 0).map((n) => n.value).sort((a, b) => b - a);
  const sum = values.slice(0, r.sevn.distinct).reduce((a, v) => a + v, 0);
  const b = r.bonuses;
  const bonus = (b.featherweight.count > 0 ? b.featherweight.points : 0) + (b.heavyweight.count > 0 ? b.heavyweight.points : 0) + (b.ladder.count > 0 ? r.sevn.distinct * b.ladder.pointsPerCard : 0);
  return sum * mult + plus + bonus + r.sevn.bonus;
}

/** Dropped states, as chance x K per (distinct, points) of the state (see the module comment). */
export class DroppedStates {
  /** The dropped states' chance, and their chance x K. */
  mass = 0;
  weighted = 0;
  private readonly cells = new Map<number, number>();

  constructor(readonly pointsDrop: number) {}

  add(distinct: number, points: number, p: number, k: number): void {
    const key = distinct * 65536 + Math.min(points, 65535);
    this.cells.set(key, (this.cells.get(key) ?? 0) + p * k);
    this.mass += p;
    this.weighted += p * k;
  }

  /** The cells, by distinct values then points. */
  list(): { distinct: number; points: number; bound: number }[] {
    return [...this.cells].sort((a, b) => a[0] - b[0]).map(([key, bound]) => ({ distinct: Math.floor(key / 65536), points: key % 65536, bound }));
  }

  reachBound(distinct: number, points: number): number {
    return coneBound(this.list(), this.pointsDrop, distinct, points);
  }
}

/**
 * The most the dropped states of `cells` (DroppedStates.list) add to the reach and the busts of the rows
 * with `distinct` values and up to `points` points, together: those they can lead to.
 */
export function coneBound(cells: readonly { distinct: number; points: number; bound: number }[], pointsDrop: number, distinct: number, points: number): number {
  let sum = 0;
  for (const c of cells) if (c.distinct <= distinct && c.points - pointsDrop <= points) sum += c.bound;
  return sum;
}

/**
 * `lo` to `hi` (an exact value and what the dropped states could make of it) with up to `d` decimals:
 * as many as both ends share once rounded, "-" when not even one.
 */
export function certainDigits(lo: number, hi: number, d: number): string {
  for (let k = d; k >= 1; k--) if (lo.toFixed(k) === hi.toFixed(k)) return lo.toFixed(k);
  return '-';
}
