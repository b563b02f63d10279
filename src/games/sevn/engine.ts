/**
 * The SEVN engine, the hot core: the deal, draw-or-stay turns, every card's effect, the queue of
 * waiting actions, SEVN, the questions put to strategies, and whole rounds and games. Allocation-free
 * after construction. Beside it: the table it plays on (table.ts: the cards' places and per-seat
 * counters), the deck (deck.ts), a seat's running score (scoring.ts), decision buckets (buckets.ts),
 * positions and replays (positions.ts), counterfactual rollouts (rollouts.ts), trace events (events.ts),
 * the answers strategies declare as rules (card-rules.ts).
 */
import type { Rng } from '../../engine/rng.js';
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import type { DecisionSink } from '../../engine/strategy.js';
import type { FeatureSource } from '../../engine/decisions.js';
import { DrawTally, observeChoice, observeDecision, observePick, sevnFeature } from './buckets.js';
import { Bonus, Kind } from './cards.js';
import { Ev } from './events.js';
import type { SevnEvaluator } from './rollouts.js';
import { MAX_PLAYERS, Seat } from './seats.js';
import { Answer, Decision, type SevnPlayer, Status } from './view.js';
import type { SevnViewBuffer } from './view-buffer.js';
import { SevnTable } from './table.js';
import { playNumbers } from './numbers.js';
import { ChoiceRule, FloorSlot, answerBallast, answerCrossroads, answerFloor, answerTarget, readRules } from './card-rules.js';
import { RoundCapError } from '../../engine/errors.js';

export { MAX_PLAYERS, RoundCapError };
export type { DrawsUnderFloor, StaysAtPoints } from './card-rules.js';

/** The engine: the rules of play over the table's state (table.ts). */
export class SevnEngine extends SevnTable implements FeatureSource {
  /** The decisions' sink, and its draw-or-stay tallies (buckets.ts), looked at when set (not in an ask: a call site first run late deoptimises `turns`). */
  private sink: DecisionSink | null = null;
  readonly drawTally = new DrawTally();
  get decisions(): DecisionSink | null {
    return this.sink;
  }
  set decisions(d: DecisionSink | null) {
    this.sink = d;
    this.drawTally.take(d);
  }
  /** Per seat: the points it stays at (StaysAtPoints), UNDER_FLOOR (DrawsUnderFloor: its slots in `floors`) or -1 to ask it; read from a new lineup (setup). */
  private readonly stayAt = new Int32Array(MAX_PLAYERS).fill(-1);
  private readonly floors = new Float64Array(MAX_PLAYERS * FloorSlot.SIZE);
  /** Per seat s and decision kind k, at (s << 3) | k: the ChoiceRule its function declares (card-rules.ts), or ASK. */
  private readonly choiceRule = new Uint8Array(MAX_PLAYERS << 3);
  counterfactual: CounterfactualStreams | null = null;
  /** With counterfactual recording: sees every round start and every answer, and values sampled decisions (rollouts.ts). */
  evaluator: SevnEvaluator | null = null;

  // ---- Decisions ---------------------------------------------------------------------------------

  private prepare(s: number, kind: number): SevnViewBuffer {
    const v = this.view;
    v.stamp = (v.stamp + 1) & 0x3fffffff || 1;
    v.decision = kind;
    v.seat = s;
    v.points = this.scoreSeat(s);
    return v;
  }

  illegal(s: number, what: string, got: number, expected: string): never {
    throw new Error(`strategy "${this.players[s].label}" (seat ${s}) returned illegal ${what} ${got}: expected ${expected}`);
  }

  private askDraw(s: number): number {
    const at = this.stayAt[s];
    if (at !== -1 && this.evaluator === null && (this.sink === null || this.drawTally.sink !== null)) {
      // A declared rule (StaysAtPoints, DrawsUnderFloor: -1 when it does not settle it) answered here, without the view and the call.
      const points = this.scoreSeat(s);
      const a = at >= 0 ? (points >= at ? Answer.STAY : Answer.DRAW) : answerFloor(this, this.floors, s, points);
      if (a >= 0 && this.sink !== null) this.drawTally.count(points, this.seats[(s << Seat.SHIFT) | Seat.DISTINCT], a, s);
      if (a >= 0) return a;
    }
    return this.askPlayer(s);
  }

  private askPlayer(s: number): number {
    const v = this.prepare(s, Decision.DRAW_STAY);
    const a = this.players[s].drawOrStay(v);
    if (a !== Answer.DRAW && a !== Answer.STAY) this.illegal(s, 'draw-or-stay answer', a, '1 (draw) or 0 (stay)');
    if (this.sink !== null || this.evaluator !== null) {
      // The common recording counted here, in place; the rest (an evaluator, other buckets) out of line.
      if (this.evaluator === null && this.drawTally.sink !== null) this.drawTally.count(v.points, this.seats[(s << Seat.SHIFT) | Seat.DISTINCT], a, s);
      else observeDecision(this, s, Decision.DRAW_STAY, a, 0, 0, a);
    }
    return a;
  }

  /*
   * A card choice whose function declares its rule (card-rules.ts, ChoiceRule) is answered here, without the strategy's call and
   * the view's arrays; a sink reads the view's points (prepare) unless the draw tally counts it (observeChoice). Not with an evaluator.
   */
  private askTarget(kind: number, s: number, card: number, candidates: number): number {
    const rule = this.choiceRule[(s << 3) | kind];
    let t = rule !== ChoiceRule.ASK && this.evaluator === null ? answerTarget(this, rule, s, candidates) : -1;
    if (t < 0) {
      const v = this.prepare(s, kind);
      v.candidates = candidates;
      v.card = card;
      const p = this.players[s];
      t = kind === Decision.FREEZE ? p.freezeTarget(v) : kind === Decision.TRIPLE_DRAW ? p.tripleDrawTarget(v) : p.secondChanceTo(v);
      if (!Number.isInteger(t) || t < 0 || t >= this.n || ((candidates >>> t) & 1) === 0) {
        const seats: number[] = [];
        for (let i = 0; i < this.n; i++) if ((candidates >>> i) & 1) seats.push(i);
        this.illegal(s, `${this.cards.name(card)} target`, t, `one of seats ${seats.join(', ')}`);
      }
    } else if (this.sink === null) return t;
    else if (this.drawTally.sink === null) this.prepare(s, kind);
    if (this.sink !== null || this.evaluator !== null) observeChoice(this, s, kind, t, candidates, t >= s ? t - s : t - s + this.n);
    return t;
  }

  private askCrossroads(s: number, a: number, b: number): number {
    const rule = this.choiceRule[(s << 3) | Decision.CROSSROADS];
    let pick = rule !== ChoiceRule.ASK && this.evaluator === null ? answerCrossroads(this, s, a, b, rule) : -1;
    if (pick >= 0) {
      if (this.sink === null) return pick;
      if (this.drawTally.sink === null) this.prepare(s, Decision.CROSSROADS);
    } else {
      const v = this.prepare(s, Decision.CROSSROADS);
      v.optionA = a;
      v.optionB = b;
      pick = this.players[s].crossroads(v);
      if (pick !== 0 && pick !== 1) this.illegal(s, 'Crossroads pick', pick, '0 (first card) or 1 (second card)');
    }
    if (this.sink !== null || this.evaluator !== null) observePick(this, s, pick, a, b, pick === 0 ? a : b);
    return pick;
  }

  private askBallast(s: number, c: number): number {
    let k: number;
    const rule = this.choiceRule[(s << 3) | Decision.BALLAST];
    if (rule !== ChoiceRule.ASK && this.evaluator === null) {
      k = answerBallast(this, s, c, rule);
      if (this.sink === null) return k;
      if (this.drawTally.sink === null) this.prepare(s, Decision.BALLAST);
    } else {
      const v = this.prepare(s, Decision.BALLAST);
      v.card = c;
      k = this.players[s].ballast(v);
      if (k !== Answer.KEEP && k !== 0) this.illegal(s, 'Ballast answer', k, '1 (keep) or 0 (discard)');
    }
    if (this.sink !== null || this.evaluator !== null) observeChoice(this, s, Decision.BALLAST, k, 0, k);
    return k;
  }

  /** A bucket feature of seat s's decision (buckets.ts). */
  feature(s: number, f: number): number {
    return sevnFeature(this, s, f);
  }

  // ---- Cards -------------------------------------------------------------------------------------

  /** Bit mask of the seats still in the round. */
  private activeMask(): number {
    const st = this.seats;
    let m = 0;
    for (let s = 0; s < this.n; s++) if (st[(s << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE) m |= 1 << s;
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
    for (let s = 0; s < this.n; s++) if (st[(s << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE) st[(s << Seat.SHIFT) | Seat.STATUS] = Status.STAYED;
    this.active = 0;
    this.ended = true;
    if (this.tracer !== null) this.tracer.event(Ev.EXHAUSTED, -1, 0, 0);
  }

  private resolve(s: number, c: number, inSequence: boolean): void {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    const v = this.cardValue[c];
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
        st[b | Seat.SUM] += v;
        if (v > this.fwMax) st[b | Seat.NONLOW]++;
        const d = ++st[b | Seat.DISTINCT];
        if (st[b | Seat.BONUS] !== 0) this.updateExtra(b);
        if (d === this.sevnDistinct) this.sevn(s);
        return;
      }
      case Kind.MULTIPLY:
        this.toRow(s, c);
        st[b | Seat.MULT] *= v;
        return;
      case Kind.ADD:
        this.toRow(s, c);
        st[b | Seat.PLUS] += v;
        return;
      case Kind.SECOND_CHANCE: {
        if (st[b | Seat.SC] === 0) {
          st[b | Seat.SC] = 1;
          this.toRow(s, c);
          return;
        }
        let cand = 0;
        for (let t = 0; t < this.n; t++) {
          if (t !== s && st[(t << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE && st[(t << Seat.SHIFT) | Seat.SC] === 0) cand |= 1 << t;
        }
        if (cand === 0) {
          this.toDiscard(c);
          if (this.tracer !== null) this.tracer.event(Ev.SECOND_CHANCE_GIVEN, s, -1, 0);
          return;
        }
        const t = this.askTarget(Decision.SECOND_CHANCE, s, c, cand);
        st[(t << Seat.SHIFT) | Seat.SC] = 1;
        this.toRow(t, c);
        if (this.tracer !== null) this.tracer.event(Ev.SECOND_CHANCE_GIVEN, s, t, 0);
        return;
      }
      case Kind.FEATHERWEIGHT:
        this.toRow(s, c);
        st[b | Seat.BONUS] |= Bonus.FEATHERWEIGHT;
        this.updateExtra(b);
        return;
      case Kind.HEAVYWEIGHT:
        this.toRow(s, c);
        st[b | Seat.BONUS] |= Bonus.HEAVYWEIGHT;
        this.updateExtra(b);
        return;
      case Kind.LADDER:
        this.toRow(s, c);
        st[b | Seat.BONUS] |= Bonus.LADDER;
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
    const mask = st[b | Seat.MASK];
    if ((mask & bit) !== 0) {
      this.inHand[c]++;
      this.duplicate(s, c);
      return;
    }
    this.rows[st[b | Seat.ROWBASE] + st[b | Seat.ROWLEN]++] = c;
    // Featherweight's and Heavyweight's counts come from the mask when scored (updateExtra).
    st[b | Seat.MASK] = mask | bit;
    st[b | Seat.SUM] += 31 - Math.clz32(bit);
    const d = ++st[b | Seat.DISTINCT];
    if (st[b | Seat.BONUS] !== 0) this.updateExtra(b);
    if (d === this.sevnDistinct) this.sevn(s);
  }

  /** A number already held: a Second Chance cancels it, or the seat busts. */
  private duplicate(s: number, c: number): void {
    const st = this.seats;
    const b = s << Seat.SHIFT;
    if (st[b | Seat.SC] !== 0) {
      st[b | Seat.SC] = 0;
      this.fromRow(s, this.cards.secondChance);
      this.toDiscard(c);
      this.toDiscard(this.cards.secondChance);
      if (this.tracer !== null) this.tracer.event(Ev.SECOND_CHANCE_USED, s, c, 0);
    } else {
      this.toRow(s, c);
      st[b | Seat.STATUS] = Status.BUSTED;
      this.active--;
      this.bustCount[s]++;
      if (this.tracer !== null) this.tracer.event(Ev.BUST, s, c, 0);
    }
  }

  private sevn(s: number): void {
    this.seats[(s << Seat.SHIFT) | Seat.SEVNAT] = 1;
    this.seats[(s << Seat.SHIFT) | Seat.EXTRA] += this.sevnBonus;
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
      st[(t << Seat.SHIFT) | Seat.STATUS] = Status.FROZEN;
      this.active--;
      this.toDiscard(c);
      if (this.tracer !== null) this.tracer.event(Ev.FREEZE, s, t, 0);
    } else if (kind === Kind.TRIPLE_DRAW) {
      const cand = this.activeMask();
      if (cand === 0) return this.dropAction(s, c);
      const t = this.askTarget(Decision.TRIPLE_DRAW, s, c, cand);
      if (this.tracer !== null) this.tracer.event(Ev.TRIPLE_DRAW, s, t, 0);
      for (let i = 1; i <= this.tripleCards && !this.ended && st[(t << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE; i++) this.drawFor(t, true, Ev.TRIPLE_CARD, i);
      this.toDiscard(c);
    } else if (kind === Kind.CROSSROADS) {
      // The Crossroads card resolves for its drawer: no target once the drawer has left the round.
      if (st[(s << Seat.SHIFT) | Seat.STATUS] !== Status.ACTIVE) return this.dropAction(s, c);
      const a = this.take();
      if (a < 0) {
        this.toDiscard(c);
        return this.exhausted();
      }
      this.inHand[a]++;
      const b = this.take();
      if (b < 0) {
        // Only one card was left in the deck and discard pile together: the drawer takes it, as if drawn.
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
        if (st[(t << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE) this.drawFor(t, true, Ev.STORM_CARD, 0);
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
      if (this.seats[(s << Seat.SHIFT) | Seat.STATUS] === Status.BUSTED) this.dropAction(s, c);
      else this.act(s, c);
    }
  }

  // ---- Rounds and games --------------------------------------------------------------------------

  setup(players: readonly SevnPlayer[], rng: Rng): void {
    if (players.length < 1 || players.length > MAX_PLAYERS) throw new Error(`SEVN needs 1 to ${MAX_PLAYERS} players, got ${players.length}`);
    if (players !== this.players) {
      for (let s = 0; s < MAX_PLAYERS; s++) this.seats[(s << Seat.SHIFT) | Seat.ROWLEN] = 0; // seats beyond n stay empty
      this.players = players;
      this.n = players.length;
      readRules(players, this.stayAt, this.choiceRule, this.floors);
    }
    this.rng = rng;
    for (let s = 0; s < this.n; s++) {
      this.bustCount[s] = 0;
      this.totals[s] = 0;
    }
    this.roundCount = 0;
  }

  /** Plays one round with the current dealer; leaves each seat's score in `roundScore`. */
  playRoundCore(): void {
    if (this.evaluator !== null) this.evaluator.roundStart(this);
    const n = this.n;
    const st = this.seats;
    const pairs = this.seatPairs;
    for (let s = 0; s < n; s++) {
      // STATUS (Status.ACTIVE) to EXTRA start at 0: five stores of a double's 0, eight zero bytes each.
      const p = s << (Seat.SHIFT - 1);
      pairs[p] = pairs[p | 1] = pairs[p | 2] = pairs[p | 3] = pairs[p | 4] = 0;
      st[(s << Seat.SHIFT) | Seat.MULT] = 1;
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
    this.roundReshuffles = 0;
    if (this.tracer !== null) this.tracer.event(Ev.ROUND_START, this.dealer, this.round, 0);
    if (this.numbersKernel === true && this.tracer === null) playNumbers(this);
    else {
      this.deckWhole = false; // these draws are not logged (SevnDeck.drawnFrom)
      // The deal: one open card each, from the left of the dealer; actions resolve at once.
      let s = this.dealer;
      for (let k = 0; k < n && !this.ended; k++) {
        s = s + 1 === n ? 0 : s + 1;
        if (st[(s << Seat.SHIFT) | Seat.STATUS] !== Status.ACTIVE) continue;
        this.drawFor(s, false, Ev.DEAL, 0);
        if (this.qLen > 0) this.drain();
      }
      // Turns, clockwise from the left of the dealer, until nobody is in the round.
      this.turns(this.dealer + 1 === n ? 0 : this.dealer + 1, -1);
    }
    for (let t = 0; t < n; t++) this.roundScore[t] = this.scoreSeat(t);
    if (this.tracer !== null) this.tracer.event(Ev.ROUND_END, -1, 0, 0);
  }

  /**
   * Turns clockwise from seat `s` until nobody is in the round or it has ended. `forced` (DRAW or
   * STAY, or -1 to ask) is the first active seat's answer: playOnRound forces it.
   */
  turns(s: number, forced: number): void {
    const n = this.n;
    const st = this.seats;
    const stayAt = this.stayAt;
    // Nothing records or replays answers: a declared rule answered here as askDraw does, less its checks.
    const plain = this.sink === null && this.evaluator === null;
    let answer = forced;
    while (!this.ended) { // until nobody is in the round: `active` read only at a seat out of it
      const b = s << Seat.SHIFT;
      if (st[b | Seat.STATUS] !== Status.ACTIVE) {
        if (this.active === 0) return;
      } else {
        const at = answer < 0 && plain ? stayAt[s] : -1;
        if (at >= 0) answer = this.activeScore(b) >= at ? Answer.STAY : Answer.DRAW;
        else if (at !== -1) answer = (answer = answerFloor(this, this.floors, s, this.activeScore(b))) >= 0 ? answer : this.askPlayer(s);
        else if (answer < 0) answer = this.askDraw(s);
        if (answer === Answer.STAY) {
          st[b | Seat.STATUS] = Status.STAYED;
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
   * Seat s gives `answer` to a question about a card it holds, taken from the discard pile (where the
   * hidden-information sampler puts every card seen off the table), and the card resolves as `act` or
   * `resolve` would, waiting actions included: for positions.ts playOnAfter. `card` is the held card
   * (Freeze, Triple Draw, Second Chance, Ballast), `a` and `b` the Crossroads options.
   */
  answerHeld(s: number, kind: number, answer: number, card: number, a: number, b: number): void {
    const st = this.seats;
    if (kind === Decision.FREEZE) {
      st[(answer << Seat.SHIFT) | Seat.STATUS] = Status.FROZEN;
      this.active--;
    } else if (kind === Decision.TRIPLE_DRAW) {
      for (let i = 1; i <= this.tripleCards && !this.ended && st[(answer << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE; i++) this.drawFor(answer, true, Ev.TRIPLE_CARD, i);
    } else if (kind === Decision.SECOND_CHANCE) {
      this.fromDiscard(card);
      st[(answer << Seat.SHIFT) | Seat.SC] = 1;
      this.toRow(answer, card);
    } else if (kind === Decision.CROSSROADS) {
      const chosen = answer === 0 ? a : b;
      this.fromDiscard(chosen);
      this.resolve(s, chosen, false);
    } else if (kind === Decision.BALLAST && answer === Answer.KEEP) {
      const base = s << Seat.SHIFT;
      this.fromDiscard(card);
      this.toRow(s, card);
      st[base | Seat.SUM] += this.cardValue[card];
      if (this.cardValue[card] > this.fwMax) st[base | Seat.NONLOW]++;
      const d = ++st[base | Seat.DISTINCT];
      if (st[base | Seat.BONUS] !== 0) this.updateExtra(base);
      if (d === this.sevnDistinct) this.sevn(s);
    }
    if (this.qLen > 0) this.drain();
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
    this.dealer = 0;
    this.round = 0;
    this.playRounds();
  }

  /** Rounds from `this.round` on until the game ends. */
  playRounds(): void {
    for (;; this.round++) {
      if (this.round >= this.rules.maxRounds) {
        throw new RoundCapError(`SEVN game did not end within rules.maxRounds = ${this.rules.maxRounds} rounds (players: ${this.players.map((p) => p.label).join(', ')})`);
      }
      this.playRoundCore();
      if (this.endRound()) return;
    }
  }

  /**
   * After a round of a game: the round scores join the totals, the table is cleared (or a fresh deck
   * comes), and either the game ends (winShare set, true) or the deal moves on (false).
   */
  endRound(): boolean {
    const n = this.n;
    if (this.deckPersists === true) this.clearTable();
    else this.freshDeck(); // nothing carries over: rows, queue and discard pile go back into the deck
    // The round's scores join the totals in the leader's scan: one loop (about 700 instructions a game).
    const totals = this.totals;
    const score = this.roundScore;
    let best = (totals[0] += score[0]);
    let leader = 0;
    let tied = false;
    for (let s = 1; s < n; s++) {
      const t = (totals[s] += score[s]);
      if (t > best) {
        best = t;
        leader = s;
        tied = false;
      } else if (t === best) tied = true;
    }
    if (best >= this.rules.target) {
      if (!tied) {
        for (let s = 0; s < n; s++) this.winShare[s] = s === leader ? 1 : 0;
        return true;
      }
      if (this.tiedShared === true) {
        let k = 0;
        for (let s = 0; s < n; s++) if (this.totals[s] === best) k++;
        for (let s = 0; s < n; s++) this.winShare[s] = this.totals[s] === best ? 1 / k : 0;
        return true;
      }
    }
    if (this.dealerRotates === true) this.dealer = this.dealer + 1 === n ? 0 : this.dealer + 1;
    return false;
  }
}
