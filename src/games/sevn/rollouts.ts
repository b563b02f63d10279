/**
 * SEVN counterfactual values: at a sampled decision of any kind (draw or stay, a Freeze, Triple Draw or
 * Second Chance target, a Crossroads pick, keeping a Ballast card), every legal answer is played out
 * `rollouts` times to the end of the round (round mode) or of the game (game mode), every seat's own
 * strategy choosing afterwards. Rollout r gives every answer the same future cards and the same
 * strategy randomness (common random numbers).
 *
 * A decision can come in the middle of resolving cards (a Freeze drawn during a Triple Draw during a
 * Crossroads...), so a rollout does not copy the engine's call stack: it replays the round. At each
 * round start the evaluator copies the deck, the deck stream's position and the totals; during the
 * round it logs every answer. A rollout sets a second engine to the round's start and plays it again
 * with the logged answers, which meets the same draws and questions, up to the decision; there it
 * gives the answer being valued, forgets the deck's order (the deck is rebuilt from what the deciding
 * seat can count: every card not yet seen), drops stacked draws and switches to the rollout's own
 * streams. So what follows depends only on what was seen, never on the real order of unseen cards,
 * and the main line is never touched.
 */
import { WIN_UNITS, actionSeatKey } from '../../engine/game.js';
import { Rng, STREAM_ROLLOUT, STREAM_ROLLOUT_STRATEGY } from '../../engine/rng.js';
import { ROLLOUT_SUMS, addRolloutSums, flushRolloutSums } from '../../engine/rollout-sums.js';
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import type { SevnCards } from './cards.js';
import { SevnDeck } from './deck.js';
import { SevnEngine } from './engine.js';
import { type RoundStart, replayRound, saveRoundStart } from './positions.js';
import type { SevnRules } from './rules.js';
import { MAX_PLAYERS } from './seats.js';
import { Decision, type SevnPlayer, type SevnView } from './view.js';

export class SevnEvaluator {
  /** Plays the replays and rollouts. */
  private readonly replay: SevnEngine;
  /** The main line's deck, its stream and its counters at the start of the current round. */
  private readonly startDeck: SevnDeck;
  private readonly startRng = new Rng();
  private readonly start: RoundStart = { totals: new Int32Array(MAX_PLAYERS), busts: new Int32Array(MAX_PLAYERS), rounds: 0, dealer: 0, round: 0 };
  /** The answers given in the main line's current round, in order, and who gave them to what (actionSeatKey(kind, seat)). */
  private log = new Int32Array(256);
  private askedOf = new Int32Array(256);
  private logged = 0;

  // The replay in progress: answers logged before `target`, then `forced` at `target` (seat, kind).
  private asked = 0;
  private target = 0;
  private forced = 0;
  private readonly replayRng = new Rng();
  /** The current rollout's streams at their start: cards, then one per seat's strategy. */
  private readonly rolloutCards = new Rng();
  private readonly rolloutChoices: Rng[] = Array.from({ length: MAX_PLAYERS }, () => new Rng());
  private readonly mainLine: Rng[] = Array.from({ length: MAX_PLAYERS }, () => new Rng());
  private wrapped: readonly SevnPlayer[] | null = null;
  private lineup: SevnPlayer[] = [];

  /** The legal answers of the decision being valued (as its strategy returns them) and their action codes. */
  private readonly answers = new Int32Array(MAX_PLAYERS);
  private readonly codes = new Int32Array(MAX_PLAYERS);
  private readonly sums = new Float64Array(MAX_PLAYERS * ROLLOUT_SUMS);

  constructor(
    rules: SevnRules,
    cards: SevnCards,
    private readonly cf: CounterfactualStreams,
    /** Game mode: a rollout plays to the end of the game and values its final total and win share. */
    private readonly wholeGame: boolean,
  ) {
    this.replay = new SevnEngine(rules, cards);
    this.startDeck = new SevnDeck(rules, cards);
  }

  /** The main line starts a round: remember where from. */
  roundStart(e: SevnEngine): void {
    this.startDeck.copyDeck(e);
    this.startRng.copyFrom(e.rng as Rng);
    saveRoundStart(e, this.start);
    this.logged = 0;
  }

  /**
   * Seat s of the main line answered a question of this kind (`a`, `b`: the Freeze, Triple Draw or
   * Second Chance candidates as a seat mask, or the two Crossroads cards): log it, and value every
   * legal answer if the decision is sampled.
   */
  decided(e: SevnEngine, s: number, kind: number, answer: number, a: number, b: number): void {
    const index = this.logged;
    if (index === this.log.length) {
      const log = new Int32Array(index * 2);
      log.set(this.log);
      this.log = log;
      const of = new Int32Array(index * 2);
      of.set(this.askedOf);
      this.askedOf = of;
    }
    this.log[index] = answer;
    this.askedOf[index] = actionSeatKey(kind, s);
    this.logged++;
    const cf = this.cf;
    if (cf.sampler.unit() >= cf.rate) return;
    this.evaluate(e, s, kind, answer, a, b, index);
  }

  private evaluate(e: SevnEngine, s: number, kind: number, played: number, a: number, b: number, index: number): void {
    const cf = this.cf;
    const state = cf.sink.buckets.key(e, s, kind);
    // The legal answers, the reference first: stay, discard, or (for targets and Crossroads) the answer played.
    const answers = this.answers;
    const codes = this.codes;
    let n = 0;
    if (kind === Decision.DRAW_STAY || kind === Decision.BALLAST) {
      answers[0] = 0;
      answers[1] = 1;
      codes[0] = 0;
      codes[1] = 1;
      n = 2;
    } else if (kind === Decision.CROSSROADS) {
      answers[n] = played;
      codes[n++] = played === 0 ? a : b;
      if (a !== b) {
        answers[n] = 1 - played;
        codes[n++] = played === 0 ? b : a;
      }
    } else {
      const players = e.n;
      answers[n] = played;
      codes[n++] = played >= s ? played - s : played - s + players;
      for (let t = 0; t < players; t++) {
        if (t === played || ((a >>> t) & 1) === 0) continue;
        answers[n] = t;
        codes[n++] = t >= s ? t - s : t - s + players;
      }
    }
    const sums = this.sums;
    sums.fill(0, 0, n * ROLLOUT_SUMS);
    const rngs = cf.strategyRngs;
    for (let p = 0; p < rngs.length; p++) this.mainLine[p].copyFrom(rngs[p]);
    this.target = index;
    const players = this.lineupFor(e.players);
    for (let r = 0; r < cf.rollouts; r++) {
      const name = cf.counter * cf.rollouts + r;
      this.rolloutCards.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT, name);
      for (let p = 0; p < rngs.length; p++) this.rolloutChoices[p].reseed(cf.seed, cf.chunk, STREAM_ROLLOUT_STRATEGY, name * MAX_PLAYERS + p);
      let refValue = 0;
      let refWin = 0;
      for (let i = 0; i < n; i++) {
        this.forced = answers[i];
        this.asked = 0;
        this.replay.copyDeck(this.startDeck);
        this.replayRng.copyFrom(this.startRng);
        replayRound(this.replay, players, this.replayRng, this.start, this.wholeGame);
        if (this.asked <= index) throw new Error(`internal: the replay of a round ended after ${this.asked} of its ${index + 1} decisions`);
        const x = this.replay;
        const value = this.wholeGame ? x.totals[s] : x.roundScore[s];
        const win = this.wholeGame ? Math.round(x.winShare[s] * WIN_UNITS) : 0;
        if (i === 0) {
          refValue = value;
          refWin = win;
        }
        addRolloutSums(sums, i, value, win, refValue, refWin);
      }
    }
    for (let p = 0; p < rngs.length; p++) rngs[p].copyFrom(this.mainLine[p]);
    flushRolloutSums(cf.sink.table, state, s, codes, n, cf.rollouts, sums);
    cf.counter++;
  }

  /**
   * The answer of the replay's next question, or -1 past the decision being valued (the strategy
   * answers). At that decision: the answer being valued, and the rollout's streams from then on.
   */
  next(seat: number, v: SevnView): number {
    const i = this.asked++;
    if (i > this.target) return -1;
    if (this.askedOf[i] !== actionSeatKey(v.decision, seat)) {
      throw new Error(`internal: a replayed round diverged at its decision ${i}: seat ${seat} asked kind ${v.decision}, the round asked seat ${this.askedOf[i] % 8} kind ${this.askedOf[i] >> 3}`);
    }
    if (i < this.target) return this.log[i];
    const x = this.replay;
    x.forgetOrder();
    this.replayRng.copyFrom(this.rolloutCards);
    const rngs = this.cf.strategyRngs;
    for (let p = 0; p < rngs.length; p++) rngs[p].copyFrom(this.rolloutChoices[p]);
    return this.forced;
  }

  /** The main line's strategies behind replay stand-ins (made once per lineup). */
  private lineupFor(players: readonly SevnPlayer[]): SevnPlayer[] {
    if (this.wrapped !== players) {
      this.wrapped = players;
      this.lineup = players.map((p, seat) => new ReplayPlayer(this, p, seat));
    }
    return this.lineup;
  }
}

/** Gives the logged answers, then the answer being valued, then its strategy's own. */
class ReplayPlayer implements SevnPlayer {
  readonly label: string;
  constructor(
    private readonly ev: SevnEvaluator,
    private readonly inner: SevnPlayer,
    private readonly seat: number,
  ) {
    this.label = inner.label;
  }
  drawOrStay(v: SevnView): number {
    const a = this.ev.next(this.seat, v);
    return a >= 0 ? a : this.inner.drawOrStay(v);
  }
  freezeTarget(v: SevnView): number {
    const a = this.ev.next(this.seat, v);
    return a >= 0 ? a : this.inner.freezeTarget(v);
  }
  tripleDrawTarget(v: SevnView): number {
    const a = this.ev.next(this.seat, v);
    return a >= 0 ? a : this.inner.tripleDrawTarget(v);
  }
  crossroads(v: SevnView): number {
    const a = this.ev.next(this.seat, v);
    return a >= 0 ? a : this.inner.crossroads(v);
  }
  ballast(v: SevnView): number {
    const a = this.ev.next(this.seat, v);
    return a >= 0 ? a : this.inner.ballast(v);
  }
  secondChanceTo(v: SevnView): number {
    const a = this.ev.next(this.seat, v);
    return a >= 0 ? a : this.inner.secondChanceTo(v);
  }
}
