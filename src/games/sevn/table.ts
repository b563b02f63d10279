/**
 * The SEVN table: what the engine (engine.ts) plays on. Every card's place (the deck and discard pile
 * of deck.ts, the rows, the queue of waiting actions, cards in hand) and every per-seat counter, in
 * regions of the deck's one array `mem` (SevnLayout, seats.ts); where the cards go, and a seat's score
 * if the round ended now. The public arrays (seats, rows, seen, totals, ...) are views of those regions.
 * The engine's state is public for the inspection in tests and traces, for the round snapshot of
 * rollouts.ts and for positions.ts; strategies never see it, only their view (view.ts).
 *
 * A drawn card is "in hand" (counted in `inHand`) until it lands in a row, the discard pile or the
 * queue. A drawn number card that goes straight to its row is never counted in hand except while a
 * tracer sees it (two Int16Array updates per draw saved, about 20 instructions).
 */
import { Kind, SevnCards } from './cards.js';
import { SevnDeck } from './deck.js';
import type { SevnRules } from './rules.js';
import { SeatBonus } from './scoring.js';
import { MAX_PLAYERS, Seat } from './seats.js';
import { type SevnPlayer, Status } from './view.js';
import { SevnViewBuffer, type SevnViewSource, strategySide } from './view-buffer.js';

export class SevnTable extends SevnDeck implements SevnViewSource {
  declare readonly inHand: Int32Array;
  readonly inHandAt: number = 0;
  /** Rows: seat s holds rows[s * stride + i], i < rowLen[s] (seats[(s << Seat.SHIFT) | Seat.ROWLEN]). */
  declare readonly rows: Int32Array;
  declare readonly stride: number;
  /**
   * Every per-seat round counter, seat s at [s << Seat.SHIFT, + Seat.SIZE) of `mem` (and of this view):
   * status, held-value mask, sum, distinct scoring values, Ballast above Featherweight's maxValue,
   * multiplier, plus, bonus bits, Second Chance, SEVN, row length and row start (Seat.* in seats.ts).
   * The public per-seat arrays below are copies made when read.
   */
  declare readonly seats: Int32Array;
  private readonly pubStatus = new Uint8Array(MAX_PLAYERS);
  private readonly pubSc = new Uint8Array(MAX_PLAYERS);
  private readonly pubSevnAt = new Uint8Array(MAX_PLAYERS);
  private readonly pubRowLen = new Uint8Array(MAX_PLAYERS);
  declare readonly totals: Int32Array;
  declare readonly roundScore: Int32Array;
  readonly winShare = new Float64Array(MAX_PLAYERS);
  /** Per seat: busts in the current unit (round or game). */
  declare readonly bustCount: Int32Array;
  /** Rounds in the current unit. */
  roundCount = 0;
  /** The queue of action cards waiting to resolve (a ring buffer in `mem`, from SevnLayout.qOwner and qCard): owner seat and card. */
  qHead = 0;
  qLen = 0;

  /** The strategies in play (read by rollouts.ts to replay a round). */
  players: readonly SevnPlayer[] = [];
  n = 0;
  dealer = 0;
  round = 0;
  /** Seats still in the round. */
  active = 0;
  /** Set by a SEVN or an exhausted deck: everything stops. */
  ended = false;
  sevnSeat = -1;
  /** The strategies' copy (view-buffer.ts). */
  declare readonly view: SevnViewBuffer;
  /** Per code, in `mem`: the card's kind and value (cards.kind and cards.value). */
  readonly kindAt: number = 0;
  readonly valueAt: number = 0;
  /**
   * Per code: 1 << value for a number card, 0 for any other. One lookup tells a number and its bit
   * (kind and value were two typed-array reads, and Kind.NUMBER an imported binding with a hole check).
   */
  declare readonly numberBit: Int32Array;
  readonly numberBitAt: number = 0;
  /**
   * True when the deck holds number cards only: rounds are then played by playNumbers (numbers.ts), the
   * general deal and turns without the other kinds' cases. Tests turn it off to compare the two.
   */
  declare numbersKernel: boolean;

  /** Bonus cards' points and the SEVN bonus of a seat's row. */
  declare readonly bonus: SeatBonus;
  declare readonly sevnDistinct: number;
  declare readonly sevnBonus: number;
  declare readonly fwMax: number;
  declare readonly tripleCards: number;
  /** The optional rule choices, read once (each is tested only where it acts). */
  declare readonly freezeSelf: boolean;
  declare readonly stormFromLeft: boolean;
  declare readonly deckPersists: boolean;
  declare readonly dealerRotates: boolean;
  declare readonly tiedShared: boolean;

  constructor(rules: SevnRules, cards = new SevnCards(rules)) {
    super(rules, cards);
    const at = this.layout;
    const mem = this.mem;
    const view = (from: number, len: number): Int32Array => mem.subarray(from, from + len);
    const codes = cards.codes;
    this.seats = view(0, MAX_PLAYERS << Seat.SHIFT);
    this.inHandAt = at.inHand;
    this.inHand = view(at.inHand, codes);
    const stride = (this.stride = at.stride);
    this.rows = view(at.rows, stride * MAX_PLAYERS);
    for (let s = 0; s < MAX_PLAYERS; s++) this.seats[(s << Seat.SHIFT) | Seat.ROWBASE] = at.rows + s * stride;
    this.totals = view(at.totals, MAX_PLAYERS);
    this.roundScore = view(at.roundScore, MAX_PLAYERS);
    this.bustCount = view(at.bustCount, MAX_PLAYERS);
    const b = rules.bonuses;
    this.bonus = new SeatBonus(rules);
    this.sevnDistinct = rules.sevn.distinct;
    this.sevnBonus = rules.sevn.bonus;
    this.fwMax = b.featherweight.maxValue;
    this.tripleCards = rules.tripleDrawCards;
    // Rules objects built in code before these fields existed leave them out: undefined is the default.
    this.freezeSelf = rules.freezeSelf !== false;
    this.stormFromLeft = rules.stormStart === 'left-of-drawer';
    this.deckPersists = rules.deckPersists !== false;
    this.dealerRotates = rules.dealerRotates !== false;
    this.tiedShared = rules.tiedLead === 'shared';
    const side = strategySide(rules);
    this.view = new SevnViewBuffer(side.rules, side.cards, this, stride);
    this.kindAt = at.kind;
    this.valueAt = at.value;
    view(at.kind, codes).set(cards.kind);
    view(at.value, codes).set(cards.value);
    this.numberBitAt = at.numberBit;
    this.numberBit = view(at.numberBit, codes);
    for (let c = 0; c < codes; c++) if (cards.kind[c] === Kind.NUMBER) this.numberBit[c] = 1 << cards.value[c];
    this.numbersKernel = true;
    for (let c = 0; c < cards.codes; c++) if (cards.copies[c] > 0 && cards.kind[c] !== Kind.NUMBER) this.numbersKernel = false;
  }

  // ---- Per-seat counters as arrays (tests, traces, strategies' views) ----------------------------

  /** Copies one per-seat field of the seats in play into `out` (entries beyond n are left as they were). */
  copySeats(field: number, out: { [i: number]: number }): void {
    const st = this.seats;
    for (let s = 0; s < this.n; s++) out[s] = st[(s << Seat.SHIFT) | field];
  }
  /** Per seat: ACTIVE, STAYED, FROZEN or BUSTED (a fresh copy of the engine's state on each read). */
  get status(): Uint8Array {
    this.copySeats(Seat.STATUS, this.pubStatus);
    return this.pubStatus;
  }
  get sc(): Uint8Array {
    this.copySeats(Seat.SC, this.pubSc);
    return this.pubSc;
  }
  get sevnAt(): Uint8Array {
    this.copySeats(Seat.SEVNAT, this.pubSevnAt);
    return this.pubSevnAt;
  }
  get rowLen(): Uint8Array {
    this.copySeats(Seat.ROWLEN, this.pubRowLen);
    return this.pubRowLen;
  }

  /** Every card the engine holds, by code: deck + discard pile + rows + queue + in hand. */
  census(out: Int32Array): void {
    out.fill(0);
    for (let i = 0; i < this.deckLen; i++) out[this.deck[i]]++;
    for (let i = 0; i < this.discardLen; i++) out[this.discard[i]]++;
    for (let s = 0; s < MAX_PLAYERS; s++) {
      const len = this.seats[(s << Seat.SHIFT) | Seat.ROWLEN];
      for (let i = 0; i < len; i++) out[this.rows[s * this.stride + i]]++;
    }
    for (let i = 0; i < this.qLen; i++) out[this.mem[this.layout.qCard + ((this.qHead + i) % this.size)]]++;
    for (let c = 0; c < this.cards.codes; c++) out[c] += this.inHand[c];
  }

  // ---- Where the cards go ------------------------------------------------------------------------

  /** A freshly shuffled full deck: every card back in the deck, nothing seen, nothing on the table. */
  protected freshDeck(): void {
    this.refillDeck();
    const st = this.seats;
    for (let s = 0; s < this.n; s++) st[(s << Seat.SHIFT) | Seat.ROWLEN] = 0;
    this.qLen = 0;
  }

  protected toRow(s: number, c: number): void {
    const m = this.mem;
    const b = s << Seat.SHIFT;
    m[m[b | Seat.ROWBASE] + m[b | Seat.ROWLEN]++] = c;
    m[this.inHandAt | c]--;
  }

  protected toDiscard(c: number): void {
    const m = this.mem;
    m[this.discardAt | this.discardLen++] = c;
    m[this.inHandAt | c]--;
  }

  /** Removes one card with this code from a row back into hand (a used Second Chance). */
  protected fromRow(s: number, c: number): void {
    const m = this.mem;
    const base = m[(s << Seat.SHIFT) | Seat.ROWBASE];
    const last = base + --m[(s << Seat.SHIFT) | Seat.ROWLEN];
    for (let i = base; i <= last; i++) {
      if (m[i] === c) {
        for (let k = i; k < last; k++) m[k] = m[k + 1];
        m[this.inHandAt | c]++;
        return;
      }
    }
    throw new Error(`internal: ${this.cards.name(c)} not in row ${s}`);
  }

  /** Takes one card with this code from the discard pile into hand. */
  protected fromDiscard(c: number): void {
    const d = this.discard;
    for (let i = this.discardLen - 1; i >= 0; i--) {
      if (d[i] === c) {
        d[i] = d[--this.discardLen];
        this.inHand[c]++;
        return;
      }
    }
    throw new Error(`internal: ${this.cards.name(c)} not in the discard pile`);
  }

  /**
   * At a reshuffle every card is in the new deck or on the table (rows, queue, in hand: the census),
   * so the cards out of the deck are the table's: a dozen or two, where the pile is about a hundred
   * (SevnDeck's count, copies less the pile, read every card of it).
   */
  protected override countOffDeck(): void {
    const m = this.mem;
    const seen = this.seenAt;
    const inHand = this.inHandAt;
    for (let c = 0, codes = this.cards.codes; c < codes; c++) m[seen | c] = m[inHand | c];
    for (let s = 0; s < this.n; s++) {
      const b = s << Seat.SHIFT;
      for (let i = m[b | Seat.ROWBASE], end = i + m[b | Seat.ROWLEN]; i < end; i++) m[seen | m[i]]++;
    }
    const q = this.layout.qCard;
    for (let i = 0, h = this.qHead; i < this.qLen; i++, h = h + 1 === this.size ? 0 : h + 1) m[seen | m[q | h]]++;
  }

  /** Table cards and any waiting actions go to the discard pile. */
  protected clearTable(): void {
    const m = this.mem;
    const at = this.discardAt;
    let d = this.discardLen;
    for (let s = 0; s < this.n; s++) {
      const b = s << Seat.SHIFT;
      let i = m[b | Seat.ROWBASE];
      const end = i + m[b | Seat.ROWLEN];
      // Two cards an iteration: V8's code checks the array's map and reloads its length and base at
      // every iteration of a loop, not at every access within one.
      for (; i + 1 < end; i += 2, d += 2) {
        m[at | d] = m[i];
        m[at | (d + 1)] = m[i + 1];
      }
      if (i < end) m[at | d++] = m[i];
      m[b | Seat.ROWLEN] = 0;
    }
    const q = this.layout.qCard;
    while (this.qLen > 0) {
      m[at | d++] = m[q | this.qHead];
      this.qHead = this.qHead + 1 === this.size ? 0 : this.qHead + 1;
      this.qLen--;
    }
    this.discardLen = d;
  }

  // ---- Scores ------------------------------------------------------------------------------------

  /** What seat s scores if the round ended now: same order as `explainScore`. */
  scoreSeat(s: number): number {
    const st = this.mem;
    const b = s << Seat.SHIFT;
    if (st[b | Seat.STATUS] === Status.BUSTED) return 0;
    const t = st[b | Seat.SUM] * st[b | Seat.MULT] + st[b | Seat.PLUS] + st[b | Seat.EXTRA];
    return t < 0 ? 0 : t;
  }

  /** Recomputes the bonus cards' points and the SEVN bonus of the seat at `b` after its row changed. */
  updateExtra(b: number): void {
    this.mem[b | Seat.EXTRA] = this.bonus.points(this.mem, b);
  }

  fillRoundPoints(out: Int32Array): void {
    for (let s = 0; s < this.n; s++) out[s] = this.scoreSeat(s);
  }
}
