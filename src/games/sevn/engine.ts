/**
 * The SEVN engine: the deal, draw-or-stay turns, every card's effect, the queue of waiting actions,
 * SEVN, scoring, and whole games. Allocation-free after construction: the deck, the discard pile, the
 * rows, the queue and every per-seat counter are typed arrays made once per engine.
 *
 * Where the cards are: the deck is `deck[0, deckLen)`; a draw swaps a uniformly chosen card to
 * `deck[deckLen - 1]` and shortens the deck (partial Fisher-Yates), so no shuffle is ever needed. A drawn
 * card is "in hand" (counted in `inHand`) until it lands in a row, the discard pile or the queue. A
 * drawn number card that goes straight to its row is never counted in hand except while a tracer
 * sees it (two Int16Array updates per draw saved, about 20 instructions).
 */
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import { type Rng, STREAM_ROLLOUT, STREAM_ROLLOUT_STRATEGY } from '../../engine/rng.js';
import type { DecisionSink } from '../../engine/strategy.js';
import type { FeatureSource } from '../../engine/decisions.js';
import { Feature } from './buckets.js';
import { Bonus, Kind, SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';
import { longestRun } from './scoring.js';
import { Answer, Decision, Seat, type SevnPlayer, SevnViewBuffer, type SevnViewSource, Status } from './view.js';

export const MAX_PLAYERS = 8;

/** Trace events: `event(ev, seat, a, b)`; a and b are described per event. */
/**
 * Const enums, so that tsc writes the numbers into the engine and strategies: an imported `const` is a
 * module-cell load and a hole check at each use (with opponentBy's rewrite, 148.7k -> 135.1k
 * instructions a 4-player game, valgrind). The named exports below are the public API.
 */
export const enum Ev {
  ROUND_START = 0,
  DEAL = 1,
  DRAW = 2,
  TRIPLE_CARD = 3,
  STORM_CARD = 4,
  STAY = 5,
  BUST = 6,
  SECOND_CHANCE_USED = 7,
  BALLAST = 8,
  SECOND_CHANCE_GIVEN = 9,
  FREEZE = 10,
  TRIPLE_DRAW = 11,
  STORM = 12,
  CROSSROADS = 13,
  QUEUED = 14,
  ACTION_DISCARDED = 15,
  SEVN = 16,
  RESHUFFLE = 17,
  EXHAUSTED = 18,
  ROUND_END = 19,
}
export const E_ROUND_START: number = Ev.ROUND_START; // seat = dealer, a = round
export const E_DEAL: number = Ev.DEAL; // a = card
export const E_DRAW: number = Ev.DRAW; // a = card (a turn's draw)
export const E_TRIPLE_CARD: number = Ev.TRIPLE_CARD; // a = card, b = 1-based index within the Triple Draw
export const E_STORM_CARD: number = Ev.STORM_CARD; // a = card
export const E_STAY: number = Ev.STAY;
export const E_BUST: number = Ev.BUST; // a = duplicate card
export const E_SECOND_CHANCE_USED: number = Ev.SECOND_CHANCE_USED; // a = duplicate card cancelled
export const E_BALLAST: number = Ev.BALLAST; // a = card, b = 1 kept / 0 discarded
export const E_SECOND_CHANCE_GIVEN: number = Ev.SECOND_CHANCE_GIVEN; // a = recipient seat, or -1 when discarded
export const E_FREEZE: number = Ev.FREEZE; // a = target
export const E_TRIPLE_DRAW: number = Ev.TRIPLE_DRAW; // a = target
export const E_STORM: number = Ev.STORM;
export const E_CROSSROADS: number = Ev.CROSSROADS; // a = chosen card, b = discarded card, or -1 when a was the only card left
export const E_QUEUED: number = Ev.QUEUED; // a = card
export const E_ACTION_DISCARDED: number = Ev.ACTION_DISCARDED; // a = card (owner busted or no possible target)
export const E_SEVN: number = Ev.SEVN;
export const E_RESHUFFLE: number = Ev.RESHUFFLE; // a = new deck size
export const E_EXHAUSTED: number = Ev.EXHAUSTED; // deck and discard pile both empty: the round ends
export const E_ROUND_END: number = Ev.ROUND_END;

/** Optional observer for traces and tests; null in simulations so it costs one comparison. */
export interface SevnTracer {
  event(ev: number, seat: number, a: number, b: number): void;
}

/** Thrown when a game runs past `rules.maxRounds`. */
export class RoundCapError extends Error {
  override name = 'RoundCapError';
}


interface RoundSnapshot {
  deck: Uint8Array;
  discard: Uint8Array;
  seen: Uint8Array;
  inHand: Int16Array;
  rows: Uint8Array;
  seats: Int32Array;
  qOwner: Uint8Array;
  qCard: Uint8Array;
  bustCount: Int32Array;
  scalars: number[];
}

export class SevnEngine implements SevnViewSource, FeatureSource {
  readonly rules: SevnRules;
  readonly cards: SevnCards;
  /** Cards in the full deck. */
  readonly size: number;
  private deck: Uint8Array;
  private deckLen = 0;
  /** True while `deck` is a permutation of the full deck (no reshuffle since it was last rebuilt). */
  private deckWhole = false;
  private discard: Uint8Array;
  private discardLen = 0;
  readonly seen: Uint8Array;
  private readonly inHand: Int16Array;
  /** Rows: seat s holds rows[s * stride + i], i < rowLen[s] (seats[(s << Seat.SHIFT) + Seat.ROWLEN]). */
  readonly rows: Uint8Array;
  readonly stride: number;
  /**
   * Every per-seat round counter in one array, seat s at [s << Seat.SHIFT, + Seat.SIZE): status, held-value
   * mask, sum, distinct scoring values, Ballast above Featherweight's maxValue, multiplier, plus,
   * bonus bits, Second Chance, SEVN, row length and row start (Seat.* in view.ts). Speed over clarity:
   * one array instead of eleven, so one base pointer and bounds check per access site instead of one
   * per counter (4-player games: 163.8k -> 157.1k instructions a game, valgrind); the public
   * per-seat arrays below are copies made when read.
   */
  readonly seats = new Int32Array(MAX_PLAYERS * Seat.SIZE);
  private readonly pubStatus = new Uint8Array(MAX_PLAYERS);
  private readonly pubMask = new Int32Array(MAX_PLAYERS);
  private readonly pubSum = new Int32Array(MAX_PLAYERS);
  private readonly pubDistinct = new Uint8Array(MAX_PLAYERS);
  private readonly pubSc = new Uint8Array(MAX_PLAYERS);
  private readonly pubSevnAt = new Uint8Array(MAX_PLAYERS);
  private readonly pubRowLen = new Uint8Array(MAX_PLAYERS);
  /** Number values above Featherweight's maxValue, and at or above Heavyweight's minValue (bit per value). */
  private readonly nonLowBits: number;
  private readonly heavyBits: number;
  readonly totals = new Int32Array(MAX_PLAYERS);
  readonly roundScore = new Int32Array(MAX_PLAYERS);
  readonly winShare = new Float64Array(MAX_PLAYERS);
  /** Per seat: busts in the current unit (round or game). */
  readonly bustCount = new Int32Array(MAX_PLAYERS);
  /** Rounds in the current unit. */
  roundCount = 0;
  private readonly qOwner: Uint8Array;
  private readonly qCard: Uint8Array;
  private qHead = 0;
  private qLen = 0;
  private stack: Uint8Array;
  private stackLen = 0;
  private stackPos = 0;

  private players: readonly SevnPlayer[] = [];
  n = 0;
  dealer = 0;
  round = 0;
  /** Seats still in the round. */
  private active = 0;
  /** Set by a SEVN or an exhausted deck: everything stops. */
  ended = false;
  sevnSeat = -1;
  private rng: Rng | null = null;
  tracer: SevnTracer | null = null;
  decisions: DecisionSink | null = null;
  counterfactual: CounterfactualStreams | null = null;
  private inRollout = false;
  private readonly view: SevnViewBuffer;
  private readonly kindOf: Uint8Array;
  private readonly valueOf: Int8Array;
  /**
   * Per code: 1 << value for a number card, 0 for any other. One lookup tells a number and its bit
   * (kind and value were two typed-array reads, and Kind.NUMBER an imported binding with a hole check).
   */
  private readonly numberBit: Int32Array;

  private readonly sevnDistinct: number;
  private readonly sevnBonus: number;
  private readonly fwMax: number;
  private readonly fwMin: number;
  private readonly fwPoints: number;
  private readonly hwCards: number;
  private readonly hwPoints: number;
  private readonly ldMin: number;
  private readonly ldPer: number;
  private readonly tripleCards: number;
  /** The optional rule choices, read once (each is tested only where it acts). */
  private readonly freezeSelf: boolean;
  private readonly stormFromLeft: boolean;
  private readonly deckPersists: boolean;
  private readonly dealerRotates: boolean;
  private readonly tiedShared: boolean;

  constructor(rules: SevnRules, cards = new SevnCards(rules)) {
    this.rules = rules;
    this.cards = cards;
    this.size = cards.deck.length;
    this.deck = new Uint8Array(this.size);
    this.discard = new Uint8Array(this.size);
    this.qOwner = new Uint8Array(this.size);
    this.qCard = new Uint8Array(this.size);
    this.stack = new Uint8Array(this.size);
    this.seen = new Uint8Array(cards.codes);
    this.inHand = new Int16Array(cards.codes);
    let stride = rules.numbers.length + 1 + rules.ballast.length + 1; // distinct numbers, a duplicate, Ballast, Second Chance
    for (const m of rules.modifiers) stride += m.count;
    const b = rules.bonuses;
    stride += b.featherweight.count + b.heavyweight.count + b.ladder.count;
    this.stride = stride;
    this.rows = new Uint8Array(stride * MAX_PLAYERS);
    for (let s = 0; s < MAX_PLAYERS; s++) this.seats[(s << Seat.SHIFT) + Seat.ROWBASE] = s * stride;
    let nonLowBits = 0;
    let heavyBits = 0;
    for (let v = 0; v <= 30; v++) {
      if (v > b.featherweight.maxValue) nonLowBits |= 1 << v;
      if (v >= b.heavyweight.minValue) heavyBits |= 1 << v;
    }
    this.nonLowBits = nonLowBits;
    this.heavyBits = heavyBits;
    this.sevnDistinct = rules.sevn.distinct;
    this.sevnBonus = rules.sevn.bonus;
    this.fwMax = b.featherweight.maxValue;
    this.fwMin = b.featherweight.minCards;
    this.fwPoints = b.featherweight.points;
    this.hwCards = b.heavyweight.minCards;
    this.hwPoints = b.heavyweight.points;
    this.ldMin = b.ladder.minRun;
    this.ldPer = b.ladder.pointsPerCard;
    this.tripleCards = rules.tripleDrawCards;
    // Rules objects built in code before these fields existed leave them out: undefined is the default.
    this.freezeSelf = rules.freezeSelf !== false;
    this.stormFromLeft = rules.stormStart === 'left-of-drawer';
    this.deckPersists = rules.deckPersists !== false;
    this.dealerRotates = rules.dealerRotates !== false;
    this.tiedShared = rules.tiedLead === 'shared';
    this.view = new SevnViewBuffer(rules, cards, this, stride);
    this.kindOf = cards.kind;
    this.valueOf = cards.value;
    this.numberBit = new Int32Array(cards.codes);
    for (let c = 0; c < cards.codes; c++) if (cards.kind[c] === Kind.NUMBER) this.numberBit[c] = 1 << cards.value[c];
  }


  // ---- Per-seat counters as arrays (tests, traces, strategies' views) ----------------------------

  /** Copies one per-seat field of the seats in play into `out` (entries beyond n are left as they were). */
  copySeats(field: number, out: { [i: number]: number }): void {
    const st = this.seats;
    for (let s = 0; s < this.n; s++) out[s] = st[(s << Seat.SHIFT) + field];
  }
  /** Per seat: ACTIVE, STAYED, FROZEN or BUSTED (a fresh copy of the engine's state on each read). */
  get status(): Uint8Array {
    this.copySeats(Seat.STATUS, this.pubStatus);
    return this.pubStatus;
  }
  /** Bit v: number value v held. */
  get mask(): Int32Array {
    this.copySeats(Seat.MASK, this.pubMask);
    return this.pubMask;
  }
  /** Sum of number values and kept Ballast. */
  get sum(): Int32Array {
    this.copySeats(Seat.SUM, this.pubSum);
    return this.pubSum;
  }
  /** Distinct scoring values (= scoring cards: numbers and kept Ballast). */
  get distinct(): Uint8Array {
    this.copySeats(Seat.DISTINCT, this.pubDistinct);
    return this.pubDistinct;
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

  // ---- Deck --------------------------------------------------------------------------------------

  /** Test and trace hook: the next draws take these cards, in order (each must be in the deck). */
  stackDeck(codes: readonly number[]): void {
    if (codes.length > this.stack.length) this.stack = new Uint8Array(codes.length);
    for (let i = 0; i < codes.length; i++) this.stack[i] = codes[i];
    this.stackLen = codes.length;
    this.stackPos = 0;
  }

  get deckSize(): number {
    return this.deckLen;
  }
  get discardSize(): number {
    return this.discardLen;
  }

  /** Every card the engine holds, by code: deck + discard pile + rows + queue + in hand. */
  census(out: Int32Array): void {
    out.fill(0);
    for (let i = 0; i < this.deckLen; i++) out[this.deck[i]]++;
    for (let i = 0; i < this.discardLen; i++) out[this.discard[i]]++;
    for (let s = 0; s < MAX_PLAYERS; s++) {
      const len = this.seats[(s << Seat.SHIFT) + Seat.ROWLEN];
      for (let i = 0; i < len; i++) out[this.rows[s * this.stride + i]]++;
    }
    for (let i = 0; i < this.qLen; i++) out[this.qCard[(this.qHead + i) % this.size]]++;
    for (let c = 0; c < this.cards.codes; c++) out[c] += this.inHand[c];
  }

  /**
   * Puts the deck back in its canonical order before the next round's fresh deck. The runner calls
   * this when it reseeds a chunk: draws are uniform from any order, but reproducible only from a
   * known one (without it, a worker's earlier chunks changed later rounds).
   */
  resetDeck(): void {
    this.deckWhole = false;
  }

  /** A freshly shuffled full deck: every card back in the deck, nothing seen, nothing on the table. */
  private freshDeck(): void {
    // Partial Fisher-Yates draws are uniform from any permutation, so the deck array only needs to
    // hold every card once; it is rebuilt only after a reshuffle overwrote it.
    if (!this.deckWhole) {
      this.deck.set(this.cards.deck);
      this.deckWhole = true;
    }
    this.deckLen = this.size;
    this.discardLen = 0;
    // Loops, not fill(): for arrays this small a fill() call costs more than the writes (measured).
    const seen = this.seen;
    for (let c = 0; c < seen.length; c++) seen[c] = 0;
    const st = this.seats;
    for (let s = 0; s < this.n; s++) st[(s << Seat.SHIFT) + Seat.ROWLEN] = 0;
    this.qLen = 0;
  }

  /** The discard pile becomes the deck; `seen` then counts the cards still out of the deck. */
  private reshuffle(): boolean {
    const n = this.discardLen;
    if (n === 0) return false;
    // The deck is empty: the two arrays swap roles instead of copying the pile (same order, so the
    // same draws as a copy; the copy was a third of the once-a-game reshuffle).
    const deck = this.discard;
    this.discard = this.deck;
    this.deck = deck;
    const seen = this.seen;
    const copies = this.cards.copies;
    for (let c = 0; c < seen.length; c++) seen[c] = copies[c];
    for (let i = 0; i < n; i++) seen[deck[i]]--;
    this.deckLen = n;
    this.discardLen = 0;
    this.deckWhole = false;
    if (this.tracer !== null) this.tracer.event(Ev.RESHUFFLE, -1, n, 0);
    return true;
  }

  /** Draws one card (not yet counted in hand: the caller does), or returns -1 when the deck and the discard pile are both empty. */
  private take(): number {
    // The common case kept small enough for V8 to inline into drawFor; the rest in takeSlow.
    let n = this.deckLen;
    if (n === 0 || this.stackPos < this.stackLen) return this.takeSlow();
    const deck = this.deck;
    const j = (this.rng as Rng).below(n);
    const c = deck[j];
    deck[j] = deck[--n];
    deck[n] = c;
    this.deckLen = n;
    this.seen[c]++;
    return c;
  }

  private takeSlow(): number {
    if (this.deckLen === 0 && !this.reshuffle()) return -1;
    const deck = this.deck;
    let j: number;
    if (this.stackPos < this.stackLen) j = this.findInDeck(this.stack[this.stackPos++]);
    else j = (this.rng as Rng).below(this.deckLen);
    const c = deck[j];
    const last = --this.deckLen;
    deck[j] = deck[last];
    deck[last] = c;
    this.seen[c]++;
    return c;
  }

  private findInDeck(code: number): number {
    for (let i = 0; i < this.deckLen; i++) if (this.deck[i] === code) return i;
    throw new Error(`stacked card ${this.cards.name(code)} is not in the deck`);
  }

  private toRow(s: number, c: number): void {
    const b = s << Seat.SHIFT;
    this.rows[this.seats[b + Seat.ROWBASE] + this.seats[b + Seat.ROWLEN]++] = c;
    this.inHand[c]--;
  }

  private toDiscard(c: number): void {
    this.discard[this.discardLen++] = c;
    this.inHand[c]--;
  }

  /** Removes one card with this code from a row back into hand (a used Second Chance). */
  private fromRow(s: number, c: number): void {
    const base = s * this.stride;
    const last = base + --this.seats[(s << Seat.SHIFT) + Seat.ROWLEN];
    for (let i = base; i <= last; i++) {
      if (this.rows[i] === c) {
        for (let k = i; k < last; k++) this.rows[k] = this.rows[k + 1];
        this.inHand[c]++;
        return;
      }
    }
    throw new Error(`internal: ${this.cards.name(c)} not in row ${s}`);
  }

  // ---- Scores ------------------------------------------------------------------------------------

  /** What seat s scores if the round ended now: same order as `explainScore`. */
  scoreSeat(s: number): number {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    if (st[b + Seat.STATUS] === Status.BUSTED) return 0;
    const t = st[b + Seat.SUM] * st[b + Seat.MULT] + st[b + Seat.PLUS] + st[b + Seat.EXTRA];
    return t < 0 ? 0 : t;
  }

  /**
   * Recomputes the bonus cards' points and the SEVN bonus of the seat at `b` after its row changed.
   * Kept in Seat.EXTRA rather than worked out in every scoreSeat: a seat holding a bonus card is
   * scored at each of its decisions, more often than its row changes (bonusPoints was 4% of a game).
   */
  private updateExtra(b: number): void {
    const st = this.seats;
    const bits = st[b + Seat.BONUS];
    const mask = st[b + Seat.MASK];
    let t = st[b + Seat.SEVNAT] !== 0 ? this.sevnBonus : 0;
    // Featherweight: no number above maxValue (from the mask) and no kept Ballast above it.
    if (bits & Bonus.FEATHERWEIGHT && st[b + Seat.DISTINCT] >= this.fwMin && (mask & this.nonLowBits) === 0 && st[b + Seat.NONLOW] === 0) t += this.fwPoints;
    if (bits & Bonus.HEAVYWEIGHT) {
      let heavy = 0;
      for (let m = mask & this.heavyBits; m !== 0; m &= m - 1) heavy++;
      if (heavy >= this.hwCards) t += this.hwPoints;
    }
    if (bits & Bonus.LADDER) {
      const run = longestRun(mask);
      if (run >= this.ldMin) t += run * this.ldPer;
    }
    st[b + Seat.EXTRA] = t;
  }

  fillRoundPoints(out: Int32Array): void {
    for (let s = 0; s < this.n; s++) out[s] = this.scoreSeat(s);
  }

  /** Exact chance that seat s's next card is a number it holds (0 with a Second Chance held). */
  bustChance(s: number): number {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    if (st[b + Seat.SC] !== 0) return 0;
    const cards = this.cards;
    const mask = st[b + Seat.MASK];
    let bad = 0;
    let total: number;
    if (this.deckLen > 0) {
      // The deck holds exactly copies - seen of each code.
      total = this.deckLen;
      for (let m = mask; m !== 0; m &= m - 1) {
        const c = cards.numberCode[31 - Math.clz32(m & -m)];
        bad += cards.copies[c] - this.seen[c];
      }
    } else {
      total = this.discardLen;
      for (let i = 0; i < this.discardLen; i++) {
        const c = this.discard[i];
        if (cards.kind[c] === Kind.NUMBER && mask & (1 << cards.value[c])) bad++;
      }
    }
    return total === 0 ? 0 : bad / total;
  }

  // ---- Decisions ---------------------------------------------------------------------------------

  private prepare(s: number, kind: number): SevnViewBuffer {
    const v = this.view;
    v.stamp = (v.stamp + 1) & 0x3fffffff || 1;
    v.decision = kind;
    v.seat = s;
    v.points = this.scoreSeat(s);
    return v;
  }

  private illegal(s: number, what: string, got: number, expected: string): never {
    throw new Error(`strategy "${this.players[s].label}" (seat ${s}) returned illegal ${what} ${got}: expected ${expected}`);
  }

  private askDraw(s: number): number {
    const a = this.players[s].drawOrStay(this.prepare(s, Decision.DRAW_STAY));
    if (a !== Answer.DRAW && a !== Answer.STAY) this.illegal(s, 'draw-or-stay answer', a, '1 (draw) or 0 (stay)');
    const d = this.decisions;
    if (d !== null) d.record(s, d.buckets.key(this, s, Decision.DRAW_STAY), a);
    return a;
  }

  private askTarget(kind: number, s: number, card: number, candidates: number): number {
    const v = this.prepare(s, kind);
    v.candidates = candidates;
    v.card = card;
    const p = this.players[s];
    const t = kind === Decision.FREEZE ? p.freezeTarget(v) : kind === Decision.TRIPLE_DRAW ? p.tripleDrawTarget(v) : p.secondChanceTo(v);
    if (!Number.isInteger(t) || t < 0 || t >= this.n || ((candidates >>> t) & 1) === 0) {
      const seats: number[] = [];
      for (let i = 0; i < this.n; i++) if ((candidates >>> i) & 1) seats.push(i);
      this.illegal(s, `${this.cards.name(card)} target`, t, `one of seats ${seats.join(', ')}`);
    }
    const d = this.decisions;
    if (d !== null) d.record(s, d.buckets.key(this, s, kind), t >= s ? t - s : t - s + this.n);
    return t;
  }

  private askCrossroads(s: number, a: number, b: number): number {
    const v = this.prepare(s, Decision.CROSSROADS);
    v.optionA = a;
    v.optionB = b;
    const pick = this.players[s].crossroads(v);
    if (pick !== 0 && pick !== 1) this.illegal(s, 'Crossroads pick', pick, '0 (first card) or 1 (second card)');
    const d = this.decisions;
    if (d !== null) d.record(s, d.buckets.key(this, s, Decision.CROSSROADS), pick === 0 ? a : b);
    return pick;
  }

  private askBallast(s: number, c: number): number {
    const v = this.prepare(s, Decision.BALLAST);
    v.card = c;
    const k = this.players[s].ballast(v);
    if (k !== Answer.KEEP && k !== 0) this.illegal(s, 'Ballast answer', k, '1 (keep) or 0 (discard)');
    const d = this.decisions;
    if (d !== null) d.record(s, d.buckets.key(this, s, Decision.BALLAST), k);
    return k;
  }

  /** A bucket feature of seat s's decision (see buckets.ts); totals are those before this round. */
  feature(s: number, f: number): number {
    switch (f) {
      case Feature.POINTS:
        return this.scoreSeat(s);
      case Feature.DISTINCT:
        return this.seats[(s << Seat.SHIFT) + Seat.DISTINCT];
      case Feature.BUST:
        return this.bustChance(s) * 100;
      case Feature.CARDS_LEFT:
        return this.deckLen;
      case Feature.TOTAL:
        return this.totals[s];
      case Feature.GAP_LEADER: {
        let best = -Infinity;
        for (let p = 0; p < this.n; p++) if (p !== s && this.totals[p] > best) best = this.totals[p];
        return best === -Infinity ? 0 : this.totals[s] - best;
      }
      case Feature.GAP_TARGET:
        return this.rules.target - this.totals[s];
      default: {
        let still = 0;
        for (let p = 0; p < this.n; p++) if (p !== s && this.seats[(p << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) still++;
        return still;
      }
    }
  }

  // ---- Cards -------------------------------------------------------------------------------------

  /** Bit mask of the seats still in the round. */
  private activeMask(): number {
    const st = this.seats;
    let m = 0;
    for (let s = 0; s < this.n; s++) if (st[(s << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) m |= 1 << s;
    return m;
  }

  /** Seat s draws one card and resolves it; `inSequence` during a Triple Draw or a Storm. */
  private drawFor(s: number, inSequence: boolean, ev: number, index: number): void {
    const c = this.take();
    if (c < 0) {
      this.exhausted();
      return;
    }
    if (this.tracer !== null) {
      this.inHand[c]++;
      this.tracer.event(ev, s, c, index);
      this.inHand[c]--;
    }
    // Numbers are most cards: a small method V8 inlines here (resolve is too large to inline).
    const bit = this.numberBit[c];
    if (bit !== 0) this.number(s, c, bit);
    else {
      this.inHand[c]++;
      this.resolve(s, c, inSequence);
    }
  }

  /** Deck and discard pile both empty: the round ends as if every player still in it had stayed. */
  private exhausted(): void {
    const st = this.seats;
    for (let s = 0; s < this.n; s++) if (st[(s << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) st[(s << Seat.SHIFT) + Seat.STATUS] = Status.STAYED;
    this.active = 0;
    this.ended = true;
    if (this.tracer !== null) this.tracer.event(Ev.EXHAUSTED, -1, 0, 0);
  }

  private resolve(s: number, c: number, inSequence: boolean): void {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    const v = this.valueOf[c];
    switch (this.kindOf[c]) {
      case Kind.NUMBER:
        this.inHand[c]--; // number() takes a card not counted in hand
        this.number(s, c, 1 << v);
        return;
      case Kind.BALLAST: {
        const keep = this.askBallast(s, c) === Answer.KEEP;
        if (this.tracer !== null) this.tracer.event(Ev.BALLAST, s, c, keep ? 1 : 0);
        if (!keep) {
          this.toDiscard(c);
          return;
        }
        this.toRow(s, c);
        st[b + Seat.SUM] += v;
        if (v > this.fwMax) st[b + Seat.NONLOW]++;
        const d = ++st[b + Seat.DISTINCT];
        if (st[b + Seat.BONUS] !== 0) this.updateExtra(b);
        if (d === this.sevnDistinct) this.sevn(s);
        return;
      }
      case Kind.MULTIPLY:
        this.toRow(s, c);
        st[b + Seat.MULT] *= v;
        return;
      case Kind.ADD:
        this.toRow(s, c);
        st[b + Seat.PLUS] += v;
        return;
      case Kind.SECOND_CHANCE: {
        if (st[b + Seat.SC] === 0) {
          st[b + Seat.SC] = 1;
          this.toRow(s, c);
          return;
        }
        let cand = 0;
        for (let t = 0; t < this.n; t++) {
          if (t !== s && st[(t << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE && st[(t << Seat.SHIFT) + Seat.SC] === 0) cand |= 1 << t;
        }
        if (cand === 0) {
          this.toDiscard(c);
          if (this.tracer !== null) this.tracer.event(Ev.SECOND_CHANCE_GIVEN, s, -1, 0);
          return;
        }
        const t = this.askTarget(Decision.SECOND_CHANCE, s, c, cand);
        st[(t << Seat.SHIFT) + Seat.SC] = 1;
        this.toRow(t, c);
        if (this.tracer !== null) this.tracer.event(Ev.SECOND_CHANCE_GIVEN, s, t, 0);
        return;
      }
      case Kind.FEATHERWEIGHT:
        this.toRow(s, c);
        st[b + Seat.BONUS] |= Bonus.FEATHERWEIGHT;
        this.updateExtra(b);
        return;
      case Kind.HEAVYWEIGHT:
        this.toRow(s, c);
        st[b + Seat.BONUS] |= Bonus.HEAVYWEIGHT;
        this.updateExtra(b);
        return;
      case Kind.LADDER:
        this.toRow(s, c);
        st[b + Seat.BONUS] |= Bonus.LADDER;
        this.updateExtra(b);
        return;
      default: // Freeze, Triple Draw, Crossroads, Storm
        if (inSequence) {
          const at = (this.qHead + this.qLen++) % this.size;
          this.qOwner[at] = s;
          this.qCard[at] = c;
          this.inHand[c]--;
          if (this.tracer !== null) this.tracer.event(Ev.QUEUED, s, c, 0);
        } else this.act(s, c);
    }
  }

  /**
   * A number card (`bit` = 1 << its value, not counted in hand): joins the row, or busts (unless a
   * Second Chance cancels it); may complete a SEVN.
   */
  private number(s: number, c: number, bit: number): void {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    const mask = st[b + Seat.MASK];
    if ((mask & bit) !== 0) {
      this.inHand[c]++;
      this.duplicate(s, c);
      return;
    }
    this.rows[st[b + Seat.ROWBASE] + st[b + Seat.ROWLEN]++] = c;
    // Featherweight's and Heavyweight's counts come from the mask when scored (updateExtra).
    st[b + Seat.MASK] = mask | bit;
    st[b + Seat.SUM] += 31 - Math.clz32(bit);
    const d = ++st[b + Seat.DISTINCT];
    if (st[b + Seat.BONUS] !== 0) this.updateExtra(b);
    if (d === this.sevnDistinct) this.sevn(s);
  }

  /** A number already held: a Second Chance cancels it, or the seat busts. */
  private duplicate(s: number, c: number): void {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    if (st[b + Seat.SC] !== 0) {
      st[b + Seat.SC] = 0;
      this.fromRow(s, this.cards.secondChance);
      this.toDiscard(c);
      this.toDiscard(this.cards.secondChance);
      if (this.tracer !== null) this.tracer.event(Ev.SECOND_CHANCE_USED, s, c, 0);
    } else {
      this.toRow(s, c);
      st[b + Seat.STATUS] = Status.BUSTED;
      this.active--;
      this.bustCount[s]++;
      if (this.tracer !== null) this.tracer.event(Ev.BUST, s, c, 0);
    }
  }

  private sevn(s: number): void {
    this.seats[(s << Seat.SHIFT) + Seat.SEVNAT] = 1;
    this.seats[(s << Seat.SHIFT) + Seat.EXTRA] += this.sevnBonus;
    this.sevnSeat = s;
    this.ended = true;
    if (this.tracer !== null) this.tracer.event(Ev.SEVN, s, 0, 0);
  }

  private dropAction(s: number, c: number): void {
    this.toDiscard(c);
    if (this.tracer !== null) this.tracer.event(Ev.ACTION_DISCARDED, s, c, 0);
  }

  /** Resolves an action card held by seat s (drawn outside a sequence, or taken from the queue). */
  private act(s: number, c: number): void {
    const st = this.seats;
    const kind = this.cards.kind[c];
    if (kind === Kind.FREEZE) {
      let cand = this.activeMask();
      if (!this.freezeSelf) cand &= ~(1 << s);
      if (cand === 0) return this.dropAction(s, c);
      const t = this.askTarget(Decision.FREEZE, s, c, cand);
      st[(t << Seat.SHIFT) + Seat.STATUS] = Status.FROZEN;
      this.active--;
      this.toDiscard(c);
      if (this.tracer !== null) this.tracer.event(Ev.FREEZE, s, t, 0);
    } else if (kind === Kind.TRIPLE_DRAW) {
      const cand = this.activeMask();
      if (cand === 0) return this.dropAction(s, c);
      const t = this.askTarget(Decision.TRIPLE_DRAW, s, c, cand);
      if (this.tracer !== null) this.tracer.event(Ev.TRIPLE_DRAW, s, t, 0);
      for (let i = 1; i <= this.tripleCards && !this.ended && st[(t << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE; i++) this.drawFor(t, true, Ev.TRIPLE_CARD, i);
      this.toDiscard(c);
    } else if (kind === Kind.CROSSROADS) {
      // The Crossroads card resolves for its drawer: no target once the drawer has left the round.
      if (st[(s << Seat.SHIFT) + Seat.STATUS] !== Status.ACTIVE) return this.dropAction(s, c);
      const a = this.take();
      if (a < 0) {
        this.toDiscard(c);
        return this.exhausted();
      }
      this.inHand[a]++;
      const b = this.take();
      if (b < 0) {
        // Only one card was left in the deck and discard pile together: the drawer takes it, as if
        // drawn; there is no second card to discard.
        this.toDiscard(c);
        if (this.tracer !== null) this.tracer.event(Ev.CROSSROADS, s, a, -1);
        return this.resolve(s, a, false);
      }
      this.inHand[b]++;
      const pick = this.askCrossroads(s, a, b);
      const chosen = pick === 0 ? a : b;
      const other = pick === 0 ? b : a;
      this.toDiscard(other);
      this.toDiscard(c);
      if (this.tracer !== null) this.tracer.event(Ev.CROSSROADS, s, chosen, other);
      this.resolve(s, chosen, false);
    } else {
      // Storm: every player still in the round draws once, clockwise from the drawer (or from the
      // seat left of it with stormStart "left-of-drawer": the drawer then draws last).
      if (this.active === 0) return this.dropAction(s, c);
      if (this.tracer !== null) this.tracer.event(Ev.STORM, s, 0, 0);
      let t = s;
      if (this.stormFromLeft) t = t + 1 === this.n ? 0 : t + 1;
      for (let i = 0; i < this.n && !this.ended; i++) {
        if (st[(t << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) this.drawFor(t, true, Ev.STORM_CARD, 0);
        t = t + 1 === this.n ? 0 : t + 1;
      }
      this.toDiscard(c);
    }
  }

  /** Resolves waiting actions first-in, first-out; a busted owner's card is discarded. */
  private drain(): void {
    while (this.qLen > 0 && !this.ended) {
      const s = this.qOwner[this.qHead];
      const c = this.qCard[this.qHead];
      this.qHead = this.qHead + 1 === this.size ? 0 : this.qHead + 1;
      this.qLen--;
      this.inHand[c]++;
      if (this.seats[(s << Seat.SHIFT) + Seat.STATUS] === Status.BUSTED) this.dropAction(s, c);
      else this.act(s, c);
    }
  }

  // ---- Rounds and games --------------------------------------------------------------------------

  private setup(players: readonly SevnPlayer[], rng: Rng): void {
    if (players.length < 1 || players.length > MAX_PLAYERS) throw new Error(`SEVN needs 1 to ${MAX_PLAYERS} players, got ${players.length}`);
    if (players !== this.players) {
      for (let s = 0; s < MAX_PLAYERS; s++) this.seats[(s << Seat.SHIFT) + Seat.ROWLEN] = 0; // seats beyond n stay empty
      this.players = players;
      this.n = players.length;
    }
    this.rng = rng;
    for (let s = 0; s < this.n; s++) {
      this.bustCount[s] = 0;
      this.totals[s] = 0;
    }
    this.roundCount = 0;
  }

  /** Plays one round with the current dealer; leaves each seat's score in `roundScore`. */
  private playRoundCore(): void {
    const n = this.n;
    const st = this.seats;
    for (let s = 0; s < n; s++) {
      const b = s << Seat.SHIFT;
      st[b + Seat.STATUS] = Status.ACTIVE;
      st[b + Seat.MASK] = 0;
      st[b + Seat.SUM] = 0;
      st[b + Seat.DISTINCT] = 0;
      st[b + Seat.NONLOW] = 0;
      st[b + Seat.MULT] = 1;
      st[b + Seat.PLUS] = 0;
      st[b + Seat.BONUS] = 0;
      st[b + Seat.SC] = 0;
      st[b + Seat.SEVNAT] = 0;
      st[b + Seat.EXTRA] = 0;
    }
    const v = this.view;
    v.players = n;
    v.dealer = this.dealer;
    v.round = this.round;
    this.active = n;
    this.ended = false;
    this.sevnSeat = -1;
    this.qHead = 0;
    this.qLen = 0;
    this.roundCount++;
    if (this.tracer !== null) this.tracer.event(Ev.ROUND_START, this.dealer, this.round, 0);
    // The deal: one open card each, from the left of the dealer; actions resolve at once.
    let s = this.dealer;
    for (let k = 0; k < n && !this.ended; k++) {
      s = s + 1 === n ? 0 : s + 1;
      if (st[(s << Seat.SHIFT) + Seat.STATUS] !== Status.ACTIVE) continue;
      this.drawFor(s, false, Ev.DEAL, 0);
      if (this.qLen > 0) this.drain();
    }
    // Turns, clockwise from the left of the dealer, until nobody is in the round.
    this.turns(this.dealer + 1 === n ? 0 : this.dealer + 1, -1);
    for (let t = 0; t < n; t++) this.roundScore[t] = this.scoreSeat(t);
    if (this.tracer !== null) this.tracer.event(Ev.ROUND_END, -1, 0, 0);
  }

  /**
   * Turns clockwise from seat `s` until nobody is in the round or it has ended. `forced` (DRAW or
   * STAY, or -1 to ask) is the first active seat's answer: counterfactual rollouts force it.
   */
  private turns(s: number, forced: number): void {
    const n = this.n;
    const st = this.seats;
    let answer = forced;
    while (!this.ended && this.active > 0) {
      if (st[(s << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) {
        if (answer < 0) {
          const cf = this.counterfactual;
          if (cf !== null && !this.inRollout && cf.sampler.unit() < cf.rate) this.evaluateDrawStay(cf, s);
          answer = this.askDraw(s);
        }
        if (answer === Answer.STAY) {
          st[(s << Seat.SHIFT) + Seat.STATUS] = Status.STAYED;
          this.active--;
          if (this.tracer !== null) this.tracer.event(Ev.STAY, s, 0, 0);
        } else {
          this.drawFor(s, false, Ev.DRAW, 0);
          if (this.qLen > 0) this.drain();
        }
        answer = -1;
      }
      s = s + 1 === n ? 0 : s + 1;
    }
  }

  /**
   * Counterfactual evaluation of a draw-or-stay decision: stay and draw are each played out
   * `rollouts` times to the end of the round, every seat's own strategy choosing afterwards. Rollout
   * r gives both answers the same deck order and the same strategy randomness (common random
   * numbers). The round in progress is then restored exactly, so the main line is unchanged.
   */
  private evaluateDrawStay(cf: CounterfactualStreams, s: number): void {
    const state = cf.sink.buckets.key(this, s, Decision.DRAW_STAY);
    const snap = this.saveRound();
    const mainRng = this.rng;
    const tracer = this.tracer;
    const decisions = this.decisions;
    this.tracer = null;
    this.decisions = null;
    this.inRollout = true;
    const mainLine = cf.strategyRngs.map((r) => r.save());
    const sums = new Float64Array(8); // per answer (stay, draw): sum, sum of squares, diff sum, diff sum of squares
    for (let r = 0; r < cf.rollouts; r++) {
      const name = cf.counter * cf.rollouts + r;
      cf.rolloutRng.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT, name);
      const cardsState = cf.rolloutRng.save();
      const choices = cf.strategyRngs.map((g, p) => {
        g.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT_STRATEGY, name * MAX_PLAYERS + p);
        return g.save();
      });
      let stay = 0;
      for (const answer of [Answer.STAY, Answer.DRAW]) {
        this.restoreRound(snap);
        cf.rolloutRng.restore(cardsState);
        cf.strategyRngs.forEach((g, p) => g.restore(choices[p]));
        this.rng = cf.rolloutRng;
        this.turns(s, answer);
        const value = this.scoreSeat(s);
        if (answer === Answer.STAY) stay = value;
        const o = answer === Answer.STAY ? 0 : 4;
        const d = value - stay;
        sums[o] += value;
        sums[o + 1] += value * value;
        sums[o + 2] += d;
        sums[o + 3] += d * d;
      }
    }
    this.restoreRound(snap);
    this.rng = mainRng;
    cf.strategyRngs.forEach((g, p) => g.restore(mainLine[p]));
    this.tracer = tracer;
    this.decisions = decisions;
    this.inRollout = false;
    for (const answer of [Answer.STAY, Answer.DRAW]) {
      const t = cf.sink.table;
      const o = t.at(state, answer * 8 + s);
      const i = answer === Answer.STAY ? 0 : 4;
      t.sums[o] += cf.rollouts;
      t.sums[o + 1] += sums[i];
      t.sums[o + 2] += sums[i + 1];
      t.sums[o + 5] += sums[i + 2];
      t.sums[o + 6] += sums[i + 3];
    }
    cf.counter++;
  }

  /** A copy of everything a round changes (for rollouts; allocates, but only at sampled decisions). */
  private saveRound(): RoundSnapshot {
    return {
      deck: this.deck.slice(),
      discard: this.discard.slice(),
      seen: this.seen.slice(),
      inHand: this.inHand.slice(),
      rows: this.rows.slice(),
      seats: this.seats.slice(),
      qOwner: this.qOwner.slice(),
      qCard: this.qCard.slice(),
      bustCount: this.bustCount.slice(),
      scalars: [this.deckLen, this.discardLen, this.deckWhole ? 1 : 0, this.qHead, this.qLen, this.active, this.ended ? 1 : 0, this.sevnSeat, this.stackPos],
    };
  }

  private restoreRound(r: RoundSnapshot): void {
    // A reshuffle swaps the deck and discard arrays: restore contents, whichever array is which.
    this.deck.set(r.deck);
    this.discard.set(r.discard);
    this.seen.set(r.seen);
    this.inHand.set(r.inHand);
    this.rows.set(r.rows);
    this.seats.set(r.seats);
    this.qOwner.set(r.qOwner);
    this.qCard.set(r.qCard);
    this.bustCount.set(r.bustCount);
    const [deckLen, discardLen, deckWhole, qHead, qLen, active, ended, sevnSeat, stackPos] = r.scalars;
    this.deckLen = deckLen;
    this.discardLen = discardLen;
    this.deckWhole = deckWhole === 1;
    this.qHead = qHead;
    this.qLen = qLen;
    this.active = active;
    this.ended = ended === 1;
    this.sevnSeat = sevnSeat;
    this.stackPos = stackPos;
  }

  /** Table cards and any waiting actions go to the discard pile. */
  private clearTable(): void {
    const st = this.seats;
    const rows = this.rows;
    const discard = this.discard;
    let d = this.discardLen;
    for (let s = 0; s < this.n; s++) {
      const b = s << Seat.SHIFT;
      for (let i = st[b + Seat.ROWBASE], end = i + st[b + Seat.ROWLEN]; i < end; i++) discard[d++] = rows[i];
      st[b + Seat.ROWLEN] = 0;
    }
    while (this.qLen > 0) {
      discard[d++] = this.qCard[this.qHead];
      this.qHead = this.qHead + 1 === this.size ? 0 : this.qHead + 1;
      this.qLen--;
    }
    this.discardLen = d;
  }

  /**
   * Round mode: one round from a freshly shuffled full deck, seat 0 dealing (so the seat after it
   * plays first, as in the first round of a game). Scores in `roundScore`.
   */
  playRound(players: readonly SevnPlayer[], rng: Rng): void {
    this.setup(players, rng);
    this.freshDeck();
    this.dealer = 0;
    this.round = 0;
    this.playRoundCore();
  }

  /**
   * Game mode: rounds to the target from a freshly shuffled full deck that then persists across
   * rounds (with deckPersists false, every round starts from a freshly shuffled full deck); seat 0
   * deals first and the deal moves one seat clockwise each round (with dealerRotates false, seat 0
   * deals every round). When a round ends with some total >= target and a single highest total, that
   * seat wins; a tied lead plays on, or with tiedLead "shared" ends the game with 1/k of a win to each
   * of the k tied leaders.
   */
  playGame(players: readonly SevnPlayer[], rng: Rng): void {
    this.setup(players, rng);
    this.freshDeck();
    const n = this.n;
    this.dealer = 0;
    for (this.round = 0; ; this.round++) {
      if (this.round >= this.rules.maxRounds) {
        throw new RoundCapError(`SEVN game did not end within rules.maxRounds = ${this.rules.maxRounds} rounds (players: ${players.map((p) => p.label).join(', ')})`);
      }
      this.playRoundCore();
      for (let s = 0; s < n; s++) this.totals[s] += this.roundScore[s];
      if (this.deckPersists) this.clearTable();
      else this.freshDeck(); // nothing carries over: rows, queue and discard pile go back into the deck
      let best = this.totals[0];
      let leader = 0;
      let tied = false;
      for (let s = 1; s < n; s++) {
        const t = this.totals[s];
        if (t > best) {
          best = t;
          leader = s;
          tied = false;
        } else if (t === best) tied = true;
      }
      if (best >= this.rules.target) {
        if (!tied) {
          for (let s = 0; s < n; s++) this.winShare[s] = s === leader ? 1 : 0;
          return;
        }
        if (this.tiedShared) {
          let k = 0;
          for (let s = 0; s < n; s++) if (this.totals[s] === best) k++;
          for (let s = 0; s < n; s++) this.winShare[s] = this.totals[s] === best ? 1 / k : 0;
          return;
        }
      }
      if (this.dealerRotates) this.dealer = this.dealer + 1 === n ? 0 : this.dealer + 1;
    }
  }
}
