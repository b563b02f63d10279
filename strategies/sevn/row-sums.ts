/**
 * What NextCard's `evaluate` adds up over the unseen cards without a delta per card: the row cards' sum
 * on a row without bonus cards (`rowCardsSum`), and the whole sum of a row holding one (`bonusRowSum`),
 * each an exact integer, the same as the sum of the deltas NextCard writes when they are read (an
 * integer sum is exact in any order). Also each card's delta worked out on its own (`cardDelta`).
 */
import { Bonus, Kind, type SevnCards } from '../../src/games/sevn/cards.js';
import { longestRun } from '../../src/games/sevn/scoring.js';
import { CardCounts } from './card-counts.js';

export class RowSums extends CardCounts {
  /** The row codes split by kind: one short loop per kind, no switch. */
  protected readonly addCodes: Int32Array;
  protected readonly multiplyCodes: Int32Array;
  protected readonly ballastCodes: Int32Array;
  protected readonly bonusCodes: Int32Array;
  /** The cards acting on the table (Second Chance, Freeze, Triple Draw, Crossroads, Storm): evaluate writes their deltas. */
  protected readonly actionCodes: Int32Array;
  /** The largest + modifier's value (rowCardsMax). */
  private readonly maxAdd: number;
  protected readonly ballastNonPositive: boolean; // every Ballast card's value <= 0 (rowCardsSum)
  /** Whether every + modifier is >= 0, every x modifier >= 1 and every bonus's points >= 0 (see surelyDraws). */
  readonly rowCardsNonNegative: boolean;
  /** rowCardsNonNegative, and every number value and the SEVN bonus >= 0 too (bonusRowSum). */
  protected readonly bonusForm: boolean;
  /** Bit v: a number value of the deck. */
  private readonly valueBits: number;

  constructor(cards: SevnCards, shared = true) {
    super(cards, shared);
    const ofKind = (...kinds: number[]): Int32Array => {
      const out: number[] = [];
      for (let c = 0; c < cards.codes; c++) if (kinds.includes(cards.kind[c])) out.push(c);
      return Int32Array.from(out);
    };
    this.addCodes = ofKind(Kind.ADD);
    this.multiplyCodes = ofKind(Kind.MULTIPLY);
    this.ballastCodes = ofKind(Kind.BALLAST);
    this.bonusCodes = ofKind(Kind.FEATHERWEIGHT, Kind.HEAVYWEIGHT, Kind.LADDER);
    this.actionCodes = ofKind(Kind.SECOND_CHANCE, Kind.FREEZE, Kind.TRIPLE_DRAW, Kind.CROSSROADS, Kind.STORM);
    this.maxAdd = Math.max(-Infinity, ...Array.from(this.addCodes, (c) => cards.value[c]));
    let nonNegative = this.fw.points >= 0 && this.hw.points >= 0 && this.ld.pointsPerCard >= 0;
    for (const c of this.addCodes) if (cards.value[c] < 0) nonNegative = false;
    for (const c of this.multiplyCodes) if (cards.value[c] < 1) nonNegative = false;
    this.rowCardsNonNegative = nonNegative;
    this.ballastNonPositive = Array.from(this.ballastCodes).every((c) => cards.value[c] <= 0);
    let bits = 0;
    let form = nonNegative && this.sevnBonus >= 0;
    for (let c = 0; c < this.numbers; c++) {
      if (cards.value[c] < 0) form = false;
      else bits |= 1 << cards.value[c];
    }
    this.bonusForm = form;
    this.valueBits = bits;
  }

  /**
   * The exact change of the loaded row's score from card `code` (numbers, Ballast, modifiers, bonus
   * cards, Second Chance as 0 here); action cards get 0 (their rules are in `expectedGain`).
   */
  cardDelta(code: number): number {
    return this.seatBonus.cardDelta(this.kind[code], this.value[code], this.mask, this.sum, this.distinct, this.nonLow, this.mult, this.plus, this.bonus, this.secondChance, this.points, this.sevnDistinct);
  }

  /**
   * rowCardsSimple's sum without the deltas (fillDeltas writes them where needed): the same integers,
   * exact in any order. The + modifiers' sum does not depend on the row: once per load. A Ballast <= 0
   * adds nothing to a live row with no SEVN bonus in reach ((sum + value) x mult + plus <= points, mult >= 0).
   */
  protected rowCardsSum(): number {
    const u = this.unseen;
    const value = this.value;
    const p = this.points;
    const sum = this.sum;
    const mult = this.mult;
    const plus = this.plus;
    let base = this.addsNow();
    const mul = this.multiplyCodes;
    for (let i = 0; i < mul.length; i++) {
      const c = mul[i];
      const k = u[c];
      if (k === 0) continue;
      const t = sum * mult * value[c] + plus;
      base += k * ((t < 0 ? 0 : t) - p);
    }
    const sevn = this.distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    if (sevn !== 0 || this.busted || !this.ballastNonPositive || mult < 0) {
      const ballast = this.ballastCodes;
      for (let i = 0; i < ballast.length; i++) {
        const c = ballast[i];
        const k = u[c];
        if (k === 0) continue;
        let t = (sum + value[c]) * mult + plus + sevn;
        if (t < 0) t = 0;
        base += k * (t > p ? t - p : 0);
      }
    }
    // A live row with fewer distinct values than every bonus card's minimum earns none (bonusEarned).
    if (this.busted || this.distinct >= this.bonusMinDistinct) {
      const bonus = this.bonusCodes;
      for (let i = 0; i < bonus.length; i++) {
        const c = bonus[i];
        const k = u[c];
        if (k === 0) continue;
        base += k * (this.busted ? this.cardDelta(c) : this.bonusEarned(this.kind[c]));
      }
    }
    return base;
  }

  /**
   * max(best, the largest delta NextCard.rowCardsSimple writes for an unseen modifier, Ballast or bonus
   * card), worked out the same way without writing them (NextCard.maxDelta). A + modifier's delta is its
   * value: none is above `maxAdd`. A Ballast is skipped where rowCardsSum skips it (its delta is 0 there).
   */
  protected rowCardsMax(best: number): number {
    const u = this.unseen;
    const value = this.value;
    const p = this.points;
    const sum = this.sum;
    const mult = this.mult;
    const plus = this.plus;
    if (best < this.maxAdd) {
      const add = this.addCodes;
      for (let i = 0; i < add.length; i++) if (u[add[i]] > 0 && value[add[i]] > best) best = value[add[i]];
    }
    const mul = this.multiplyCodes;
    for (let i = 0; i < mul.length; i++) {
      const c = mul[i];
      if (u[c] === 0) continue;
      const t = sum * mult * value[c] + plus;
      const x = (t < 0 ? 0 : t) - p;
      if (x > best) best = x;
    }
    const sevn = this.distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    if (sevn !== 0 || this.busted || !this.ballastNonPositive || mult < 0) {
      const ballast = this.ballastCodes;
      for (let i = 0; i < ballast.length; i++) {
        const c = ballast[i];
        if (u[c] === 0) continue;
        let t = (sum + value[c]) * mult + plus + sevn;
        if (t < 0) t = 0;
        const x = t > p ? t - p : 0;
        if (x > best) best = x;
      }
    }
    const bonus = this.bonusCodes;
    for (let i = 0; i < bonus.length; i++) {
      const c = bonus[i];
      if (u[c] === 0) continue;
      const x = this.busted ? this.cardDelta(c) : this.distinct < this.bonusMinDistinct ? 0 : this.bonusEarned(this.kind[c]);
      if (x > best) best = x;
    }
    return best;
  }

  /** The unseen + modifiers' values summed, once per load of the unseen cards. */
  private addsNow(): number {
    if (this.addsLoad !== this.loads) {
      const u = this.unseen;
      const add = this.addCodes;
      let adds = 0;
      for (let i = 0; i < add.length; i++) adds += u[add[i]] * this.value[add[i]];
      this.adds = adds;
      this.addsLoad = this.loads;
    }
    return this.adds;
  }

  /** The unseen + modifiers' values summed (addsNow), and the load of the unseen cards it was summed for. */
  private adds = 0;
  private addsLoad = -1;

  /** Unseen copies of the number values in `bits` (bit v = value v, each a value of the deck). */
  private unseenOf(bits: number): number {
    const u = this.unseen;
    const code = this.cards.numberCode;
    let k = 0;
    for (let m = bits; m !== 0; m &= m - 1) k += u[code[31 - Math.clz32(m & -m)]];
    return k;
  }

  /**
   * NextCard.anyRow's sum (every unseen number, modifier, Ballast and bonus card's delta times its
   * unseen copies, returned) and its duplicates (into `dup`, by heldDups), for a live row holding a
   * bonus card with sum x mult + plus >= 0 and `bonusForm` (the caller checks these), without a delta
   * per card. Then every row a new value v makes scores t = (sum + v) x mult + plus + the SEVN bonus +
   * its bonus points >= 0 (each term >= 0 but sum x mult + plus, and mult >= 1): no clamp, and the
   * row's points now are p = sum x mult + plus + its bonus points (`others` below; the engine's score,
   * >= 0). So the new values' part is
   *   fresh x (sum x mult + plus + SEVN - p) + mult x (their values) + Featherweight + Heavyweight + Ladder,
   * with fresh the unseen copies of values not held, and each bonus's part counted by groups of values:
   * - Featherweight (held, no high Ballast, no high value held, enough values with v): its points for
   *   each fresh value <= its maxValue;
   * - Heavyweight (held): its points for every fresh value once heavy values >= minCards, for each fresh
   *   heavy one at minCards - 1, none below;
   * - Ladder (held): a value next to no held one makes a run of 1, leaving the longest run max(run, 1);
   *   only the values next to a held one (at most two per run) are worked out one by one.
   * A + modifier of value a >= 0 scores p + a: its delta is a (the unseen ones' sum, once per load). The
   * x modifiers, Ballast and bonus cards as anyRow.
   */
  protected bonusRowSum(): number {
    const u = this.unseen;
    const code = this.cards.numberCode;
    const p = this.points;
    const mask = this.mask;
    const mult = this.mult;
    const bonus = this.bonus;
    const distinct = this.distinct;
    this.heldDups(mask);
    const dup = this.dup;
    const dupValues = this.dupValues;
    const fresh = this.numCount - dup;
    const raw = this.sum * mult + this.plus;
    const sevnNext = distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    let base = fresh * (raw + sevnNext - p) + mult * (this.numValues - dupValues) - (this.secondChance ? 0 : p * dup);
    let heavy = 0;
    for (let m = mask & this.heavyBits; m !== 0; m &= m - 1) heavy++;
    const fwOn = (bonus & Bonus.FEATHERWEIGHT) !== 0 && this.nonLow === 0 && (mask & this.nonLowBits) === 0;
    const hwOn = (bonus & Bonus.HEAVYWEIGHT) !== 0;
    const freeBits = this.valueBits & ~mask;
    if (fwOn && distinct + 1 >= this.fw.minCards) base += this.fw.points * this.unseenOf(freeBits & ~this.nonLowBits);
    if (hwOn) {
      if (heavy >= this.hw.minCards) base += this.hw.points * fresh;
      else if (heavy + 1 >= this.hw.minCards) base += this.hw.points * this.unseenOf(freeBits & this.heavyBits);
    }
    let ladderNow = 0;
    if ((bonus & Bonus.LADDER) !== 0) {
      const minRun = this.ld.minRun;
      const per = this.ld.pointsPerCard;
      const run = longestRun(mask);
      if (run >= minRun) ladderNow = run * per;
      const alone = run > 1 ? run : 1;
      const apart = alone >= minRun ? alone * per : 0;
      base += apart * fresh;
      for (let m = ((mask << 1) | (mask >>> 1)) & freeBits; m !== 0; m &= m - 1) {
        const x = 31 - Math.clz32(m & -m);
        const k = u[code[x]];
        if (k === 0) continue;
        const r = longestRun(mask | (1 << x));
        base += k * ((r >= minRun ? r * per : 0) - apart);
      }
    }
    // The row's own bonus points and SEVN bonus, unchanged by a modifier (anyRow's `others`).
    let others = distinct >= this.sevnDistinct ? this.sevnBonus : 0;
    if (fwOn && distinct >= this.fw.minCards) others += this.fw.points;
    if (hwOn && heavy >= this.hw.minCards) others += this.hw.points;
    others += ladderNow;
    base += this.addsNow();
    const value = this.value;
    const mul = this.multiplyCodes;
    for (let i = 0; i < mul.length; i++) {
      const c = mul[i];
      const k = u[c];
      if (k === 0) continue;
      const t = this.sum * (mult * value[c]) + this.plus + others;
      base += k * ((t < 0 ? 0 : t) - p);
    }
    // As anyRow: a Ballast <= 0 is discarded without a Featherweight or the SEVN bonus in reach.
    if (!(this.ballastNonPositive && (bonus & Bonus.FEATHERWEIGHT) === 0 && sevnNext === 0)) {
      const ballast = this.ballastCodes;
      for (let i = 0; i < ballast.length; i++) {
        const c = ballast[i];
        const k = u[c];
        if (k !== 0) base += k * this.cardDelta(c);
      }
    }
    // A bonus card held already, or short of every bonus's minimum, adds nothing.
    if (distinct >= this.bonusMinDistinct) {
      const bonusCodes = this.bonusCodes;
      for (let i = 0; i < bonusCodes.length; i++) {
        const c = bonusCodes[i];
        const k = u[c];
        if (k !== 0 && (bonus & this.bonusBit[c]) === 0) base += k * this.cardDelta(c);
      }
    }
    return base;
  }
}
