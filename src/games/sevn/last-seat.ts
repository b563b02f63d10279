/**
 * The last seat in, solved exactly. When every other player has stayed, busted or been frozen (or in a
 * solo round), the player still in faces a one-player problem over cards it can count: the deck is a
 * known multiset (the full deck less every row and the discard pile). This module values its decisions
 * by a memoised recursion over the cards drawn from that multiset, every card acting as the engine
 * (engine.ts) makes it act when this player is the only one in:
 * - a number joins the row, or (held already) busts it to 0 unless a Second Chance cancels it (both
 *   discarded); the `sevn.distinct`-th scoring value ends the round with the SEVN bonus;
 * - Ballast: kept (a scoring value) or discarded, the player's choice; x2 and + modifiers and the bonus
 *   cards join the row; a second Second Chance is discarded (nobody else in to give it to);
 * - Freeze: the only candidate is the player itself, so it ends the round with the row's points (with
 *   `freezeSelf` false there is no candidate: discarded); Triple Draw deals the player up to
 *   `tripleDrawCards` cards, action cards among them waiting in the queue; Crossroads draws two cards,
 *   the player keeps one (an action acts at once), the other goes to the discard pile; Storm deals the
 *   player one card in sequence. Waiting actions resolve first-in, first-out after the draw;
 * - an empty deck takes the discard pile, reshuffled, at the moment the engine would (the cards in
 *   hand, such as the Crossroads or Triple Draw card being resolved, are not in it); with both empty
 *   the round ends as if the player stayed.
 * Values are of a utility of the round score (`ev`: the score itself; `at-least:K`: 1 when it reaches
 * K; a win chance per round score). Decision states (a turn's draw or stay) are memoised on the deck's
 * counts and the row's cards (the discard pile follows: every card is somewhere); the steps between
 * two decisions (a Triple Draw's cards, the queue) are walked without memo. Past `maxStates` decision
 * states the solve stops with a LastSeatCapError and callers fall back to rollouts.
 */
import { Bonus, Kind, SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';
import { SeatBonus } from './scoring.js';
import { Seat } from './seats.js';
import { StateMemo } from './state-memo.js';
import { leastStates } from './last-seat-bound.js';

/** Decision states a solve may memoise unless told otherwise (about 100 MB at the largest). */
export const LAST_SEAT_MAX_STATES = 2_000_000;

/**
 * The solve stopped: past the state cap, or (`cycle`) deeper than three times the deck's cards, which
 * only a loop through reshuffles reaches (a row that stops changing while its discards come back, e.g.
 * a Second Chance and the duplicate it cancels): valued here it would need a fixed point, so it is left
 * to rollouts too.
 */
export class LastSeatCapError extends Error {
  constructor(readonly states: number, readonly cycle = false) {
    super(cycle ? 'the last-seat recursion met cards that can cycle through reshuffles' : `the last-seat recursion passed its cap of ${states.toLocaleString('en-US')} states`);
  }
}

/** What the recursion needs of a position: per card code, the deck's and the discard pile's copies, and the player's row. */
export interface LastSeatPosition {
  deck: ArrayLike<number>;
  discard: ArrayLike<number>;
  row: ArrayLike<number>;
}

// Work items between two decisions (the engine's call stack, made explicit): kind | card << 3.
const W_DRAW = 1;
const W_DRAW_SEQ = 2;
const W_DISCARD = 3;
const W_DRAIN = 4;
/** Key words for the work stack and the queue: their lengths, then 16 bits an item; deeper states are not memoised. */
const EXTRA_WORDS = 6;
const EXTRA_ITEMS = 2 * (EXTRA_WORDS - 1);

/** Utility of a round score: per score 0..length-1, scores past the end valued as the last entry. */
export type RoundUtility = Float64Array;
export { decidingWinShares, maxRoundScore, objectiveUtility, winShareBounds } from './last-seat-utility.js';

export class LastSeatSolver {
  readonly cards: SevnCards;
  private readonly codes: number;
  private readonly kind: Uint8Array;
  private readonly value: Int8Array;
  private readonly bonus: SeatBonus;
  private readonly sevnDistinct: number;
  private readonly fwMax: number;
  private readonly tripleCards: number;
  private readonly freezeSelf: boolean;
  private readonly maxStates: number;

  // The position as the recursion walks it (every change undone on the way back).
  private readonly deck: Int32Array;
  private readonly disc: Int32Array;
  private deckTotal = 0;
  private discTotal = 0;
  /** The row's counters in the engine's seat layout (SeatBonus reads them), and its cards per code. */
  private readonly st = new Int32Array(Seat.SIZE);
  private readonly rowCount: Int32Array;
  private readonly queue: Int32Array;
  private qHead = 0;
  private qLen = 0;
  private readonly stack: Int32Array;

  // The memo: open addressing on the packed state (the deck's counts, the row's cards).
  /** Per code: where its deck count and its row count sit in the key (word << 5 | shift). */
  private readonly deckAt: Int32Array;
  private readonly rowAt: Int32Array;
  /** Key words of the deck and row; after them the work stack and the queue (EXTRA_WORDS). */
  private readonly base: number;
  private readonly memo: StateMemo;
  private utility: RoundUtility = new Float64Array(1);
  /** States memoised by the last solve. */
  states = 0;
  private depth = 0;
  private readonly maxDepth: number;

  constructor(readonly rules: SevnRules, cards = new SevnCards(rules), maxStates = LAST_SEAT_MAX_STATES) {
    this.cards = cards;
    this.codes = cards.codes;
    this.kind = cards.kind;
    this.value = cards.value;
    this.bonus = new SeatBonus(rules);
    this.sevnDistinct = rules.sevn.distinct;
    this.fwMax = rules.bonuses.featherweight.maxValue;
    this.tripleCards = rules.tripleDrawCards;
    this.freezeSelf = rules.freezeSelf !== false;
    this.maxStates = maxStates;
    this.maxDepth = 3 * cards.deck.length + 8;
    this.deck = new Int32Array(this.codes);
    this.disc = new Int32Array(this.codes);
    this.rowCount = new Int32Array(this.codes);
    const size = cards.deck.length;
    this.queue = new Int32Array(size + 1);
    this.stack = new Int32Array(4 * size + 8);
    // Key layout: per code, the bits of its deck count (0..copies) then of its row count.
    this.deckAt = new Int32Array(this.codes);
    this.rowAt = new Int32Array(this.codes);
    let word = 0;
    let bit = 0;
    const place = (b: number): number => {
      if (bit + b > 32) {
        word++;
        bit = 0;
      }
      const at = (word << 5) | bit;
      bit += b;
      return at;
    };
    for (let c = 0; c < this.codes; c++) {
      const b = 32 - Math.clz32(cards.copies[c]); // bits of a count 0..copies
      this.deckAt[c] = place(b);
      this.rowAt[c] = place(b);
    }
    this.base = word + 1;
    this.memo = new StateMemo(this.base + EXTRA_WORDS);
  }

  /**
   * Sets the position (the player's row, the deck, the discard pile; the other rows are the rest of the
   * cards and never move). Keeps the memo when `sameTable` (the same other rows and utility as the
   * last load: every memoised state is then still valid), else clears it.
   */
  load(pos: LastSeatPosition, utility: RoundUtility, sameTable = false): void {
    if (!sameTable || utility !== this.utility) this.memo.clear();
    this.utility = utility;
    const st = this.st;
    st.fill(0);
    st[Seat.MULT] = 1;
    this.rowCount.fill(0);
    this.deckTotal = 0;
    this.discTotal = 0;
    this.qHead = 0;
    this.qLen = 0;
    for (let c = 0; c < this.codes; c++) {
      this.deck[c] = pos.deck[c];
      this.disc[c] = pos.discard[c];
      this.deckTotal += pos.deck[c];
      this.discTotal += pos.discard[c];
    }
    for (let i = 0; i < pos.row.length; i++) {
      const c = pos.row[i];
      const v = this.value[c];
      this.rowCount[c]++;
      switch (this.kind[c]) {
        case Kind.NUMBER:
          if ((st[Seat.MASK] >>> v) & 1) throw new Error(`last seat: the row holds ${v} twice (busted: nothing to decide)`);
          st[Seat.MASK] |= 1 << v;
          st[Seat.SUM] += v;
          st[Seat.DISTINCT]++;
          break;
        case Kind.BALLAST:
          st[Seat.SUM] += v;
          st[Seat.DISTINCT]++;
          if (v > this.fwMax) st[Seat.NONLOW]++;
          break;
        case Kind.MULTIPLY: st[Seat.MULT] *= v; break;
        case Kind.ADD: st[Seat.PLUS] += v; break;
        case Kind.SECOND_CHANCE: st[Seat.SC] = 1; break;
        case Kind.FEATHERWEIGHT: st[Seat.BONUS] |= Bonus.FEATHERWEIGHT; break;
        case Kind.HEAVYWEIGHT: st[Seat.BONUS] |= Bonus.HEAVYWEIGHT; break;
        case Kind.LADDER: st[Seat.BONUS] |= Bonus.LADDER; break;
        default: throw new Error(`last seat: ${this.cards.name(c)} cannot be in a row`);
      }
    }
  }

  /** The row's round score if the round ended now (no SEVN), as SevnEngine.scoreSeat. */
  points(): number {
    const st = this.st;
    const t = st[Seat.SUM] * st[Seat.MULT] + st[Seat.PLUS] + this.bonus.points(st, 0);
    return t < 0 ? 0 : t;
  }

  /** The utility of staying now. */
  stayValue(): number {
    return this.u(this.points());
  }

  /** The value of drawing now and then playing on optimally (throws LastSeatCapError past the cap). */
  drawValue(): number {
    // A position whose sure states alone pass the cap is refused at once: running to the cap first cost
    // up to a second a decision (advise --review of a full-deck game spent 40% of its time there).
    if (this.leastStates() - 1 > this.maxStates) throw new LastSeatCapError(this.maxStates);
    this.depth = 0;
    this.states = this.memo.count;
    const v = this.turnDraw();
    this.states = this.memo.count;
    return v;
  }

  /** The value of the deal's forced first card of a solo round, then optimal play: the round's value from an empty row. */
  dealValue(): number {
    return this.drawValue();
  }

  /** A lower bound on the decision states a solve from here memoises, this one included (last-seat-bound.ts). */
  leastStates(): number {
    const st = this.st;
    return leastStates(this.cards, this.sevnDistinct, this.deck, this.disc, st[Seat.MASK], st[Seat.DISTINCT], st[Seat.SC]);
  }

  // ---- The recursion -------------------------------------------------------------------------------

  private u(score: number): number {
    const u = this.utility;
    return u[score < u.length ? score : u.length - 1];
  }

  /** A turn's draw: one card, then the queue, then the next decision (engine.turns). */
  private turnDraw(): number {
    const s = this.stack;
    s[0] = W_DRAIN;
    s[1] = W_DRAW;
    return this.run(2);
  }

  /** A decision: stay or draw, whichever is worth more (a tie stays). */
  private decide(): number {
    this.pack(0);
    const slot = this.memo.find();
    if (this.memo.has(slot)) return this.memo.value(slot);
    const stay = this.stayValue();
    const draw = this.turnDraw();
    const v = draw > stay ? draw : stay;
    this.store(0, v);
    return v;
  }

  /** A draw with the work below it: memoised too (a Triple Draw's later cards meet the same states by many paths). */
  private drawMemo(inSequence: boolean, sp: number): number {
    const packed = this.pack(sp);
    if (packed) {
      const slot = this.memo.find();
      if (this.memo.has(slot)) return this.memo.value(slot);
    }
    const v = this.draw(inSequence, sp - 1);
    if (packed) this.store(sp, v);
    return v;
  }

  /** Does the work on the stack (items [0, sp)), top first; an empty stack is the next decision. */
  private run(sp: number): number {
    if (sp === 0) return this.decide();
    const it = this.stack[sp - 1];
    const k = it & 7;
    const c = it >> 3;
    let v: number;
    if (k === W_DISCARD) {
      this.disc[c]++;
      this.discTotal++;
      v = this.run(sp - 1);
      this.disc[c]--;
      this.discTotal--;
    } else if (k === W_DRAIN) {
      if (this.qLen === 0) return this.run(sp - 1);
      const card = this.queue[this.qHead++];
      this.qLen--;
      v = this.act(card, sp); // W_DRAIN stays below: the queue drains on after this card
      this.qHead--;
      this.qLen++;
    } else v = this.drawMemo(k === W_DRAW_SEQ, sp);
    this.stack[sp - 1] = it;
    return v;
  }

  /** The discard pile becomes the deck (the engine's reshuffle); false when both are empty. */
  private reshuffle(): boolean {
    if (this.discTotal === 0) return false;
    for (let c = 0; c < this.codes; c++) {
      this.deck[c] = this.disc[c];
      this.disc[c] = 0;
    }
    this.deckTotal = this.discTotal;
    this.discTotal = 0;
    return true;
  }

  /** Undoes a reshuffle (the deck is as the reshuffle left it: every draw below was undone). */
  private unshuffle(): void {
    for (let c = 0; c < this.codes; c++) {
      this.disc[c] = this.deck[c];
      this.deck[c] = 0;
    }
    this.discTotal = this.deckTotal;
    this.deckTotal = 0;
  }

  /** One card drawn (in a Triple Draw's or Storm's sequence or not), resolved, then the work below `sp`. */
  private draw(inSequence: boolean, sp: number): number {
    if (++this.depth > this.maxDepth) {
      this.depth = 0;
      throw new LastSeatCapError(this.memo.count, true);
    }
    let shuffled = false;
    if (this.deckTotal === 0) {
      if (!this.reshuffle()) {
        this.depth--;
        return this.stayValue(); // exhausted: the round ends as if the player stayed
      }
      shuffled = true;
    }
    const deck = this.deck;
    const total = this.deckTotal;
    let acc = 0;
    for (let c = 0; c < this.codes; c++) {
      const n = deck[c];
      if (n === 0) continue;
      deck[c] = n - 1;
      this.deckTotal--;
      acc += n * this.resolve(c, inSequence, sp);
      deck[c] = n;
      this.deckTotal++;
    }
    if (shuffled) this.unshuffle();
    this.depth--;
    return acc / total;
  }

  /** Card c, in hand, takes effect (engine.resolve and number); then the work below `sp`. */
  private resolve(c: number, inSequence: boolean, sp: number): number {
    const st = this.st;
    const v = this.value[c];
    let r: number;
    switch (this.kind[c]) {
      case Kind.NUMBER: {
        const mask = st[Seat.MASK];
        if ((mask >>> v) & 1) {
          if (st[Seat.SC] === 0) return this.u(0); // bust
          const sc = this.cards.secondChance;
          st[Seat.SC] = 0;
          this.rowCount[sc]--;
          this.disc[sc]++;
          this.disc[c]++;
          this.discTotal += 2;
          r = this.run(sp);
          this.discTotal -= 2;
          this.disc[c]--;
          this.disc[sc]--;
          this.rowCount[sc]++;
          st[Seat.SC] = 1;
          return r;
        }
        st[Seat.MASK] = mask | (1 << v);
        st[Seat.SUM] += v;
        this.rowCount[c]++;
        r = ++st[Seat.DISTINCT] === this.sevnDistinct ? this.sevnValue() : this.run(sp);
        st[Seat.DISTINCT]--;
        this.rowCount[c]--;
        st[Seat.SUM] -= v;
        st[Seat.MASK] = mask;
        return r;
      }
      case Kind.BALLAST: {
        // The player's choice: discard, or keep (a scoring value; it may complete a SEVN).
        this.disc[c]++;
        this.discTotal++;
        const drop = this.run(sp);
        this.disc[c]--;
        this.discTotal--;
        this.rowCount[c]++;
        st[Seat.SUM] += v;
        const low = v > this.fwMax ? 1 : 0;
        st[Seat.NONLOW] += low;
        const keep = ++st[Seat.DISTINCT] === this.sevnDistinct ? this.sevnValue() : this.run(sp);
        st[Seat.DISTINCT]--;
        st[Seat.NONLOW] -= low;
        st[Seat.SUM] -= v;
        this.rowCount[c]--;
        return keep > drop ? keep : drop;
      }
      case Kind.MULTIPLY:
        st[Seat.MULT] *= v;
        this.rowCount[c]++;
        r = this.run(sp);
        this.rowCount[c]--;
        st[Seat.MULT] /= v;
        return r;
      case Kind.ADD:
        st[Seat.PLUS] += v;
        this.rowCount[c]++;
        r = this.run(sp);
        this.rowCount[c]--;
        st[Seat.PLUS] -= v;
        return r;
      case Kind.SECOND_CHANCE:
        if (st[Seat.SC] === 0) {
          st[Seat.SC] = 1;
          this.rowCount[c]++;
          r = this.run(sp);
          this.rowCount[c]--;
          st[Seat.SC] = 0;
          return r;
        }
        return this.discardThen(c, sp); // nobody else in to give it to
      case Kind.FEATHERWEIGHT:
      case Kind.HEAVYWEIGHT:
      case Kind.LADDER: {
        const bits = st[Seat.BONUS];
        const kind = this.kind[c];
        st[Seat.BONUS] |= kind === Kind.FEATHERWEIGHT ? Bonus.FEATHERWEIGHT : kind === Kind.HEAVYWEIGHT ? Bonus.HEAVYWEIGHT : Bonus.LADDER;
        this.rowCount[c]++;
        r = this.run(sp);
        this.rowCount[c]--;
        st[Seat.BONUS] = bits;
        return r;
      }
      default: // Freeze, Triple Draw, Crossroads, Storm
        if (!inSequence) return this.act(c, sp);
        this.queue[this.qHead + this.qLen++] = c;
        r = this.run(sp);
        this.qLen--;
        return r;
    }
  }

  private discardThen(c: number, sp: number): number {
    this.disc[c]++;
    this.discTotal++;
    const r = this.run(sp);
    this.disc[c]--;
    this.discTotal--;
    return r;
  }

  /** The round ends with a SEVN: the row's points and the bonus (SeatBonus adds it with SEVNAT). */
  private sevnValue(): number {
    this.st[Seat.SEVNAT] = 1;
    const r = this.u(this.points());
    this.st[Seat.SEVNAT] = 0;
    return r;
  }

  /** An action card held by the player, who is the only one in (engine.act); then the work below `sp`. */
  private act(c: number, sp: number): number {
    const kind = this.kind[c];
    const s = this.stack;
    if (kind === Kind.FREEZE) return this.freezeSelf ? this.stayValue() : this.discardThen(c, sp);
    if (kind === Kind.TRIPLE_DRAW) {
      s[sp] = W_DISCARD | (c << 3);
      for (let i = 1; i <= this.tripleCards; i++) s[sp + i] = W_DRAW_SEQ;
      return this.run(sp + 1 + this.tripleCards);
    }
    if (kind === Kind.STORM) {
      s[sp] = W_DISCARD | (c << 3);
      s[sp + 1] = W_DRAW_SEQ;
      return this.run(sp + 2);
    }
    return this.crossroads(c, sp);
  }

  /** Crossroads: two cards taken; the player keeps one (resolved at once), the other and the Crossroads card are discarded. */
  private crossroads(x: number, sp: number): number {
    let shuffledA = false;
    if (this.deckTotal === 0) {
      if (!this.reshuffle()) return this.stayValue(); // nothing to take: the Crossroads card is discarded and the round ends
      shuffledA = true;
    }
    const deck = this.deck;
    const totalA = this.deckTotal;
    let acc = 0;
    for (let a = 0; a < this.codes; a++) {
      const na = deck[a];
      if (na === 0) continue;
      deck[a] = na - 1;
      this.deckTotal--;
      let va: number;
      if (this.deckTotal === 0 && this.discTotal === 0) {
        // One card was left in all: the drawer takes it, the Crossroads card is discarded.
        this.disc[x]++;
        this.discTotal++;
        va = this.resolve(a, false, sp);
        this.disc[x]--;
        this.discTotal--;
      } else {
        let shuffledB = false;
        if (this.deckTotal === 0) {
          this.reshuffle();
          shuffledB = true;
        }
        const totalB = this.deckTotal;
        let accB = 0;
        for (let b = 0; b < this.codes; b++) {
          const nb = deck[b];
          if (nb === 0) continue;
          deck[b] = nb - 1;
          this.deckTotal--;
          this.disc[x]++;
          this.disc[b]++;
          this.discTotal += 2;
          const takeA = this.resolve(a, false, sp);
          this.disc[b]--;
          this.disc[a]++;
          const takeB = this.resolve(b, false, sp);
          this.disc[a]--;
          this.disc[x]--;
          this.discTotal -= 2;
          accB += nb * (takeB > takeA ? takeB : takeA);
          deck[b] = nb;
          this.deckTotal++;
        }
        if (shuffledB) this.unshuffle();
        va = accB / totalB;
      }
      acc += na * va;
      deck[a] = na;
      this.deckTotal++;
    }
    if (shuffledA) this.unshuffle();
    return acc / totalA;
  }

  // ---- The memo ------------------------------------------------------------------------------------

  /** Packs the state, with the work stack [0, sp) and the queue, into the memo's key; false when they are too long to pack. */
  private pack(sp: number): boolean {
    if (sp + this.qLen > EXTRA_ITEMS) return false;
    const key = this.memo.key;
    key.fill(0);
    const items = this.base + 1;
    key[this.base] = sp | (this.qLen << 16);
    for (let j = 0; j < sp; j++) key[items + (j >> 1)] |= this.stack[j] << ((j & 1) << 4);
    for (let j = 0; j < this.qLen; j++) key[items + ((sp + j) >> 1)] |= this.queue[this.qHead + j] << (((sp + j) & 1) << 4);
    for (let c = 0; c < this.codes; c++) {
      const d = this.deckAt[c];
      const r = this.rowAt[c];
      key[d >>> 5] |= this.deck[c] << (d & 31);
      key[r >>> 5] |= this.rowCount[c] << (r & 31);
    }
    return true;
  }

  /** Memoises v for the state with stack [0, sp) (packed again: the recursion reused the key). */
  private store(sp: number, v: number): void {
    if (this.memo.count >= this.maxStates) throw new LastSeatCapError(this.maxStates);
    this.pack(sp);
    this.memo.set(v);
  }
}
