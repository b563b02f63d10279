/**
 * The SEVENFALL engine: one turn (draw, discard steps, score) and whole games. Allocation-free after
 * construction: the canister, the row and every scratch buffer are typed arrays made once.
 */
import { MAX_SEATS, actionSeatKey } from '../../engine/game.js';
import { type Rng, STREAM_ROLLOUT, STREAM_ROLLOUT_STRATEGY } from '../../engine/rng.js';
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import type { DecisionSink } from '../../engine/strategy.js';
import { type SevenfallRules, totalTiles } from './rules.js';
import { SevenfallDecisionKeys } from './decision-key.js';
import { ScoreTable } from './scoring.js';
import { STOP, type SevenfallPlayer, SevenfallViewBuffer, strategySide } from './view.js';


/** Optional observer for traces; null in simulations so it costs one comparison. */
export interface SevenfallTracer {
  turnStart(seat: number, round: number, row: Uint8Array): void;
  discard(seat: number, mask: number, removed: Uint8Array, row: Uint8Array, locked: Uint8Array): void;
  turnEnd(seat: number, row: Uint8Array, score: number): void;
}


/** Copies a small typed array with a loop (see playTurn). */
function copy(from: ArrayLike<number>, to: { [i: number]: number }): void {
  for (let i = 0; i < from.length; i++) to[i] = from[i];
}

export class SevenfallEngine {
  readonly rules: SevenfallRules;
  readonly table: ScoreTable;
  /** The canister as a permutation; a turn draws pool[top++] after a partial Fisher-Yates swap. */
  private readonly pool: Uint8Array;
  private top = 0;
  readonly row: Uint8Array;
  readonly locked: Uint8Array;
  readonly outOfPlay: Uint8Array;
  private readonly counts: Uint8Array;
  private readonly removed: Uint8Array;
  private readonly classes: Uint8Array;
  private readonly view: SevenfallViewBuffer;
  readonly totals = new Int32Array(MAX_SEATS);
  readonly winShare = new Float64Array(MAX_SEATS);
  discardsLeft = 0;
  tracer: SevenfallTracer | null = null;
  decisions: DecisionSink | null = null;
  counterfactual: CounterfactualStreams | null = null;
  private inRollout = false;
  private readonly snapshot: { row: Uint8Array; locked: Uint8Array; outOfPlay: Uint8Array; pool: Uint8Array; masks: Int32Array; keys: Float64Array; sums: Float64Array };
  private readonly fullMask: number;
  private readonly refillEachTurn: boolean;
  /** Encodes decision buckets (and decodes them for result files). */
  readonly keys: SevenfallDecisionKeys;

  constructor(rules: SevenfallRules, table = new ScoreTable(rules)) {
    this.rules = rules;
    this.table = table;
    this.pool = new Uint8Array(totalTiles(rules));
    this.resetCanister();
    this.row = new Uint8Array(rules.rowSize);
    this.locked = new Uint8Array(rules.rowSize);
    this.outOfPlay = new Uint8Array(rules.symbols + 2);
    this.counts = new Uint8Array(rules.symbols + 2);
    this.removed = new Uint8Array(rules.rowSize);
    this.classes = new Uint8Array(rules.rowSize);
    this.view = new SevenfallViewBuffer(strategySide(rules).rules, MAX_SEATS);
    this.fullMask = (1 << rules.rowSize) - 1;
    this.refillEachTurn = rules.refill === 'turn';
    this.snapshot = {
      row: new Uint8Array(rules.rowSize),
      locked: new Uint8Array(rules.rowSize),
      outOfPlay: new Uint8Array(rules.symbols + 2),
      pool: new Uint8Array(this.pool.length),
      masks: new Int32Array(1 << rules.rowSize),
      keys: new Float64Array(1 << rules.rowSize),
      sums: new Float64Array(4 << rules.rowSize),
    };
    this.keys = new SevenfallDecisionKeys(rules, table);
  }

  /**
   * Puts the canister back in its canonical order. The runner calls this when it reseeds a chunk:
   * draws are uniform from any order, but reproducible only from a known one.
   */
  resetCanister(): void {
    const r = this.rules;
    let i = 0;
    for (let s = 0; s < r.symbols; s++) for (let c = 0; c < r.copiesPerSymbol; c++) this.pool[i++] = s;
    for (let w = 0; w < r.wilds; w++) this.pool[i++] = r.symbols;
    for (let b = 0; b < r.breaks; b++) this.pool[i++] = r.symbols + 1;
  }

  /** Tiles still in the canister during the current turn, in no particular order. */
  remaining(): Uint8Array {
    return this.pool.subarray(this.top);
  }

  private draw(rng: Rng): number {
    // Every turn starts from the full canister: the pool is some permutation of it, and a partial
    // Fisher-Yates draw from any permutation is uniform, so it is never reset.
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
    const { rules, row, outOfPlay } = this;
    if (this.refillEachTurn) this.top = 0;
    // Loops, not fill()/set(): for arrays of 7-9 entries a builtin call costs more than the writes,
    // and it made `stand` bimodal from process to process (3.2 or 5.6 M turns/s).
    for (let t = 0; t < outOfPlay.length; t++) outOfPlay[t] = 0;
    for (let i = 0; i < this.top; i++) outOfPlay[this.pool[i]]++;
    for (let i = 0; i < rules.rowSize; i++) {
      row[i] = this.draw(rng);
      this.locked[i] = 0;
    }
    this.discardsLeft = rules.discardBudget;
    if (this.tracer !== null) this.tracer.turnStart(seat, round, row);
    return this.finishTurn(player, rng, seat, round, players);
  }

  /** The discard steps from the current state to the end of the turn; returns the score. */
  private finishTurn(player: SevenfallPlayer, rng: Rng, seat: number, round: number, players: number): number {
    const { rules, row, locked, outOfPlay } = this;
    while (this.discardsLeft > 0) {
      let unlocked = 0;
      for (let i = 0; i < rules.rowSize; i++) unlocked |= (locked[i] ^ 1) << i;
      if (unlocked === 0) break;
      const cf = this.counterfactual;
      if (cf !== null && !this.inRollout && cf.sampler.unit() < cf.rate) this.evaluateActions(cf, player, seat, round, players, unlocked);
      const v = this.view;
      copy(row, v.row);
      copy(locked, v.locked);
      copy(outOfPlay, v.outOfPlay);
      copy(this.totals, v.totals);
      v.discardsLeft = this.discardsLeft;
      v.seat = seat;
      v.players = players;
      v.round = round;
      const action = player.decide(v);
      if (action !== STOP) this.checkAction(player, action, unlocked);
      if (this.decisions !== null && !this.inRollout) this.decisions.record(seat, this.stateKey(), this.actionKey(action));
      if (action === STOP) break;
      this.discard(action, rng);
      if (this.tracer !== null && !this.inRollout) this.tracer.discard(seat, action, this.removed, row, locked);
    }
    const score = this.scoreRow();
    if (this.tracer !== null && !this.inRollout) this.tracer.turnEnd(seat, row, score);
    return score;
  }

  /** One discard step: the tiles of `action` go out of play, then their locked replacements come in. */
  private discard(action: number, rng: Rng): void {
    const { rules, row, locked, outOfPlay } = this;
    for (let i = 0; i < rules.rowSize; i++) {
      if ((action >>> i) & 1) {
        this.removed[i] = row[i];
        outOfPlay[row[i]]++;
      }
    }
    // All selected tiles go before any replacement is seen.
    for (let i = 0; i < rules.rowSize; i++) {
      if ((action >>> i) & 1) {
        row[i] = this.draw(rng);
        locked[i] = 1;
        this.discardsLeft--;
      }
    }
  }

  /**
   * Counterfactual evaluation of a decision: every legal action (one per distinct action bucket) is
   * played out `rollouts` times, the seat's own strategy choosing afterwards. Rollout r gives every
   * action the same future tiles and the same strategy randomness (common random numbers), so the
   * differences between actions are estimated far more tightly than the values. The turn in progress
   * is restored exactly afterwards: the main line plays as if nothing had happened.
   */
  private evaluateActions(cf: CounterfactualStreams, player: SevenfallPlayer, seat: number, round: number, players: number, unlocked: number): void {
    const s = this.snapshot;
    s.row.set(this.row);
    s.locked.set(this.locked);
    s.outOfPlay.set(this.outOfPlay);
    s.pool.set(this.pool);
    const top = this.top;
    const left = this.discardsLeft;
    const state = this.stateKey();
    // Stop first (the reference), then one mask per distinct action bucket.
    let n = 0;
    s.masks[n] = STOP;
    s.keys[n++] = 0;
    for (let sub = unlocked; sub !== 0; sub = (sub - 1) & unlocked) {
      let bits = 0;
      for (let m = sub; m !== 0; m &= m - 1) bits++;
      if (bits > left) continue;
      const key = this.actionKey(sub);
      let seen = false;
      for (let i = 1; i < n && !seen; i++) seen = s.keys[i] === key;
      if (!seen) {
        s.masks[n] = sub;
        s.keys[n++] = key;
      }
    }
    s.sums.fill(0, 0, n * 4);
    const strategyRng = cf.strategyRngs[seat];
    const mainLine = strategyRng.save();
    this.inRollout = true;
    for (let r = 0; r < cf.rollouts; r++) {
      const name = cf.counter * cf.rollouts + r;
      cf.rolloutRng.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT, name);
      const tiles = cf.rolloutRng.save();
      strategyRng.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT_STRATEGY, name);
      const choices = strategyRng.save();
      let reference = 0;
      for (let a = 0; a < n; a++) {
        this.restoreSnapshot(top, left);
        if (r > 0 || a > 0) {
          cf.rolloutRng.restore(tiles);
          strategyRng.restore(choices);
        }
        let value: number;
        if (s.masks[a] === STOP) value = this.scoreRow();
        else {
          this.discard(s.masks[a], cf.rolloutRng);
          value = this.finishTurn(player, cf.rolloutRng, seat, round, players);
        }
        if (a === 0) reference = value;
        const d = value - reference;
        s.sums[a * 4] += value;
        s.sums[a * 4 + 1] += value * value;
        s.sums[a * 4 + 2] += d;
        s.sums[a * 4 + 3] += d * d;
      }
    }
    this.inRollout = false;
    this.restoreSnapshot(top, left);
    strategyRng.restore(mainLine);
    for (let a = 0; a < n; a++) {
      cf.sink.add(state, actionSeatKey(s.keys[a], seat), cf.rollouts, s.sums[a * 4], s.sums[a * 4 + 1], s.sums[a * 4 + 2], s.sums[a * 4 + 3]);
    }
    cf.counter++;
  }

  private restoreSnapshot(top: number, discardsLeft: number): void {
    const s = this.snapshot;
    this.row.set(s.row);
    this.locked.set(s.locked);
    this.outOfPlay.set(s.outOfPlay);
    this.pool.set(s.pool);
    this.top = top;
    this.discardsLeft = discardsLeft;
  }

  scoreRow(): number {
    const counts = this.counts;
    for (let t = 0; t < counts.length; t++) counts[t] = 0;
    const row = this.row;
    for (let i = 0; i < row.length; i++) counts[row[i]]++;
    return this.table.scoreCounts(counts);
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

  /** Decision bucket: the row's profile with wilds and breaks, discards left, locked tiles (see decision-key.ts). */
  stateKey(): number {
    const counts = this.counts;
    counts.fill(0);
    let lockedCount = 0;
    for (let i = 0; i < this.row.length; i++) {
      counts[this.row[i]]++;
      lockedCount += this.locked[i];
    }
    const s = this.rules.symbols;
    const profile = this.table.index(this.table.keyOf(counts), counts[s], counts[s + 1]);
    return this.keys.state(profile, this.discardsLeft, lockedCount);
  }

  /**
   * Action bucket: 0 = stop, else the multiset of discarded tile classes (see decision-key.ts).
   * Call after stateKey(), which leaves the row's counts in `counts`.
   */
  actionKey(action: number): number {
    if (action === STOP) return 0;
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
    for (let i = 0; i < n; i++) key = this.keys.addClass(key, cls[i]);
    return key;
  }

  /** Every drawn tile back into the canister (a new round). */
  startRound(): void {
    this.top = 0;
  }

  /** Plays a whole game: `rules.rounds` rounds, each seat one turn per round in seat order. */
  playGame(players: readonly SevenfallPlayer[], rng: Rng): void {
    const n = players.length;
    const totals = this.totals;
    totals.fill(0);
    for (let round = 0; round < this.rules.rounds; round++) {
      this.startRound();
      for (let seat = 0; seat < n; seat++) totals[seat] += this.playTurn(players[seat], rng, seat, round, n);
    }
    let best = -1;
    let tied = 0;
    for (let seat = 0; seat < n; seat++) {
      if (totals[seat] > best) {
        best = totals[seat];
        tied = 1;
      } else if (totals[seat] === best) tied++;
    }
    const share = this.rules.tieRule === 'shared' || tied === 1 ? 1 / tied : 0;
    for (let seat = 0; seat < n; seat++) this.winShare[seat] = totals[seat] === best ? share : 0;
  }
}
