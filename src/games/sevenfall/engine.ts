/**
 * The SEVENFALL engine: one turn (draw, discard steps, score) and whole games. Allocation-free after
 * construction: the canister, the row and every scratch buffer are typed arrays made once.
 */
import { MAX_SEATS } from '../../engine/game.js';
import { type Rng, STREAM_DECK } from '../../engine/rng.js';
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import type { DecisionSink } from '../../engine/strategy.js';
import type { FeatureSource } from '../../engine/decisions.js';
import { Feature, actionRadix, addActionClass, profileIds } from './buckets.js';
import { type SevenfallRules, totalTiles } from './rules.js';
import { SevenfallEvaluator } from './rollouts.js';
import { ScoreTable } from './scoring.js';
import { STOP, type SevenfallPlayer, SevenfallViewBuffer, strategySide } from './view.js';

/** The deck stream's number (as SeededRunner.reseedGame seeds it). */
const DECK_STREAM = STREAM_DECK * 256;


/** Optional observer for traces; null in simulations so it costs one comparison. */
export interface SevenfallTracer {
  turnStart(seat: number, round: number, row: Uint8Array): void;
  discard(seat: number, mask: number, removed: Uint8Array, row: Uint8Array, locked: Uint8Array): void;
  turnEnd(seat: number, row: Uint8Array, score: number): void;
}


export class SevenfallEngine implements FeatureSource {
  readonly rules: SevenfallRules;
  readonly table: ScoreTable;
  /** The canister as a permutation; a turn draws pool[top++] after a partial Fisher-Yates swap. */
  readonly pool: Uint8Array;
  /**
   * The pool's bytes and the canister's canonical order, 8 at a time: resetCanister copies 5 doubles
   * for 40 tiles. Tile codes are below 18 (at most 16 symbols), so no 8 bytes of the order read as a
   * NaN, whose bits a copy might not keep.
   */
  private readonly poolWords: Float64Array;
  private readonly canonWords: Float64Array;
  top = 0;
  readonly row: Uint8Array;
  readonly locked: Uint8Array;
  readonly outOfPlay: Uint8Array;
  /** Whether outOfPlay may hold counts other than 0 (see playTurn). */
  private outOfPlayDirty = false;
  private readonly counts: Uint8Array;
  /** scoreRow's tile counts: all 0 between its calls (rules whose counts do not fit one int32's bit fields). */
  private readonly scoreCounts: Uint8Array;
  /** Bits of a tile's count in scoreRow's packed counts (enough for rowSize), or 0 when all the codes' fields together exceed 31 bits. */
  private readonly countBits: number;
  /** The score table's per-tile index steps and scores (ScoreTable.step and table). */
  private readonly step: Int32Array;
  private readonly scores: Int16Array;
  private readonly removed: Uint8Array;
  private readonly classes: Uint8Array;
  private readonly view: SevenfallViewBuffer;
  readonly totals = new Int32Array(MAX_SEATS);
  readonly winShare = new Float64Array(MAX_SEATS);
  discardsLeft = 0;
  tracer: SevenfallTracer | null = null;
  decisions: DecisionSink | null = null;
  counterfactual: CounterfactualStreams | null = null;
  /** True while rollouts.ts plays a counterfactual future: nothing is recorded or traced. */
  inRollout = false;
  /** Values sampled decisions (rollouts.ts); made at the first one. */
  private evaluator: SevenfallEvaluator | null = null;
  /** The round of the turn being played (a bucket feature). */
  private roundNow = 0;
  /** In game mode, the lineup: counterfactual rollouts play the game to its end. */
  lineup: readonly SevenfallPlayer[] | null = null;
  /** Score-table index of a full row's profile -> its profile feature value. */
  private readonly profileId: Int32Array;
  private readonly fullMask: number;
  private readonly refillEachTurn: boolean;
  /** Encodes decision buckets (and decodes them for result files). */
  /** Base of action keys' digits (buckets.ts). */
  private readonly actionRadix: number;

  constructor(rules: SevenfallRules, table = new ScoreTable(rules)) {
    this.rules = rules;
    this.table = table;
    const tiles = totalTiles(rules);
    const bytes = Math.ceil(tiles / 8) * 8;
    this.pool = new Uint8Array(new ArrayBuffer(bytes), 0, tiles);
    this.poolWords = new Float64Array(this.pool.buffer);
    const canon = new Uint8Array(bytes);
    this.canonWords = new Float64Array(canon.buffer);
    let i = 0;
    for (let s = 0; s < rules.symbols; s++) for (let c = 0; c < rules.copiesPerSymbol; c++) canon[i++] = s;
    for (let w = 0; w < rules.wilds; w++) canon[i++] = rules.symbols;
    for (let b = 0; b < rules.breaks; b++) canon[i++] = rules.symbols + 1;
    this.resetCanister();
    this.row = new Uint8Array(rules.rowSize);
    this.locked = new Uint8Array(rules.rowSize);
    this.outOfPlay = new Uint8Array(rules.symbols + 2);
    this.counts = new Uint8Array(rules.symbols + 2);
    this.scoreCounts = new Uint8Array(rules.symbols + 2);
    const bits = 32 - Math.clz32(rules.rowSize);
    this.countBits = (rules.symbols + 2) * bits <= 31 ? bits : 0;
    this.step = table.step;
    this.scores = table.table;
    this.removed = new Uint8Array(rules.rowSize);
    this.classes = new Uint8Array(rules.rowSize);
    this.view = new SevenfallViewBuffer(strategySide(rules).rules, this);
    this.fullMask = (1 << rules.rowSize) - 1;
    this.refillEachTurn = rules.refill === 'turn';
    this.profileId = profileIds(rules).id;
    this.actionRadix = actionRadix(rules);
  }

  /**
   * Puts the canister back in its canonical order. The runner calls this when it reseeds a game:
   * draws are uniform from any order, but reproducible only from a known one.
   */
  resetCanister(): void {
    // Once a game. As a loop of 10 int32 copies it cost 3,070 instructions a `stand` turn and as
    // Uint8Array.set 2,951 (valgrind), but natively set() was the slower (its builtin, a property
    // load and memmove: 5% of a run by perf); 5 doubles measured 1.05x set()'s turns per CPU second.
    const pool = this.poolWords;
    const canon = this.canonWords;
    for (let i = 0; i < canon.length; i++) pool[i] = canon[i];
  }

  /** Tiles still in the canister during the current turn, in no particular order. */
  remaining(): Uint8Array {
    return this.pool.subarray(this.top);
  }

  private draw(rng: Rng): number {
    // Every turn starts from the full canister: the pool is some permutation of it, and a partial
    // Fisher-Yates draw from any permutation is uniform, so it is put back in order only per game.
    const pool = this.pool;
    const j = this.top + rng.below(pool.length - this.top);
    const t = pool[j];
    pool[j] = pool[this.top];
    pool[this.top++] = t;
    return t;
  }

  /**
   * Plays one turn for `player`; returns its score. `totals` and `players` describe the game. With
   * refill `turn` the turn starts from the full canister; with `round` from what earlier turns of the
   * round left (startRound() refills it), those tiles counting as out of play.
   */
  playTurn(player: SevenfallPlayer, rng: Rng, seat: number, round: number, players: number): number {
    const { rules, row, outOfPlay, pool, locked } = this;
    let top = this.refillEachTurn ? 0 : this.top;
    // Loops, not fill()/set(): for arrays of 7-9 entries a builtin call costs more than the writes,
    // and it made `stand` bimodal from process to process (3.2 or 5.6 M turns/s). The out-of-play
    // counts are zeroed only when something went out of play since (a turn with no discards, from
    // the full canister, leaves them 0).
    if (this.outOfPlayDirty || top > 0) {
      for (let t = 0; t < outOfPlay.length; t++) outOfPlay[t] = 0;
      for (let i = 0; i < top; i++) outOfPlay[pool[i]]++;
      this.outOfPlayDirty = top > 0;
    }
    // The row's draws: draw() rowSize times, as one partial shuffle (the stream's state in locals).
    rng.shuffleStep(pool, top, row.length);
    for (let i = 0; i < row.length; i++) row[i] = pool[top + i];
    // Each discard locks one position and spends one of the budget: with none spent, none is locked.
    if (this.discardsLeft !== rules.discardBudget) for (let i = 0; i < row.length; i++) locked[i] = 0;
    this.top = top + row.length;
    this.discardsLeft = rules.discardBudget;
    if (this.tracer !== null) this.tracer.turnStart(seat, round, row);
    return this.finishTurn(player, rng, seat, round, players);
  }

  /**
   * Games [start, end) of one seat in round mode with nothing recorded or traced (the runner's
   * playRange): each game as reseedGame (canister reset, deck stream from reseedForGame), startRound
   * and playTurn would play it, its score into scores[g - start]. `ahead` holds the next game's deck
   * stream: it is seeded while this game draws from `rng`, since the two hash chains are independent.
   */
  playTurns(player: SevenfallPlayer, rng: Rng, ahead: Rng, seedHalf: Int32Array, key: Int32Array, start: number, end: number, scores: Int32Array): void {
    const { rules, row, pool, locked, outOfPlay } = this;
    const poolWords = this.poolWords;
    const canon = this.canonWords;
    const size = row.length;
    const v = this.view;
    ahead.reseedForGame(seedHalf, start, DECK_STREAM, key);
    for (let g = start; g < end; g++) {
      rng.copyFrom(ahead);
      if (g + 1 < end) ahead.reseedForGame(seedHalf, g + 1, DECK_STREAM, key);
      for (let i = 0; i < canon.length; i++) poolWords[i] = canon[i];
      if (this.outOfPlayDirty) {
        for (let t = 0; t < outOfPlay.length; t++) outOfPlay[t] = 0;
        this.outOfPlayDirty = false;
      }
      rng.shuffleStep(pool, 0, size);
      for (let i = 0; i < size; i++) row[i] = pool[i];
      if (this.discardsLeft !== rules.discardBudget) for (let i = 0; i < size; i++) locked[i] = 0;
      this.top = size;
      this.discardsLeft = rules.discardBudget;
      // finishTurn's first question (every position unlocked); a stop scores the row as drawn.
      v.stamp = (v.stamp + 1) & 0x3fffffff || 1;
      v.discardsLeft = this.discardsLeft;
      v.seat = 0;
      v.players = 1;
      v.round = 0;
      this.roundNow = 0;
      const action = player.decide(v);
      if (action === STOP) {
        scores[g - start] = this.scoreRow();
        continue;
      }
      this.checkAction(player, action, this.fullMask);
      this.discard(action, rng);
      scores[g - start] = this.finishTurn(player, rng, 0, 0, 1);
    }
  }

  /** The discard steps from the current state to the end of the turn; returns the score. */
  finishTurn(player: SevenfallPlayer, rng: Rng, seat: number, round: number, players: number): number {
    const { rules, row, locked } = this;
    while (this.discardsLeft > 0) {
      // Each discarded tile locks its position and costs one discard: with none spent, none is locked.
      let unlocked = this.fullMask;
      if (this.discardsLeft !== rules.discardBudget) {
        unlocked = 0;
        for (let i = 0; i < rules.rowSize; i++) unlocked |= (locked[i] ^ 1) << i;
      }
      if (unlocked === 0) break;
      this.roundNow = round;
      const cf = this.counterfactual;
      if (cf !== null && !this.inRollout && cf.sampler.unit() < cf.rate) (this.evaluator ??= new SevenfallEvaluator(this)).evaluate(cf, player, seat, round, players, unlocked);
      const v = this.view;
      v.stamp = (v.stamp + 1) & 0x3fffffff || 1;
      v.discardsLeft = this.discardsLeft;
      v.seat = seat;
      v.players = players;
      v.round = round;
      const action = player.decide(v);
      if (action !== STOP) this.checkAction(player, action, unlocked);
      const d = this.decisions;
      if (d !== null && !this.inRollout) d.record(seat, d.buckets.key(this, seat, 0), this.actionKey(action));
      if (action === STOP) break;
      this.discard(action, rng);
      if (this.tracer !== null && !this.inRollout) this.tracer.discard(seat, action, this.removed, row, locked);
    }
    const score = this.scoreRow();
    if (this.tracer !== null && !this.inRollout) this.tracer.turnEnd(seat, row, score);
    return score;
  }

  /** One discard step: the tiles of `action` go out of play, then their locked replacements come in. */
  discard(action: number, rng: Rng): void {
    const { rules, row, locked, outOfPlay } = this;
    for (let i = 0; i < rules.rowSize; i++) {
      if ((action >>> i) & 1) {
        this.removed[i] = row[i];
        outOfPlay[row[i]]++;
      }
    }
    this.outOfPlayDirty = true;
    // All selected tiles go before any replacement is seen.
    for (let i = 0; i < rules.rowSize; i++) {
      if ((action >>> i) & 1) {
        row[i] = this.draw(rng);
        locked[i] = 1;
        this.discardsLeft--;
      }
    }
  }

  scoreRow(): number {
    // The table index as a sum of per-tile steps (ScoreTable.step), each read at the count of its tile so far.
    const row = this.row;
    const step = this.step;
    const stride = row.length + 1;
    let at = 0;
    const bits = this.countBits;
    if (bits > 0) {
      // The counts as bit fields of one int32 (in a register): the typed array's loads, stores and
      // zeroing were three quarters of a `stand` turn's scoring (valgrind, 550 of 690 instructions).
      const mask = (1 << bits) - 1;
      let counts = 0;
      for (let i = 0; i < row.length; i++) {
        // int32 arithmetic throughout (Math.imul, | 0): no overflow checks in the loop.
        const t = row[i];
        const shift = Math.imul(t, bits);
        at = (at + step[Math.imul(t, stride) + ((counts >>> shift) & mask)]) | 0;
        counts = (counts + (1 << shift)) | 0;
      }
      return this.scores[at];
    }
    const counts = this.scoreCounts;
    for (let i = 0; i < row.length; i++) {
      const t = row[i];
      at += step[t * stride + counts[t]++];
    }
    for (let i = 0; i < row.length; i++) counts[row[i]] = 0;
    return this.scores[at];
  }

  private checkAction(player: SevenfallPlayer, action: number, unlocked: number): void {
    let bits = 0;
    for (let m = action; m !== 0; m &= m - 1) bits++;
    if (!Number.isInteger(action) || action < 0 || action > this.fullMask || (action & ~unlocked) !== 0 || bits > this.discardsLeft) {
      throw new Error(
        `strategy "${player.label}" returned illegal action ${action}: expected 0 (stop) or a mask of unlocked positions ` +
          `(unlocked mask ${unlocked.toString(2)}) with at most ${this.discardsLeft} bits`,
      );
    }
  }

  /** Tile counts of the row into `counts`; returns the locked tiles. */
  countRow(): number {
    const counts = this.counts;
    for (let t = 0; t < counts.length; t++) counts[t] = 0;
    let lockedCount = 0;
    for (let i = 0; i < this.row.length; i++) {
      counts[this.row[i]]++;
      lockedCount += this.locked[i];
    }
    return lockedCount;
  }

  /** A bucket feature of the decision being taken (see buckets.ts). */
  feature(seat: number, f: number): number {
    switch (f) {
      case Feature.PROFILE: {
        this.countRow();
        const s = this.rules.symbols;
        return this.profileId[this.table.index(this.table.keyOf(this.counts), this.counts[s], this.counts[s + 1])];
      }
      case Feature.DISCARDS_LEFT:
        return this.discardsLeft;
      case Feature.LOCKED:
        return this.countRow();
      case Feature.ROUND:
        return this.roundNow;
      default: {
        let best = -Infinity;
        for (let p = 0; p < this.view.players; p++) if (p !== seat && this.totals[p] > best) best = this.totals[p];
        return best === -Infinity ? 0 : this.totals[seat] - best;
      }
    }
  }

  /**
   * Action bucket: 0 = stop, else the multiset of discarded tile classes (encoded as in buckets.ts).
   */
  actionKey(action: number): number {
    if (action === STOP) return 0;
    this.countRow();
    const s = this.rules.symbols;
    let key = 0;
    // Collect the classes insertion-sorted, largest first.
    let n = 0;
    const cls = this.classes;
    for (let i = 0; i < this.row.length; i++) {
      if ((action >>> i) & 1) {
        const t = this.row[i];
        const c = t === s ? 0 : t === s + 1 ? 1 : 1 + this.counts[t];
        let j = n++;
        while (j > 0 && cls[j - 1] < c) {
          cls[j] = cls[j - 1];
          j--;
        }
        cls[j] = c;
      }
    }
    for (let i = 0; i < n; i++) key = addActionClass(this.actionRadix, key, cls[i]);
    return key;
  }

  /** Every drawn tile back into the canister (a new round). */
  startRound(): void {
    this.top = 0;
  }

  /** Plays a whole game: `rules.rounds` rounds, each seat one turn per round in seat order. */
  playGame(players: readonly SevenfallPlayer[], rng: Rng): void {
    this.totals.fill(0);
    this.lineup = players;
    this.startRound();
    this.playFrom(players, rng, 0, 0);
    this.lineup = null;
  }

  /** Plays the game on from seat `seat`'s turn in round `round` (a round already started), then scores it. */
  playFrom(players: readonly SevenfallPlayer[], rng: Rng, round: number, seat: number): void {
    const n = players.length;
    const totals = this.totals;
    for (; round < this.rules.rounds; round++, seat = 0) {
      if (seat === 0) this.startRound();
      for (; seat < n; seat++) totals[seat] += this.playTurn(players[seat], rng, seat, round, n);
    }
    let best = -1;
    let tied = 0;
    for (let s = 0; s < n; s++) {
      if (totals[s] > best) {
        best = totals[s];
        tied = 1;
      } else if (totals[s] === best) tied++;
    }
    const share = this.rules.tieRule === 'shared' || tied === 1 ? 1 / tied : 0;
    for (let s = 0; s < n; s++) this.winShare[s] = totals[s] === best ? share : 0;
  }
}
