/**
 * SEVN counterfactual decisions: at a sampled draw-or-stay decision, stay and draw are each played out
 * `rollouts` times to the end of the round, every seat's own strategy choosing afterwards. Rollout r
 * gives both answers the same deck order and the same strategy randomness (common random numbers).
 * The round in progress is then restored exactly, so the main line is unchanged.
 */
import { STREAM_ROLLOUT, STREAM_ROLLOUT_STRATEGY } from '../../engine/rng.js';
import type { CounterfactualStreams } from '../../engine/seeded-runner.js';
import type { SevnEngine } from './engine.js';
import { MAX_PLAYERS } from './seats.js';
import { Answer, Decision } from './view.js';

/** A copy of everything a round changes (allocates, but only at sampled decisions). */
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

function saveRound(e: SevnEngine): RoundSnapshot {
  return {
    deck: e.deck.slice(),
    discard: e.discard.slice(),
    seen: e.seen.slice(),
    inHand: e.inHand.slice(),
    rows: e.rows.slice(),
    seats: e.seats.slice(),
    qOwner: e.qOwner.slice(),
    qCard: e.qCard.slice(),
    bustCount: e.bustCount.slice(),
    scalars: [e.deckLen, e.discardLen, e.deckWhole ? 1 : 0, e.qHead, e.qLen, e.active, e.ended ? 1 : 0, e.sevnSeat, e.stackPos],
  };
}

function restoreRound(e: SevnEngine, r: RoundSnapshot): void {
  // A reshuffle swaps the deck and discard arrays: restore contents, whichever array is which.
  e.deck.set(r.deck);
  e.discard.set(r.discard);
  e.seen.set(r.seen);
  e.inHand.set(r.inHand);
  e.rows.set(r.rows);
  e.seats.set(r.seats);
  e.qOwner.set(r.qOwner);
  e.qCard.set(r.qCard);
  e.bustCount.set(r.bustCount);
  const [deckLen, discardLen, deckWhole, qHead, qLen, active, ended, sevnSeat, stackPos] = r.scalars;
  e.deckLen = deckLen;
  e.discardLen = discardLen;
  e.deckWhole = deckWhole === 1;
  e.qHead = qHead;
  e.qLen = qLen;
  e.active = active;
  e.ended = ended === 1;
  e.sevnSeat = sevnSeat;
  e.stackPos = stackPos;
}

/** Evaluates seat s's draw-or-stay decision by rollouts and adds both answers' outcomes to `cf.sink`. */
export function evaluateDrawStay(e: SevnEngine, cf: CounterfactualStreams, s: number): void {
  const state = cf.sink.buckets.key(e, s, Decision.DRAW_STAY);
  const snap = saveRound(e);
  const mainRng = e.rng;
  const tracer = e.tracer;
  const decisions = e.decisions;
  e.tracer = null;
  e.decisions = null;
  e.inRollout = true;
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
      restoreRound(e, snap);
      cf.rolloutRng.restore(cardsState);
      cf.strategyRngs.forEach((g, p) => g.restore(choices[p]));
      e.rng = cf.rolloutRng;
      e.turns(s, answer);
      const value = e.scoreSeat(s);
      if (answer === Answer.STAY) stay = value;
      const o = answer === Answer.STAY ? 0 : 4;
      const d = value - stay;
      sums[o] += value;
      sums[o + 1] += value * value;
      sums[o + 2] += d;
      sums[o + 3] += d * d;
    }
  }
  restoreRound(e, snap);
  e.rng = mainRng;
  cf.strategyRngs.forEach((g, p) => g.restore(mainLine[p]));
  e.tracer = tracer;
  e.decisions = decisions;
  e.inRollout = false;
  // Round mode: the value is the round score; win shares stay 0 (COUNTERFACTUAL_FIELDS).
  const t = cf.sink.table;
  for (const answer of [Answer.STAY, Answer.DRAW]) {
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
