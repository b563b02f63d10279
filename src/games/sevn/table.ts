/**
 * The SEVN table: what the engine (engine.ts) plays on. Every card's place (the deck and discard pile
 * of deck.ts, the rows, the queue of waiting actions, cards in hand) and every per-seat counter, in
 * typed arrays made once per engine; where the cards go, and a seat's score if the round ended now.
 * The engine's state is public for the inspection in tests and traces, for the round snapshot of
 * rollouts.ts and for positions.ts; strategies never see it, only their view (view.ts).
 *
 * A drawn card is "in hand" (counted in `inHand`) until it lands in a row, the discard pile or the
 * queue. A drawn number card that goes straight to its row is never counted in hand except while a
 * tracer sees it (two Int16Array updates per draw saved, about 20 instructions).
 */
import { Kind, SevnCards } from './cards.js';
import { mostDuplicates } from './card-rules.js';
import { PILE_SLACK, SevnDeck } from './deck.js';
import type { SevnRules } from './rules.js';
import { SeatBonus } from './scoring.js';
import { MAX_PLAYERS, Seat } from './seats.js';
import { type SevnPlayer, Status } from './view.js';
import { SevnViewBuffer, type SevnViewSource, strategySide } from './view-buffer.js';

export class SevnTable extends SevnDeck implements SevnViewSource {
  // Fields the constructor sets are `declare`d: see SevnDeck (deck.ts) why.
  declare readonly inHand: Int16Array;
  /** Rows: seat s holds rows[s * stride + i], i < rowLen[s] (seats[(s << Seat.SHIFT) | Seat.ROWLEN]). */
  declare readonly rows: Uint8Array;
  declare readonly stride: number;
  /**
   * Every per-seat round counter in one array, seat s at [s << Seat.SHIFT, + Seat.SIZE): status, held-value
   * mask, sum, distinct scoring values, Ballast above Featherweight's maxValue, multiplier, plus,
   * bonus bits, Second Chance, SEVN, row length and row start (Seat.* in seats.ts). Speed over clarity:
   * one array instead of eleven, so one base pointer and bounds check per access site instead of one
   * per counter (4-player games: 163.8k -> 157.1k instructions a game, valgrind); the public
   * per-seat arrays below are copies made when read.
   */
  readonly seats = new Int32Array(MAX_PLAYERS * Seat.SIZE);
  /** `seats` seen as pairs of fields: a round's start zeroes two at a time (playRoundCore). */
  declare readonly seatPairs: Float64Array;
  private readonly pubStatus = new Uint8Array(MAX_PLAYERS);
  private readonly pubSc = new Uint8Array(MAX_PLAYERS);
  private readonly pubSevnAt = new Uint8Array(MAX_PLAYERS);
  private readonly pubRowLen = new Uint8Array(MAX_PLAYERS);
  readonly totals = new Int32Array(MAX_PLAYERS);
  readonly roundScore = new Int32Array(MAX_PLAYERS);
  readonly winShare = new Float64Array(MAX_PLAYERS);
  /** Per seat: busts in the current unit (round or game). */
  readonly bustCount = new Int32Array(MAX_PLAYERS);
  /** Rounds in the current unit. */
  roundCount = 0;
  /** The queue of action cards waiting to resolve (a ring buffer): owner seat and card. */
  declare readonly qOwner: Uint8Array;
  declare readonly qCard: Uint8Array;
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
  declare readonly kindOf: Uint8Array;
  declare readonly cardValue: Int8Array;
  /**
   * Per code: 1 << value for a number card, 0 for any other. One lookup tells a number and its bit
   * (kind and value were two typed-array reads, and Kind.NUMBER an imported binding with a hole check).
   */
  declare readonly numberBit: Int32Array;
  /**
   * True when the deck holds number cards only: rounds are then played by playNumbers (numbers.ts), the
   * general deal and turns without the other kinds' cases. Tests turn it off to compare the two.
   */
  declare numbersKernel: boolean;

  /** The most unseen duplicates of a held-value mask, by its two low bytes (card-rules.ts mostDuplicates). */
  declare readonly mostDuplicates: Int32Array;
  /** Bonus cards' points and the SEVN bonus of a seat's row. */
  declare readonly bonus: SeatBonus;
  declare readonly sevnDistinct: number;
  declare readonly sevnBonus: number;
  declare readonly fwMax: number;
  declare readonly tripleCards: number;
  /**
   * The optional rule choices, read once (each is tested only where it acts, as `=== true`: V8 keeps no
   * type for these fields, and a plain `if` compiled to a test against every falsy kind of value).
   */
  declare readonly freezeSelf: boolean;
  declare readonly stormFromLeft: boolean;
  declare readonly deckPersists: boolean;
  declare readonly dealerRotates: boolean;
  declare readonly tiedShared: boolean;

  constructor(rules: SevnRules, cards = new SevnCards(rules)) {
    super(rules, cards);
    this.seatPairs = new Float64Array(this.seats.buffer);
    this.qOwner = new Uint8Array(this.size);
    this.qCard = new Uint8Array(this.size);
    this.inHand = new Int16Array(cards.codes);
    let stride = rules.numbers.length + 1 + rules.ballast.length + 1; // distinct numbers, a duplicate, Ballast, Second Chance
    for (const m of rules.modifiers) stride += m.count;
    const b = rules.bonuses;
    stride += b.featherweight.count + b.heavyweight.count + b.ladder.count;
    this.stride = stride;
    this.rows = new Uint8Array(stride * MAX_PLAYERS + PILE_SLACK); // clearTable reads four cards a row
    for (let s = 0; s < MAX_PLAYERS; s++) this.seats[(s << Seat.SHIFT) | Seat.ROWBASE] = s * stride;
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
    this.kindOf = cards.kind;
    this.cardValue = cards.value;
    this.numberBit = new Int32Array(cards.codes);
    for (let c = 0; c < cards.codes; c++) if (cards.kind[c] === Kind.NUMBER) this.numberBit[c] = 1 << cards.value[c];
    this.mostDuplicates = mostDuplicates(cards);
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
    for (let i = 0; i < this.qLen; i++) out[this.qCard[(this.qHead + i) % this.size]]++;
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
    const b = s << Seat.SHIFT;
    this.rows[this.seats[b | Seat.ROWBASE] + this.seats[b | Seat.ROWLEN]++] = c;
    this.inHand[c]--;
  }

  protected toDiscard(c: number): void {
    this.discard[this.discardLen++] = c;
    this.inHand[c]--;
  }

  /** Removes one card with this code from a row back into hand (a used Second Chance). */
  protected fromRow(s: number, c: number): void {
    const base = s * this.stride;
    const last = base + --this.seats[(s << Seat.SHIFT) | Seat.ROWLEN];
    for (let i = base; i <= last; i++) {
      if (this.rows[i] === c) {
        for (let k = i; k < last; k++) this.rows[k] = this.rows[k + 1];
        this.inHand[c]++;
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
    const seen = this.seen;
    const inHand = this.inHand;
    for (let c = 0; c < seen.length; c++) seen[c] = inHand[c];
    const st = this.seats;
    const rows = this.rows;
    for (let s = 0; s < this.n; s++) {
      const b = s << Seat.SHIFT;
      for (let i = st[b | Seat.ROWBASE], end = i + st[b | Seat.ROWLEN]; i < end; i++) seen[rows[i]]++;
    }
    for (let i = 0, q = this.qHead; i < this.qLen; i++, q = q + 1 === this.size ? 0 : q + 1) seen[this.qCard[q]]++;
  }

  /** Table cards and any waiting actions go to the discard pile. */
  protected clearTable(): void {
    const st = this.seats;
    const rows = this.rows;
    const discard = this.discard;
    let d = this.discardLen;
    for (let s = 0; s < this.n; s++) {
      const b = s << Seat.SHIFT;
      const i = st[b | Seat.ROWBASE];
      const len = st[b | Seat.ROWLEN];
      // Four cards whatever the row's length (most rows hold 1 to 4), then any more: a loop's every
      // iteration re-checked both arrays' maps and reloaded their lengths and bases. Cards copied past
      // the row's end land past the pile's (PILE_SLACK), where nothing reads.
      discard[d] = rows[i];
      discard[d + 1] = rows[i + 1];
      discard[d + 2] = rows[i + 2];
      discard[d + 3] = rows[i + 3];
      for (let k = 4; k < len; k++) discard[d + k] = rows[i + k];
      d += len;
      st[b | Seat.ROWLEN] = 0;
    }
    while (this.qLen > 0) {
      discard[d++] = this.qCard[this.qHead];
      this.qHead = this.qHead + 1 === this.size ? 0 : this.qHead + 1;
      this.qLen--;
    }
    this.discardLen = d;
  }

  // ---- Scores ------------------------------------------------------------------------------------

  /** What seat s scores if the round ended now: same order as `explainScore`. */
  scoreSeat(s: number): number {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    if (st[b | Seat.STATUS] === Status.BUSTED) return 0;
    const t = st[b | Seat.SUM] * st[b | Seat.MULT] + st[b | Seat.PLUS] + st[b | Seat.EXTRA];
    return t < 0 ? 0 : t;
  }

  /** scoreSeat of a seat still in the round (never busted), at `b` = s << Seat.SHIFT. */
  activeScore(b: number): number {
    const st = this.seats;
    const t = st[b | Seat.SUM] * st[b | Seat.MULT] + st[b | Seat.PLUS] + st[b | Seat.EXTRA];
    return t < 0 ? 0 : t;
  }

  /** Recomputes the bonus cards' points and the SEVN bonus of the seat at `b` after its row changed. */
  updateExtra(b: number): void {
    this.seats[b | Seat.EXTRA] = this.bonus.points(this.seats, b);
  }

  fillRoundPoints(out: Int32Array): void {
    for (let s = 0; s < this.n; s++) out[s] = this.scoreSeat(s);
  }
}
