/**
 * What one more card does to a row, exactly, over the exact unseen cards: the arithmetic behind `ev`,
 * the game-aware `race` bot and the situation-aware card choices.
 *
 * The unseen cards are the full deck minus the cards seen since the last reshuffle (exactly the deck);
 * with an empty deck, the next card comes from the reshuffled discard pile: every card not on the
 * table. A row is read from the view's card codes and scored exactly as the engine does (sum of numbers
 * and kept Ballast, x multipliers, + modifiers, each earned bonus once, SEVN, clamp at 0).
 *
 * Each card's change to the row ("delta") is exact for the cards that act on the row: numbers (a
 * duplicate busts the row to 0, or with a Second Chance leaves it unchanged), Ballast (kept only when
 * keeping raises the row now, see `ballastKeeps`), x and + modifiers, bonus cards (the bonus they earn
 * now). Cards that act on the table are valued by a documented rule (see `expectedGain`).
 *
 * One instance per strategy; scratch arrays are made once, so a decision allocates nothing.
 */
import { Bonus, Kind, type SevnCards } from '../../src/games/sevn/cards.js';
import { longestRun } from '../../src/games/sevn/scoring.js';
import { RowSums } from './row-sums.js';
export { othersIn, othersInAtQuestion } from './card-counts.js';

export class NextCard extends RowSums {
  /** Per code: the loaded row's change from that card (filled by `expectedGain`). */
  readonly delta: Float64Array;
  /** The loaded row's exact bust chance on its next card (0 with a Second Chance), set by `expectedGain`. */
  bust = 0.5;
  // Sorting scratch for the Crossroads value.
  private readonly order: Int32Array;
  private readonly scCode: number;
  private readonly tdCode: number;
  private readonly stormCode: number;
  private readonly xCode: number;

  constructor(cards: SevnCards, shared = true) {
    super(cards, shared);
    this.delta = new Float64Array(cards.codes);
    this.order = new Int32Array(cards.codes);
    for (let c = 0; c < cards.codes; c++) this.order[c] = c;
    this.scCode = cards.secondChance;
    this.tdCode = cards.tripleDraw;
    this.stormCode = cards.storm;
    this.xCode = cards.crossroads;
    this.numbersDown = Int32Array.from(this.numberCodes).sort((a, b) => cards.value[b] - cards.value[a]);
  }

  /**
   * True when `exceeds(othersIn, margin)` is sure to be true from the number cards alone (after
   * loadNumbers and loadRow, or loadUnseen and loadRow; a negative margin). On a live row below
   * sevn.distinct values with a sum and raw score (sum x mult + plus) of at least 0, every term of the
   * gain but the numbers' is at least 0 when the deck's modifiers and bonuses are
   * (`rowCardsNonNegative`): + and x modifiers (x >= 1 on a sum >= 0; the row's bonus points
   * unchanged), Ballast (kept only when it raises the row), bonus cards (they only add points), Second
   * Chance (bust x points), Triple Draw (0 when it can be sent away; alone in the round, at least
   * -points, counted in the bound, or with a Second Chance held 3 times the mean gain of a card, >= 0
   * once the rest is), Storm (the mean of the rest), Crossroads (at least one card on average). The
   * numbers' part is bounded below by its closed form (each new value v adds v x mult and the SEVN
   * bonus on the last value) less the Featherweight bonus that a value above its limit takes away
   * from a row earning it: a Heavyweight or Ladder only gains from one more value. So a bound of at
   * least 0 makes the gain at least 0, above the margin, in floating point too (the parts are exact
   * integers, then sums and products of numbers >= 0). False means: work it out.
   */
  surelyDraws(margin: number, othersIn = true): boolean {
    if (!(margin < 0) || !this.rowCardsNonNegative || this.busted || this.sum < 0 || this.distinct >= this.sevnDistinct) return false;
    if (this.sum * this.mult + this.plus < 0) return false;
    const u = this.unseen;
    // As evaluate's closed form: an exact integer.
    let bound = this.numbersBound(this.mask, this.mult, this.distinct, this.points, this.secondChance);
    if ((this.bonus & Bonus.FEATHERWEIGHT) !== 0 && this.nonLow === 0 && this.distinct >= this.fw.minCards && (this.mask & this.nonLowBits) === 0) {
      // Earned now (so no value above the limit is held): each unseen one would take it away.
      let high = 0;
      for (let c = 0; c < this.numbers; c++) if (this.value[c] > this.fw.maxValue) high += u[c];
      bound -= this.fw.points * high;
    }
    // Alone in the round without a Second Chance, each Triple Draw is the row's own to take: worth
    // (1 - bust)^3 x (points + 3a) - points >= -points once the rest is >= 0 (a >= 0).
    if (!othersIn && !this.secondChance) bound -= this.points * u[this.tdCode];
    return bound >= 0;
  }

  /**
   * The expected change of the loaded row's score from its next card, over the loaded unseen cards
   * (call loadUnseen and loadRow first). Every card kind counts; the cards that do not act on the row
   * itself are valued by these rules:
   * - Second Chance: held already, 0 (it is given away); otherwise the points it would save on the
   *   next card, `bust x points` (its insurance for one draw).
   * - Freeze: 0. Whoever it freezes, the drawer's row is unchanged (freezing itself banks the row, as
   *   staying does).
   * - Triple Draw: 0 when `othersIn` (another player can be sent the three cards); otherwise the row
   *   must take them: `(1 - bust)^3 x (points + 3a) - points`, a = the mean change of a card that does
   *   not bust, as if the three cards were independent.
   * - Storm: the expected change of one card (the drawer draws one like everyone still in; actions
   *   drawn during it wait): the gain of the other cards, Storm and Crossroads counted as 0.
   * - Crossroads: the exact expected value of the better of two cards drawn without replacement from
   *   the other unseen cards, each valued as above (a Crossroads among them as 0).
   * Leaves each unseen card's value in `delta` and the row's bust chance in `bust`. With `crossroads`
   * false a Crossroads counts 0 (the card choices, which value many rows, save the sort it needs).
   */
  expectedGain(othersIn: boolean, crossroads = true): number {
    this.evaluate(othersIn, crossroads);
    this.fillDeltas();
    return this.gain;
  }

  /** Leaves every unseen card's value in `delta` after `evaluate` (its closed form sums the row cards without their deltas). */
  fillDeltas(): void {
    if (this.bonusLazy) this.anyRow();
    if (!this.numbersFilled) this.fillNumbers();
    if (!this.rowDeltas) this.rowCardsSimple();
    this.rowDeltas = true;
  }

  /** Whether `delta` holds the Ballast, modifier and bonus cards' values for the loaded row. */
  private rowDeltas = false;

  /** The last expected gain `evaluate` computed. */
  gain = 0.5;

  /**
   * As expectedGain, leaving the gain in `gain`: a double returned from a call that is not inlined is
   * boxed (an allocation per decision on ev's hot path).
   */
  evaluate(othersIn: boolean, crossroads = true): void {
    const u = this.unseen;
    const d = this.delta;
    const total = this.unseenTotal;
    if (total <= 0) {
      this.bust = 0;
      this.gain = 0;
      return;
    }
    const p = this.points;
    // Numbers. Without bonus cards and with a non-negative row, a new value v adds exactly v x mult
    // (plus the SEVN bonus on the last value), so the sum over the unseen numbers is closed-form from
    // the counts loaded with the unseen cards and the held values' counts: no loop over values.
    let base = 0;
    let dup = 0;
    const raw = this.sum * this.mult + this.plus;
    if (this.bonus === 0 && raw >= 0) {
      base = this.numbersBound(this.mask, this.mult, this.distinct, p, this.secondChance);
      dup = this.dup;
      this.numbersFilled = false;
      this.rowDeltas = false;
      this.bonusLazy = false;
      base += this.rowCardsSum();
    } else if (this.bonusForm && raw >= 0 && this.mult >= 0 && !this.busted) {
      // anyRow's sum by groups of cards (RowSums.bonusRowSum); its deltas only where read (bonusLazy).
      base = this.bonusRowSum();
      dup = this.dup;
      this.numbersFilled = true;
      this.rowDeltas = true;
      this.bonusLazy = true;
    } else {
      this.bonusLazy = false;
      dup = this.anyRow();
      base = this.anyRowBase;
      this.numbersFilled = true;
      this.rowDeltas = true;
    }
    const bust = this.secondChance ? 0 : dup / total;
    this.bust = bust;
    // Second Chance: insurance for one draw. Freeze: 0.
    d[this.scCode] = this.secondChance ? 0 : bust * p;
    base += u[this.scCode] * d[this.scCode];
    d[this.cards.freeze] = 0;
    // Triple Draw taken by the row itself (nobody else in the round).
    const td = this.tdCode;
    if (!othersIn && bust < 1) {
      const g = base / total;
      const a = (g + bust * p) / (1 - bust);
      const s = (1 - bust) * (1 - bust) * (1 - bust);
      d[td] = s * (p + 3 * a) - p;
      base += u[td] * d[td];
    } else d[td] = 0;
    // Storm: one card from the others (Storm and Crossroads counted 0 so far).
    const g1 = base / total;
    d[this.stormCode] = g1;
    let gain = base + u[this.stormCode] * g1;
    const x = this.xCode;
    d[x] = 0;
    this.withoutCrossroads = gain;
    if (crossroads && u[x] > 0) gain += u[x] * this.crossroadsValue();
    this.gain = gain / total;
  }

  /** Sum of u x delta over the unseen cards but actions and Second Chance, left by anyRow. */
  private anyRowBase = 0;
  /** Whether `delta` still lacks the numbers, modifiers, Ballast and bonus cards of a row holding a bonus card (evaluate summed them by bonusRowSum): anyRow writes them. */
  private bonusLazy = false;

  /**
   * evaluate's general case (bonus cards held, or a raw score below 0): each unseen number, modifier,
   * Ballast and bonus card's delta, exactly as cardDelta works it out (score of the changed row minus
   * points), left in `delta`; their sum weighted by the unseen copies in `anyRowBase`; returns the
   * unseen duplicates of held values. For a number or a modifier the row's other terms (bonus points,
   * SEVN bonus) are worked out once instead of by a score() per card: the same integers, and a sum of
   * integers is exact in any order.
   */
  private anyRow(): number {
    const u = this.unseen;
    const d = this.delta;
    const value = this.value;
    const p = this.points;
    const mask = this.mask;
    const sum = this.sum;
    const mult = this.mult;
    const plus = this.plus;
    const bonus = this.bonus;
    const distinct = this.distinct;
    // The row's bonus points now, and what a new number value changes in them.
    const fwOn = (bonus & Bonus.FEATHERWEIGHT) !== 0 && this.nonLow === 0;
    const fwPoints = this.fw.points;
    const fwMin = this.fw.minCards;
    let heavy = 0;
    for (let m = mask & this.heavyBits; m !== 0; m &= m - 1) heavy++;
    const hwOn = (bonus & Bonus.HEAVYWEIGHT) !== 0;
    const ldOn = (bonus & Bonus.LADDER) !== 0;
    const sevnNext = distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    let base = 0;
    let dup = 0;
    const lost = this.secondChance ? 0 : 0 - p;
    for (let c = 0, n = this.numbers; c < n; c++) {
      const k = u[c];
      if (k === 0) continue;
      const v = value[c];
      const bit = 1 << v;
      let x: number;
      if ((mask & bit) !== 0) {
        x = lost;
        dup += k;
      } else {
        const m2 = mask | bit;
        let t = (sum + v) * mult + plus + sevnNext;
        if (fwOn && distinct + 1 >= fwMin && (m2 & this.nonLowBits) === 0) t += fwPoints;
        if (hwOn && heavy + ((bit & this.heavyBits) !== 0 ? 1 : 0) >= this.hw.minCards) t += this.hw.points;
        if (ldOn) {
          const run = longestRun(m2);
          if (run >= this.ld.minRun) t += run * this.ld.pointsPerCard;
        }
        x = (t < 0 ? 0 : t) - p;
      }
      d[c] = x;
      base += k * x;
    }
    // + and x modifiers: the row's own bonus points and SEVN bonus, unchanged by them.
    let others = distinct >= this.sevnDistinct ? this.sevnBonus : 0;
    if (fwOn && distinct >= fwMin && (mask & this.nonLowBits) === 0) others += fwPoints;
    if (hwOn && heavy >= this.hw.minCards) others += this.hw.points;
    if (ldOn) {
      const run = longestRun(mask);
      if (run >= this.ld.minRun) others += run * this.ld.pointsPerCard;
    }
    const add = this.addCodes;
    for (let i = 0; i < add.length; i++) {
      const c = add[i];
      const k = u[c];
      if (k === 0) continue;
      const t = sum * mult + (plus + value[c]) + others;
      const x = (t < 0 ? 0 : t) - p;
      d[c] = x;
      base += k * x;
    }
    const mul = this.multiplyCodes;
    for (let i = 0; i < mul.length; i++) {
      const c = mul[i];
      const k = u[c];
      if (k === 0) continue;
      const t = sum * (mult * value[c]) + plus + others;
      const x = (t < 0 ? 0 : t) - p;
      d[c] = x;
      base += k * x;
    }
    // Kept, a Ballast <= 0 raises a live row (mult >= 0) only through a Featherweight or the SEVN bonus
    // (the other bonuses read the held values alone): without either it is discarded, delta 0.
    const noBallast = !this.busted && this.ballastNonPositive && mult >= 0 && (bonus & Bonus.FEATHERWEIGHT) === 0 && sevnNext === 0;
    const ballast = this.ballastCodes;
    for (let i = 0; i < ballast.length; i++) {
      const c = ballast[i];
      const k = u[c];
      if (k === 0) continue;
      const x = noBallast ? 0 : this.cardDelta(c);
      d[c] = x;
      base += k * x;
    }
    // A bonus card held already, or on a live row short of every bonus's minimum, adds nothing: delta 0.
    const fewer = distinct < this.bonusMinDistinct;
    const bonusCodes = this.bonusCodes;
    for (let i = 0; i < bonusCodes.length; i++) {
      const c = bonusCodes[i];
      const k = u[c];
      if (k === 0) continue;
      const x = !this.busted && (fewer || (bonus & this.bonusBit[c]) !== 0) ? 0 : this.cardDelta(c);
      d[c] = x;
      base += k * x;
    }
    this.anyRowBase = base;
    this.bonusLazy = false;
    return dup;
  }

  /**
   * Sum of u x delta over the unseen Ballast, modifier and bonus cards of a row without bonus cards and
   * with a non-negative raw score (leaving each one's delta in `delta`), one short loop per kind: no
   * bonus to re-check for modifiers and Ballast. (A Multiply's value leaves out the SEVN bonus, as it
   * always has here: only a row at sevn.distinct values, whose round is over, would differ.) An exact
   * integer.
   */
  private rowCardsSimple(): number {
    const u = this.unseen;
    const d = this.delta;
    const value = this.value;
    const p = this.points;
    const sum = this.sum;
    const mult = this.mult;
    const plus = this.plus;
    let base = 0;
    const add = this.addCodes;
    for (let i = 0; i < add.length; i++) {
      const c = add[i];
      const k = u[c];
      if (k === 0) continue;
      d[c] = value[c];
      base += k * value[c];
    }
    const mul = this.multiplyCodes;
    for (let i = 0; i < mul.length; i++) {
      const c = mul[i];
      const k = u[c];
      if (k === 0) continue;
      const t = sum * mult * value[c] + plus;
      const x = (t < 0 ? 0 : t) - p;
      d[c] = x;
      base += k * x;
    }
    const ballast = this.ballastCodes;
    const sevn = this.distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    for (let i = 0; i < ballast.length; i++) {
      const c = ballast[i];
      const k = u[c];
      if (k === 0) continue;
      let t = (sum + value[c]) * mult + plus + sevn;
      if (t < 0) t = 0;
      const x = t > p ? t - p : 0;
      d[c] = x;
      base += k * x;
    }
    const bonus = this.bonusCodes;
    for (let i = 0; i < bonus.length; i++) {
      const c = bonus[i];
      const k = u[c];
      if (k === 0) continue;
      // A live row of this kind scores raw + SEVN bonus >= 0, unclamped: a bonus card adds exactly
      // the bonus it earns now (a busted row, scored 0, goes the long way), none below every minimum.
      const x = this.busted ? this.cardDelta(c) : this.distinct < this.bonusMinDistinct ? 0 : this.bonusEarned(this.kind[c]);
      d[c] = x;
      base += k * x;
    }
    return base;
  }

  /** Sum of u x delta over every unseen card but the Crossroads (left by expectedGain). */
  private withoutCrossroads = 0.5;

  /** The exact value of a Crossroads to the loaded row (after expectedGain): E[better of two]. */
  private crossroadsValue(): number {
    const u = this.unseen;
    const x = this.xCode;
    this.fillDeltas();
    u[x]--; // the Crossroads card drawn is not one of the two revealed
    const best = this.bestOfTwo(this.unseenTotal - 1);
    u[x]++;
    this.delta[x] = best;
    return best;
  }

  /**
   * Is the expected gain (as `expectedGain(othersIn)`) above `margin`? The same answer, but the
   * Crossroads term, the one that needs a sort, is bounded first: the better of two cards is worth at
   * least one card on average and at most the best card, and only when those bounds fall on both
   * sides of the margin is it computed exactly (ev's hot path).
   */
  exceeds(othersIn: boolean, margin: number): boolean {
    this.evaluate(othersIn, false);
    const total = this.unseenTotal;
    const u = this.unseen;
    const n = u[this.xCode];
    if (total <= 0) return 0 > margin;
    const rest = this.withoutCrossroads;
    if (n === 0) return rest / total > margin;
    // One card from the others (the Crossroads counts 0): a lower bound on the better of two.
    const low = total > 1 ? rest / (total - 1) : 0;
    if ((rest + n * low) / total > margin) return true;
    if ((rest + n * this.maxDelta()) / total <= margin) return false;
    return (rest + n * this.crossroadsValue()) / total > margin;
  }

  /** The largest delta of any unseen card (0 counts: a Crossroads among them is worth 0). */
  private maxDelta(): number {
    const u = this.unseen;
    const d = this.delta;
    let best = 0;
    let from = 0;
    if (this.bonusLazy) this.anyRow();
    if (!this.numbersFilled && this.mult >= 0) {
      // The closed form (see fillNumbers) without filling it: a new value v adds v x mult + the SEVN
      // bonus, most for the highest unseen one; a held one -points or 0, never above the 0 counted.
      const sevn = this.distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
      const down = this.numbersDown;
      for (let i = 0; i < down.length; i++) {
        const c = down[i];
        const v = this.value[c];
        if (u[c] === 0 || ((this.mask >>> v) & 1) !== 0) continue;
        const x = v * this.mult + sevn;
        if (x > best) best = x;
        break;
      }
      if (!this.rowDeltas) {
        // The row cards' largest delta without writing them all (crossroadsValue writes them when it
        // needs them), then the action cards' (evaluate wrote those): the same maximum.
        best = this.rowCardsMax(best);
        const acts = this.actionCodes;
        for (let i = 0; i < acts.length; i++) if (u[acts[i]] > 0 && d[acts[i]] > best) best = d[acts[i]];
        return best;
      }
      from = this.numbers;
    } else if (!this.numbersFilled) this.fillNumbers();
    if (!this.rowDeltas) {
      this.rowCardsSimple();
      this.rowDeltas = true;
    }
    for (let c = from; c < this.codes; c++) if (u[c] > 0 && d[c] > best) best = d[c];
    return best;
  }

  /** The number codes by value, highest first (for maxDelta). */
  private readonly numbersDown: Int32Array;

  /** Whether `delta` holds the number cards' values (the closed form skips them). */
  private numbersFilled = false;

  /** The number cards' deltas in the closed-form case (no bonus card, a non-negative row). */
  private fillNumbers(): void {
    const codes = this.numberCodes;
    const d = this.delta;
    const bust = this.secondChance ? 0 : 0 - this.points;
    const sevn = this.distinct + 1 >= this.sevnDistinct ? this.sevnBonus : 0;
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i];
      const v = this.value[c];
      d[c] = (this.mask >>> v) & 1 ? bust : v * this.mult + sevn;
    }
    this.numbersFilled = true;
  }

  /**
   * E[max(delta(a), delta(b))] for two cards drawn without replacement from the unseen cards (n of
   * them), a Crossroads among them counted 0: P(max <= x) = C(#cards with delta <= x, 2) / C(n, 2).
   */
  private bestOfTwo(n: number): number {
    if (n < 2) {
      // One card left: it is taken unasked.
      let only = 0;
      for (let c = 0; c < this.codes; c++) if (this.unseen[c] > 0) only = this.kind[c] === Kind.CROSSROADS ? 0 : this.delta[c];
      return n === 1 ? only : 0;
    }
    const u = this.unseen;
    const d = this.delta;
    const order = this.order;
    const m = this.codes;
    // Insertion sort by delta of every code (absent ones weigh nothing: their stale deltas only take
    // part in the ordering), starting from the last decision's order: rows change little between
    // decisions, so it is nearly sorted already. Equal deltas go by code: the sum's rounding depends on
    // the order, and an order kept from earlier games would make this value depend on which games the
    // thread played before (its thread count, chunks and shards), not on the position alone.
    for (let k = 1; k < m; k++) {
      const c = order[k];
      const x = d[c];
      let i = k;
      while (i > 0 && (d[order[i - 1]] > x || (d[order[i - 1]] === x && order[i - 1] > c))) {
        order[i] = order[i - 1];
        i--;
      }
      order[i] = c;
    }
    const pairs = (n * (n - 1)) / 2;
    let below = 0; // cards with a smaller delta so far
    let prevCdf = 0;
    let e = 0;
    for (let i = 0; i < m; i++) {
      below += u[order[i]];
      const cdf = (below * below - below) / 2 / pairs; // not below * (below - 1): that is -0 at 0
      e += d[order[i]] * (cdf - prevCdf);
      prevCdf = cdf;
    }
    return e;
  }
}
