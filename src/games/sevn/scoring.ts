/**
 * SEVN round scoring. `explainScore` is written for clarity: the rule in its order (sum of numbers and
 * kept Ballast, multipliers, + modifiers, each earned bonus once, the SEVN bonus, clamp at 0). The
 * engine keeps running counters per seat instead and scores with the same order in
 * `SevnEngine.scoreSeat`, its bonus points from `SeatBonus`; tests hold the two equal.
 */
import { Bonus, Kind, type SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';
import { Seat } from './seats.js';

export interface ScoreBreakdown {
  /** Sum of number cards and kept Ballast. */
  sum: number;
  /** Product of the multipliers held (1 without any). */
  multiplier: number;
  /** Sum of the + modifiers. */
  plus: number;
  featherweight: number;
  heavyweight: number;
  ladder: number;
  /** Length of the longest run of consecutive number values. */
  longestRun: number;
  sevn: number;
  /** The round score: 0 for a bust, else max(0, sum x multiplier + plus + bonuses + sevn). */
  total: number;
}

/** Longest run of consecutive set bits. */
export function longestRun(mask: number): number {
  let k = 0;
  for (let m = mask; m !== 0; m &= m >>> 1) k++;
  return k;
}

/**
 * The bonus cards' points plus the SEVN bonus of one seat, from the engine's running counters (the
 * seat's fields at `seats[b + Seat.*]`). The engine keeps the result in Seat.EXTRA and asks again only
 * when the row changes: a seat holding a bonus card is scored at each of its decisions, more often than
 * its row changes (bonus points were 4% of a game when worked out in every score).
 */
export class SeatBonus {
  private readonly sevnBonus: number;
  /** Number values above Featherweight's maxValue, and at or above Heavyweight's minValue (bit per value). */
  private readonly nonLowBits: number;
  private readonly heavyBits: number;
  private readonly fwMin: number;
  private readonly fwMax: number;
  private readonly fwPoints: number;
  private readonly hwCards: number;
  private readonly hwPoints: number;
  private readonly ldMin: number;
  private readonly ldPer: number;

  constructor(rules: SevnRules) {
    const b = rules.bonuses;
    let nonLowBits = 0;
    let heavyBits = 0;
    for (let v = 0; v <= 30; v++) {
      if (v > b.featherweight.maxValue) nonLowBits |= 1 << v;
      if (v >= b.heavyweight.minValue) heavyBits |= 1 << v;
    }
    this.nonLowBits = nonLowBits;
    this.heavyBits = heavyBits;
    this.sevnBonus = rules.sevn.bonus;
    this.fwMin = b.featherweight.minCards;
    this.fwMax = b.featherweight.maxValue;
    this.fwPoints = b.featherweight.points;
    this.hwCards = b.heavyweight.minCards;
    this.hwPoints = b.heavyweight.points;
    this.ldMin = b.ladder.minRun;
    this.ldPer = b.ladder.pointsPerCard;
  }

  points(st: Int32Array, b: number): number {
    const sevn = st[b | Seat.SEVNAT] !== 0 ? this.sevnBonus : 0;
    return sevn + this.cardPoints(st[b | Seat.BONUS], st[b | Seat.MASK], st[b | Seat.DISTINCT], st[b | Seat.NONLOW]);
  }

  /**
   * A row's score from its counters, the SEVN bonus at `sevnDistinct` values, clamped at 0: the score
   * a row would have with a card it does not hold yet (cardDelta), or of a row read from a view (the
   * bots' CardCounts).
   */
  rowScore(mask: number, sum: number, distinct: number, nonLow: number, mult: number, plus: number, bits: number, sevnDistinct: number): number {
    let t = sum * mult + plus + (bits !== 0 ? this.cardPoints(bits, mask, distinct, nonLow) : 0);
    if (distinct >= sevnDistinct) t += this.sevnBonus;
    return t < 0 ? 0 : t;
  }

  /**
   * The exact change of a row's score (`points` now) from a card of `kind` and value `val`: a number
   * (a duplicate: its points lost, none with a Second Chance held), a Ballast (kept only when that
   * raises the score), a modifier or a bonus card; any other kind 0. The engine's Crossroads rule
   * (card-rules.ts) and the bots' NextCard (row-sums.ts cardDelta) both value cards by it.
   */
  cardDelta(kind: number, val: number, mask: number, sum: number, distinct: number, nonLow: number, mult: number, plus: number, bits: number, sc: boolean, points: number, sevnDistinct: number): number {
    switch (kind) {
      case Kind.NUMBER:
        if ((mask >>> val) & 1) return sc ? 0 : 0 - points; // 0 - p, not -p: a -0 deoptimizes integer code
        return this.rowScore(mask | (1 << val), sum + val, distinct + 1, nonLow, mult, plus, bits, sevnDistinct) - points;
      case Kind.BALLAST: {
        const kept = this.rowScore(mask, sum + val, distinct + 1, nonLow + (val > this.fwMax ? 1 : 0), mult, plus, bits, sevnDistinct);
        return kept > points ? kept - points : 0;
      }
      case Kind.MULTIPLY: return this.rowScore(mask, sum, distinct, nonLow, mult * val, plus, bits, sevnDistinct) - points;
      case Kind.ADD: return this.rowScore(mask, sum, distinct, nonLow, mult, plus + val, bits, sevnDistinct) - points;
      case Kind.FEATHERWEIGHT: return this.rowScore(mask, sum, distinct, nonLow, mult, plus, bits | Bonus.FEATHERWEIGHT, sevnDistinct) - points;
      case Kind.HEAVYWEIGHT: return this.rowScore(mask, sum, distinct, nonLow, mult, plus, bits | Bonus.HEAVYWEIGHT, sevnDistinct) - points;
      case Kind.LADDER: return this.rowScore(mask, sum, distinct, nonLow, mult, plus, bits | Bonus.LADDER, sevnDistinct) - points;
      default: return 0;
    }
  }

  /** The bonus cards' points (bits: the Bonus cards held) of a row holding the values in `mask`. */
  private cardPoints(bits: number, mask: number, distinct: number, nonLow: number): number {
    let t = 0;
    // Featherweight: no number above maxValue (from the mask) and no kept Ballast above it.
    if (bits & Bonus.FEATHERWEIGHT && distinct >= this.fwMin && (mask & this.nonLowBits) === 0 && nonLow === 0) t += this.fwPoints;
    if (bits & Bonus.HEAVYWEIGHT) {
      let heavy = 0;
      for (let m = mask & this.heavyBits; m !== 0; m &= m - 1) heavy++;
      if (heavy >= this.hwCards) t += this.hwPoints;
    }
    if (bits & Bonus.LADDER) {
      const run = longestRun(mask);
      if (run >= this.ldMin) t += run * this.ldPer;
    }
    return t;
  }
}

/** Scores a row given as card codes (the cards on the table in front of one player). */
export function explainScore(cards: SevnCards, row: ArrayLike<number>, sevn: boolean, busted: boolean): ScoreBreakdown {
  const r = cards.rules;
  const b = r.bonuses;
  let sum = 0;
  let multiplier = 1;
  let plus = 0;
  let scoring = 0;
  let allLow = true;
  let heavy = 0;
  let mask = 0;
  let bonusCards = 0;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    const v = cards.value[c];
    switch (cards.kind[c]) {
      case Kind.NUMBER:
        if (mask & (1 << v)) break; // a busting duplicate: the row scores 0 anyway
        mask |= 1 << v;
        sum += v;
        scoring++;
        if (v > b.featherweight.maxValue) allLow = false;
        if (v >= b.heavyweight.minValue) heavy++;
        break;
      case Kind.BALLAST:
        sum += v;
        scoring++;
        if (v > b.featherweight.maxValue) allLow = false;
        break;
      case Kind.MULTIPLY: multiplier *= v; break;
      case Kind.ADD: plus += v; break;
      case Kind.FEATHERWEIGHT: bonusCards |= 1; break;
      case Kind.HEAVYWEIGHT: bonusCards |= 2; break;
      case Kind.LADDER: bonusCards |= 4; break;
      default: break; // Second Chance and actions score nothing
    }
  }
  const run = longestRun(mask);
  const featherweight = bonusCards & 1 && scoring >= b.featherweight.minCards && allLow ? b.featherweight.points : 0;
  const heavyweight = bonusCards & 2 && heavy >= b.heavyweight.minCards ? b.heavyweight.points : 0;
  const ladder = bonusCards & 4 && run >= b.ladder.minRun ? run * b.ladder.pointsPerCard : 0;
  const sevnPoints = sevn ? r.sevn.bonus : 0;
  const total = busted ? 0 : Math.max(0, sum * multiplier + plus + featherweight + heavyweight + ladder + sevnPoints);
  return { sum, multiplier, plus, featherweight, heavyweight, ladder, longestRun: run, sevn: sevnPoints, total };
}

/** One line: `sum 23 x2 = 46, +4, Ladder +12, SEVN +17 = 79`. */
export function breakdownText(s: ScoreBreakdown): string {
  const parts = [`sum ${s.sum}`];
  if (s.multiplier !== 1) parts[0] += ` x${s.multiplier} = ${s.sum * s.multiplier}`;
  if (s.plus) parts.push(`+${s.plus}`);
  if (s.featherweight) parts.push(`Featherweight +${s.featherweight}`);
  if (s.heavyweight) parts.push(`Heavyweight +${s.heavyweight}`);
  if (s.ladder) parts.push(`Ladder +${s.ladder} (run ${s.longestRun})`);
  if (s.sevn) parts.push(`SEVN +${s.sevn}`);
  return `${parts.join(', ')} = ${s.total}`;
}
