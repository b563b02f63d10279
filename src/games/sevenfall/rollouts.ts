/**
 * SEVENFALL counterfactual values, beside the engine (engine.ts) as SEVN's are beside its engine: at a
 * sampled decision every legal action (one per distinct action bucket) is played out `rollouts`
 * times, every strategy choosing afterwards, to the end of the turn (round mode) or of the game (game
 * mode). Rollout r gives every action the same future tiles and the same strategy randomness (common
 * random numbers). A turn has no hidden call stack, so unlike SEVN a rollout copies the engine's state
 * and restores it afterwards instead of replaying.
 */
import { MAX_SEATS, WIN_UNITS } from '../../engine/game.js';
import { STREAM_ROLLOUT, STREAM_ROLLOUT_STRATEGY } from '../../engine/rng.js';
import { ROLLOUT_SUMS, addRolloutSums, flushRolloutSums } from '../../engine/rollout-sums.js';
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import type { SevenfallEngine } from './engine.js';
import { STOP, type SevenfallPlayer } from './view.js';

export class SevenfallEvaluator {
  /** The engine's state at the decision, the actions valued (masks and action keys) and their sums. */
  private readonly s: { row: Uint8Array; locked: Uint8Array; outOfPlay: Uint8Array; pool: Uint8Array; totals: Int32Array; masks: Int32Array; keys: Float64Array; sums: Float64Array };

  constructor(private readonly e: SevenfallEngine) {
    const rules = e.rules;
    this.s = {
      row: new Uint8Array(rules.rowSize),
      locked: new Uint8Array(rules.rowSize),
      outOfPlay: new Uint8Array(rules.symbols + 2),
      pool: new Uint8Array(e.pool.length),
      totals: new Int32Array(MAX_SEATS),
      masks: new Int32Array(1 << rules.rowSize),
      keys: new Float64Array(1 << rules.rowSize),
      sums: new Float64Array(ROLLOUT_SUMS << rules.rowSize),
    };
  }

  /**
   * Counterfactual evaluation of a decision: every legal action (one per distinct action bucket) is
   * played out `rollouts` times, every strategy choosing afterwards; in game mode to the end of the
   * game (the value is the seat's final total and win share), else to the end of the turn. Rollout r
   * gives every action the same future tiles and the same strategy randomness (common random
   * numbers), so the differences between actions are estimated far more tightly than the values. The
   * tiles are drawn from what the player cannot see (the canister's unseen tiles, in a new random
   * order). The game in progress is restored exactly afterwards: the main line plays as if nothing
   * had happened.
   */
  evaluate(cf: CounterfactualStreams, player: SevenfallPlayer, seat: number, round: number, players: number, unlocked: number): void {
    const e = this.e;
    const s = this.s;
    s.row.set(e.row);
    s.locked.set(e.locked);
    s.outOfPlay.set(e.outOfPlay);
    s.pool.set(e.pool);
    s.totals.set(e.totals);
    const top = e.top;
    const left = e.discardsLeft;
    const state = cf.sink.buckets.key(e, seat, 0);
    // Stop first (the reference), then one mask per distinct action bucket.
    e.countRow();
    let n = 0;
    s.masks[n] = STOP;
    s.keys[n++] = 0;
    for (let sub = unlocked; sub !== 0; sub = (sub - 1) & unlocked) {
      let bits = 0;
      for (let m = sub; m !== 0; m &= m - 1) bits++;
      if (bits > left) continue;
      const key = e.actionKey(sub);
      let seen = false;
      for (let i = 1; i < n && !seen; i++) seen = s.keys[i] === key;
      if (!seen) {
        s.masks[n] = sub;
        s.keys[n++] = key;
      }
    }
    s.sums.fill(0, 0, n * ROLLOUT_SUMS);
    const rngs = cf.strategyRngs;
    const mainLine = rngs.map((g) => g.save());
    const lineup = e.lineup;
    e.inRollout = true;
    for (let r = 0; r < cf.rollouts; r++) {
      const name = cf.counter * cf.rollouts + r;
      cf.rolloutRng.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT, name);
      const tiles = cf.rolloutRng.save();
      const choices = rngs.map((g, p) => {
        g.reseed(cf.seed, cf.chunk, STREAM_ROLLOUT_STRATEGY, name * MAX_SEATS + p);
        return g.save();
      });
      let refScore = 0;
      let refWin = 0;
      for (let a = 0; a < n; a++) {
        this.restoreSnapshot(top, left);
        cf.rolloutRng.restore(tiles);
        rngs.forEach((g, p) => g.restore(choices[p]));
        let score: number;
        if (s.masks[a] === STOP) score = e.scoreRow();
        else {
          e.discard(s.masks[a], cf.rolloutRng);
          score = e.finishTurn(player, cf.rolloutRng, seat, round, players);
        }
        let win = 0;
        if (lineup !== null) {
          e.totals[seat] += score;
          e.playFrom(lineup, cf.rolloutRng, round, seat + 1);
          score = e.totals[seat];
          win = Math.round(e.winShare[seat] * WIN_UNITS);
        }
        if (a === 0) {
          refScore = score;
          refWin = win;
        }
        addRolloutSums(s.sums, a, score, win, refScore, refWin);
      }
    }
    e.inRollout = false;
    this.restoreSnapshot(top, left);
    e.totals.set(s.totals);
    rngs.forEach((g, p) => g.restore(mainLine[p]));
    flushRolloutSums(cf.sink.table, state, seat, s.keys, n, cf.rollouts, s.sums);
    cf.counter++;
  }

  private restoreSnapshot(top: number, discardsLeft: number): void {
    const e = this.e;
    const s = this.s;
    e.row.set(s.row);
    e.locked.set(s.locked);
    e.outOfPlay.set(s.outOfPlay);
    e.pool.set(s.pool);
    e.totals.set(s.totals);
    e.top = top;
    e.discardsLeft = discardsLeft;
  }
}
