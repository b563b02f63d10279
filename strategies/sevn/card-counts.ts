/**
 * What NextCard (next-card.ts) counts before it values anything: the unseen cards, by code, with the
 * unseen number cards' count and value sum, and one seat's row as the counters the scoring reads
 * (sum, multiplier, plus, bonus cards, held values, ...), scored exactly as the engine scores it.
 *
 * Both are read from the view. With the engine's view they are cheap: the unseen counts are kept from
 * one load to the next (only the cards drawn since are taken off; see `track`), once for every
 * CardCounts of the thread (`KEPT`), and a row is read from the engine's own counters one by one. Any
 * other view (the solo pass, tests, a plugin's own) is read card by card, with the same result.
 */
import { Bonus, Kind, type SevnCards } from '../../src/games/sevn/cards.js';
import { SeatBonus, longestRun } from '../../src/games/sevn/scoring.js';
import type { SevnRules } from '../../src/games/sevn/rules.js';
import { RowCounter, Status, type SevnView } from '../../src/games/sevn/view.js';

/**
 * The unseen counts of one deck epoch of one view, kept for every CardCounts of the thread that reads
 * that view: each drawn card is taken off once, not once per bot and seat (4 `ev` bots with their card
 * choices kept 8 copies). The counts are only read between a load and the next load (a decision is
 * one synchronous call), so one copy serves all. A CardCounts made with `shared = false` keeps its own.
 */
class Kept {
  view: SevnView | null = null;
  epoch = -1;
  /** The deck size at the last load (the cards below it are not drawn yet). */
  top = 0;
  codes = 0;
  unseen = new Int32Array(64);
  numCount = 0;
  numValues = 0;
}

const KEPT = new Kept();

/** Cards drawn since the last load above which `track` counts afresh (a card taken off costs about 25 instructions, a recount about 1,000). */
const RECOUNT_AFTER = 40;

export class CardCounts {
  protected readonly kind: Uint8Array;
  protected readonly value: Int8Array;
  protected readonly copies: Uint8Array;
  protected readonly codes: number;
  /** Per code: unseen copies (loaded by `loadUnseen`): the thread's kept counts (`KEPT`) or `own`. */
  unseen: Int32Array;
  private readonly own: Int32Array;
  /** The kept counts this instance reads: the thread's, or its own (see Kept). */
  private readonly kept: Kept;
  /** Whether `unseen` is the kept counts, current for every card (loadRest has nothing to do). */
  private current = false;
  /** Unseen cards in all. */
  unseenTotal = 0;
  /** Counts the loads of the unseen cards (each may change them): what is worked out from them once per load is keyed by it. */
  protected loads = 0;
  /** Unseen number cards, and the sum of their values (loaded with the unseen cards). */
  protected numCount = 0;
  protected numValues = 0;
  /** Codes 0..numbers-1 are the number cards (SevnCards numbers them first). */
  protected readonly numbers: number;
  protected readonly numberCodes: Int32Array;
  // The loaded row.
  sum = 0;
  mult = 1;
  plus = 0;
  bonus = 0;
  /** Kept Ballast above Featherweight's maxValue. */
  nonLow = 0;
  mask = 0;
  distinct = 0;
  secondChance = false;
  /** The row's score now (0 once busted). */
  points = 0;
  busted = false;

  protected readonly nonLowBits: number;
  protected readonly heavyBits: number;
  protected readonly fw: SevnRules['bonuses']['featherweight'];
  protected readonly hw: SevnRules['bonuses']['heavyweight'];
  protected readonly ld: SevnRules['bonuses']['ladder'];
  protected readonly sevnDistinct: number;
  protected readonly sevnBonus: number;

  constructor(readonly cards: SevnCards, shared = true) {
    const r = cards.rules;
    this.kind = cards.kind;
    this.value = cards.value;
    this.copies = cards.copies;
    this.codes = cards.codes;
    this.own = new Int32Array(cards.codes);
    this.unseen = this.own;
    this.kept = shared ? KEPT : new Kept();
    this.fw = r.bonuses.featherweight;
    this.hw = r.bonuses.heavyweight;
    this.ld = r.bonuses.ladder;
    this.sevnDistinct = r.sevn.distinct;
    this.sevnBonus = r.sevn.bonus;
    this.seatBonus = new SeatBonus(r);
    let nonLow = 0;
    let heavy = 0;
    for (let v = 0; v <= 30; v++) {
      if (v > this.fw.maxValue) nonLow |= 1 << v;
      if (v >= this.hw.minValue) heavy |= 1 << v;
    }
    this.nonLowBits = nonLow;
    this.bonusMinDistinct = Math.min(this.fw.minCards, this.hw.minCards, this.ld.minRun);
    this.bonusBit = new Int32Array(cards.codes);
    for (let c = 0; c < cards.codes; c++) {
      const k = cards.kind[c];
      this.bonusBit[c] = k === Kind.FEATHERWEIGHT ? Bonus.FEATHERWEIGHT : k === Kind.HEAVYWEIGHT ? Bonus.HEAVYWEIGHT : k === Kind.LADDER ? Bonus.LADDER : 0;
    }
    this.heavyBits = heavy;
    const numberCodes: number[] = [];
    for (let c = 0; c < cards.codes; c++) if (cards.kind[c] === Kind.NUMBER) numberCodes.push(c);
    this.numberCodes = Int32Array.from(numberCodes);
    this.numbers = numberCodes.length;
    for (let i = 0; i < numberCodes.length; i++) if (numberCodes[i] !== i) throw new Error('NextCard: number cards must come first in the card table');
  }

  /** The unseen cards as the view shows them (see the module comment). */
  loadUnseen(v: SevnView): void {
    this.loads++;
    if (v.deckSize > 0) {
      if (this.track(v)) return;
      this.loadNumbers(v);
      this.loadRest(v);
      return;
    }
    this.current = false;
    const u = this.own;
    this.unseen = u;
    for (let c = 0; c < this.codes; c++) u[c] = this.copies[c];
    for (let s = 0; s < v.players; s++) for (let i = 0, n = v.rowLength(s); i < n; i++) u[v.rowCard(s, i)]--;
    let total = 0;
    for (let c = 0; c < this.codes; c++) total += u[c];
    this.unseenTotal = total;
    this.countNumbers();
  }

  /**
   * With a non-empty deck, the number cards of the unseen cards (their count and value sum taken on
   * the way) and the unseen total: what `surelyDraws` needs (every unseen card, when the view lets
   * them be kept from the last load). The seen counts are read one by one (seenOf), not through a copy
   * of them all.
   */
  loadNumbers(v: SevnView): void {
    this.loads++;
    if (this.track(v)) return;
    this.current = false;
    this.unseen = this.own;
    this.countUnseenNumbers(v, this.own);
    this.unseenTotal = v.deckSize;
  }

  /** Per number code, its unseen copies into u (copies less seen); their count and value sum into numCount and numValues. */
  private countUnseenNumbers(v: SevnView, u: Int32Array): void {
    const copies = this.copies;
    const value = this.value;
    let n = 0;
    let sum = 0;
    for (let c = 0, numbers = this.numbers; c < numbers; c++) {
      const k = copies[c] - v.seenOf(c);
      u[c] = k;
      n += k;
      sum += k * value[c];
    }
    this.numCount = n;
    this.numValues = sum;
  }

  /** With a non-empty deck, the other unseen cards (after loadNumbers: together, loadUnseen). */
  loadRest(v: SevnView): void {
    if (this.current) return; // kept by track(): every card is current (the same load: heldDups' memo holds)
    this.loads++;
    const u = this.own;
    const copies = this.copies;
    for (let c = this.numbers, m = this.codes; c < m; c++) u[c] = copies[c] - v.seenOf(c);
  }

  /**
   * With a non-empty deck and a view that shows the cards drawn one by one (deckEpoch, drawnAt): brings
   * the kept counts (every unseen count, the number cards' count and value sum) up to date by taking
   * off the cards drawn since the last load of any instance sharing them (counting them all afresh
   * when the view, its deck or the card table changed otherwise), points `unseen` at them and returns
   * true. The same integers as counting afresh: copies - seen, where each draw adds one to seen. False
   * without such a view.
   */
  private track(v: SevnView): boolean {
    const e = v.deckEpoch;
    if (e === undefined) return false;
    const n = v.deckSize;
    const k = this.kept;
    const u = k.unseen;
    // Counting afresh (a seenOf per code) is cheaper than taking off many cards one by one: a bot
    // that loads only for its card choices (race) finds most of a round drawn since its last load.
    if (e !== k.epoch || v !== k.view || n > k.top || k.codes !== this.codes || this.codes > u.length || k.top - n > RECOUNT_AFTER) {
      if (this.codes > u.length) k.unseen = new Int32Array(this.codes);
      this.recount(v, k);
    } else if (n < k.top) {
      const numbers = this.numbers;
      let count = k.numCount;
      let sum = k.numValues;
      for (let i = n, top = k.top; i < top; i++) {
        const c = (v.drawnAt as (i: number) => number)(i);
        u[c]--;
        if (c < numbers) {
          count--;
          sum -= this.value[c];
        }
      }
      k.numCount = count;
      k.numValues = sum;
    }
    k.top = n;
    this.unseen = k.unseen;
    this.numCount = k.numCount;
    this.numValues = k.numValues;
    this.unseenTotal = n;
    this.current = true;
    return true;
  }

  /** Counts the kept counts afresh from the view's seen counts, for this card table. */
  private recount(v: SevnView, k: Kept): void {
    const u = k.unseen;
    const copies = this.copies;
    this.countUnseenNumbers(v, u);
    for (let c = this.numbers, m = this.codes; c < m; c++) u[c] = copies[c] - v.seenOf(c);
    k.numCount = this.numCount;
    k.numValues = this.numValues;
    k.epoch = v.deckEpoch as number;
    k.view = v;
    k.codes = this.codes;
  }

  private countNumbers(): void {
    let n = 0;
    let sum = 0;
    for (let i = 0; i < this.numberCodes.length; i++) {
      const c = this.numberCodes[i];
      n += this.unseen[c];
      sum += this.unseen[c] * this.value[c];
    }
    this.numCount = n;
    this.numValues = sum;
  }

  /**
   * The points a bonus card of `kind` earns the loaded row now (as `score` adds them). The held values
   * are among the row's distinct values, so a row with fewer than minCards (minRun) of them earns no
   * Heavyweight (Ladder): no loop over its values.
   */
  protected bonusEarned(kind: number): number {
    const mask = this.mask;
    if (kind === Kind.FEATHERWEIGHT) return this.distinct >= this.fw.minCards && (mask & this.nonLowBits) === 0 && this.nonLow === 0 ? this.fw.points : 0;
    if (this.distinct < (kind === Kind.HEAVYWEIGHT ? this.hw.minCards : this.ld.minRun)) return 0;
    if (kind === Kind.HEAVYWEIGHT) {
      let heavy = 0;
      for (let m = mask & this.heavyBits; m !== 0; m &= m - 1) heavy++;
      return heavy >= this.hw.minCards ? this.hw.points : 0;
    }
    const run = longestRun(mask);
    return run >= this.ld.minRun ? run * this.ld.pointsPerCard : 0;
  }

  /** The fewest distinct values any bonus card earns at (Featherweight's and Heavyweight's minCards, Ladder's minRun). */
  protected readonly bonusMinDistinct: number;
  /** Per code: the Bonus.* bit of a bonus card (0 for other cards). */
  protected readonly bonusBit: Int32Array;

  /** Reads seat s's row from the view: its counters when the view has them (rowCounterOf), else its cards. */
  loadRow(v: SevnView, s: number): void {
    if (v.rowCounterOf === undefined) {
      this.loadRowCards(v, s);
      return;
    }
    this.sum = v.rowCounterOf(s, RowCounter.SUM);
    this.mult = v.rowCounterOf(s, RowCounter.MULT);
    this.plus = v.rowCounterOf(s, RowCounter.PLUS);
    this.bonus = v.rowCounterOf(s, RowCounter.BONUS);
    this.nonLow = v.rowCounterOf(s, RowCounter.NONLOW);
    this.mask = v.rowCounterOf(s, RowCounter.MASK);
    this.distinct = v.rowCounterOf(s, RowCounter.DISTINCT);
    this.secondChance = v.rowCounterOf(s, RowCounter.SC) !== 0;
    this.busted = v.rowCounterOf(s, RowCounter.STATUS) === Status.BUSTED;
    // The engine's own score of the row (it keeps the bonus points with the counters): the same
    // integer as score() works out from them, without its bonus-card walk; the deciding seat's is
    // in the view already (points, set from the same score before the decision).
    this.points = this.busted ? 0 : s === v.seat ? v.points : v.roundPointsOf(s);
  }

  /**
   * After drawsSurely answered 0 with the kept counts brought up to date (`countsAndRow`): the deciding
   * row, as loadRow reads it (the view unchanged since: the same decision). Together with those
   * counts, what loadNumbers and loadRow would load.
   */
  loadRowRead(v: SevnView): void {
    this.loadRow(v, v.seat);
  }

  /** Whether the last drawsSurely call left the kept counts loaded (loadRowRead then reads the row). */
  countsAndRow = false;

  /**
   * `ev`'s first check, in one call, with another player still in the round, a non-empty deck, a
   * margin below 0 and every modifier and bonus non-negative (the caller checks these): NextCard's
   * surelyDraws(margin) after loadNumbers(v) and loadRow(v, v.seat), the same exact integer bound,
   * worked out from the row's counters in locals without loading the row: 1 (true) or 0 (false);
   * -1 where it does not know (a view without counters or kept counts, a Featherweight held), and
   * the caller asks surelyDraws.
   *
   * With a margin below 0, a bound B < 0 may settle it still (`marginBound`): 1 when it shows the gain
   * above the margin. Without one (0), as surelyDraws: 1 only for B >= 0.
   */
  drawsSurely(v: SevnView, margin = 0): number {
    this.countsAndRow = false;
    if (v.rowCounterOf === undefined) return -1;
    const s = v.seat;
    const sum = v.rowCounterOf(s, RowCounter.SUM);
    const mult = v.rowCounterOf(s, RowCounter.MULT);
    const distinct = v.rowCounterOf(s, RowCounter.DISTINCT);
    if ((v.rowCounterOf(s, RowCounter.BONUS) & Bonus.FEATHERWEIGHT) !== 0) return -1;
    if (v.rowCounterOf(s, RowCounter.STATUS) === Status.BUSTED || sum < 0 || distinct >= this.sevnDistinct || sum * mult + v.rowCounterOf(s, RowCounter.PLUS) < 0) return 0;
    this.loads++;
    if (!this.track(v)) return -1;
    this.countsAndRow = true;
    const b = this.numbersBound(v.rowCounterOf(s, RowCounter.MASK), mult, distinct, v.points, v.rowCounterOf(s, RowCounter.SC) !== 0);
    return b >= 0 || (margin < 0 && this.marginBound(b, margin)) ? 1 : 0;
  }

  /**
   * Whether a numbers' bound b < 0 (drawsSurely's) shows the expected gain of one more card above
   * `margin` (< 0), with another player in the round and T >= 2 unseen cards (the kept counts loaded).
   * The gain's other terms before the Storm and Crossroads are >= 0 (surelyDraws), so the sum evaluate
   * adds up before them is base >= b; a Storm adds the mean of that (base / T each: the sum becomes
   * base x (1 + s / T) >= b x (1 + s / T) for s unseen Storms), a Crossroads at least the mean of the
   * other T - 1 cards (rest / (T - 1) each: rest x (1 + n / (T - 1))), so
   *   gain >= b x (1 + s / T) x (1 + n / (T - 1)) / T.
   * True when that bound is above margin + 1e-6: then the gain exceeds's sums work out (within about
   * 1e-11 of the exact one) is above the margin too, and exceeds would answer a draw. The gap keeps the
   * answer the same in floating point.
   */
  private marginBound(b: number, margin: number): boolean {
    const t = this.unseenTotal;
    if (t < 2) return false;
    const u = this.unseen;
    const low = (b * (1 + u[this.cards.storm] / t) * (1 + u[this.cards.crossroads] / (t - 1))) / t;
    return low > margin + 1e-6;
  }

  /**
   * The numbers' part of one more card's gain, bounded below as an exact integer (NextCard.surelyDraws,
   * drawsSurely) over the kept unseen counts: each new value v adds v x mult, the SEVN bonus on the last
   * value, and a duplicate busts the row's points (not with a Second Chance held).
   */
  protected numbersBound(mask: number, mult: number, distinct: number, points: number, secondChance: boolean): number {
    this.heldDups(mask);
    const dup = this.dup;
    const sevn = distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    return mult * (this.numValues - this.dupValues) + sevn * (this.numCount - dup) - (secondChance ? 0 : points * dup);
  }

  /**
   * The unseen copies of the held values in `mask` (`dup`) and their values' sum (`dupValues`), over
   * the loaded unseen counts. Kept for the load and mask they were counted for: drawsSurely's bound
   * and a full evaluation of the same question read them once.
   */
  protected heldDups(mask: number): void {
    if (mask === this.dupMask && this.loads === this.dupLoad) return;
    const u = this.unseen;
    const numberCode = this.cards.numberCode;
    let dup = 0;
    let dupValues = 0;
    for (let m = mask; m !== 0; m &= m - 1) {
      const x = 31 - Math.clz32(m & -m);
      const k = u[numberCode[x]];
      dup += k;
      dupValues += k * x;
    }
    this.dup = dup;
    this.dupValues = dupValues;
    this.dupMask = mask;
    this.dupLoad = this.loads;
  }

  /** heldDups' counts (small integers), and the load of the unseen cards and the mask they are for. */
  protected dup = 0;
  protected dupValues = 0;
  private dupMask = -1;
  private dupLoad = -1;

  /** Reads seat s's row from its cards (as the engine counts them: a busting duplicate adds nothing). */
  loadRowCards(v: SevnView, s: number): void {
    const n = v.rowLength(s);
    let sum = 0;
    let mult = 1;
    let plus = 0;
    let bonus = 0;
    let nonLow = 0;
    let mask = 0;
    let distinct = 0;
    let sc = false;
    for (let i = 0; i < n; i++) {
      const c = v.rowCard(s, i);
      const val = this.value[c];
      switch (this.kind[c]) {
        case Kind.NUMBER:
          if ((mask >>> val) & 1) break; // a busting duplicate
          mask |= 1 << val;
          sum += val;
          distinct++;
          break;
        case Kind.BALLAST:
          sum += val;
          distinct++;
          if (val > this.fw.maxValue) nonLow++;
          break;
        case Kind.MULTIPLY: mult *= val; break;
        case Kind.ADD: plus += val; break;
        case Kind.SECOND_CHANCE: sc = true; break;
        case Kind.FEATHERWEIGHT: bonus |= Bonus.FEATHERWEIGHT; break;
        case Kind.HEAVYWEIGHT: bonus |= Bonus.HEAVYWEIGHT; break;
        case Kind.LADDER: bonus |= Bonus.LADDER; break;
        default: break;
      }
    }
    this.sum = sum;
    this.mult = mult;
    this.plus = plus;
    this.bonus = bonus;
    this.nonLow = nonLow;
    this.mask = mask;
    this.distinct = distinct;
    this.secondChance = sc;
    this.busted = v.statusOf(s) === Status.BUSTED;
    this.points = this.busted ? 0 : this.score(mask, sum, distinct, nonLow, mult, plus, bonus);
  }

  /** A row's score from its counters, as the engine scores it (with the SEVN bonus at sevn.distinct values). */
  score(mask: number, sum: number, distinct: number, nonLow: number, mult: number, plus: number, bonus: number): number {
    return this.seatBonus.rowScore(mask, sum, distinct, nonLow, mult, plus, bonus, this.sevnDistinct);
  }

  /** The engine's scorer of a row's bonus points (score, cardDelta): one copy of the scoring rules. */
  protected readonly seatBonus: SeatBonus;

  /** The loaded row's score if it kept the Ballast card `code`. */
  withBallast(code: number): number {
    const val = this.value[code];
    return this.score(this.mask, this.sum + val, this.distinct + 1, this.nonLow + (val > this.fw.maxValue ? 1 : 0), this.mult, this.plus, this.bonus);
  }

  /** The Ballast rule the valuation assumes: keep the card when keeping it raises the row's score now. */
  ballastKeeps(code: number): boolean {
    return this.withBallast(code) > this.points;
  }
}

/** Is any seat other than `s` still in the round? */
export function othersIn(v: SevnView, s: number): boolean {
  for (let t = 0; t < v.players; t++) if (t !== s && v.statusOf(t) === Status.ACTIVE) return true;
  return false;
}

/**
 * Is any seat other than the deciding one still in the round, at a draw-or-stay question? The seat asked
 * is in the round then, so with the view's count of seats in (inRound) this is one read: inRound > 1.
 */
export function othersInAtQuestion(v: SevnView): boolean {
  const n = v.inRound;
  return n !== undefined ? n > 1 : othersIn(v, v.seat);
}
