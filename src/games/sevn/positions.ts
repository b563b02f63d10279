/**
 * SEVN positions and replays, beside the engine's hot core (engine.ts): a draw-or-stay position set up
 * from card codes and played on (the hidden-information sampler, sampler.ts, and `advise`), and a round
 * played again from its start (counterfactual rollouts, rollouts.ts).
 */
import type { Rng } from '../../engine/rng.js';
import { Bonus, Kind } from './cards.js';
import type { SevnEngine } from './engine.js';
import { Seat } from './seats.js';
import { Decision, type SevnPlayer, Status } from './view.js';

// ---- Replays (counterfactual values, rollouts.ts) ------------------------------------------------

/**
 * Plays the current round again from its start, then on to the end of the round (`wholeGame` false)
 * or of the game: the deck as set by copyDeck, the totals, busts, rounds, dealer and round as they
 * were when the round started. With the same deck stream and the same answers the replay meets the
 * same decisions as the round it copies; rollouts.ts then changes one answer and the streams.
 */
export function replayRound(e: SevnEngine, players: readonly SevnPlayer[], rng: Rng, start: RoundStart, wholeGame: boolean): void {
  e.setup(players, rng);
  // A round starts with empty rows and nothing in hand (the last replay may have left its round's).
  e.inHand.fill(0);
  for (let s = 0; s < e.n; s++) {
    e.totals[s] = start.totals[s];
    e.bustCount[s] = start.busts[s];
    e.seats[(s << Seat.SHIFT) + Seat.ROWLEN] = 0;
  }
  e.roundCount = start.rounds;
  e.dealer = start.dealer;
  e.round = start.round;
  e.playRoundCore();
  if (!wholeGame || e.endRound()) return;
  e.round++;
  e.playRounds();
}

/** What a round starts from besides the deck (see replayRound). */
export function saveRoundStart(e: SevnEngine, out: RoundStart): void {
  for (let s = 0; s < e.n; s++) {
    out.totals[s] = e.totals[s];
    out.busts[s] = e.bustCount[s];
  }
  out.rounds = e.roundCount;
  out.dealer = e.dealer;
  out.round = e.round;
}

// ---- Positions (the hidden-information sampler, sampler.ts, and advise) ---------------------------

/**
 * Sets up a draw-or-stay position: each seat's row (card codes), status and total, the dealer and
 * the round, and what the deck and the discard pile hold, by card code. Their order does not
 * matter: every draw is uniform over the deck (`rng` draws them), and a reshuffle makes the discard
 * pile the deck. Nothing is in hand or waiting (the queue is empty at a turn). Then `playOnRound` or
 * `playOnGame` plays it on.
 */
export function loadPosition(e: SevnEngine, players: readonly SevnPlayer[], rng: Rng, pos: SevnPosition): void {
  if (pos.players !== players.length) throw new Error(`position for ${pos.players} players, ${players.length} strategies given`);
  e.setup(players, rng);
  e.stackDeck([]);
  const cards = e.cards;
  let d = 0;
  let x = 0;
  for (let c = 0; c < cards.codes; c++) {
    for (let k = pos.deck[c]; k > 0; k--) e.deck[d++] = c;
    for (let k = pos.discard[c]; k > 0; k--) e.discard[x++] = c;
    e.seen[c] = cards.copies[c] - pos.deck[c];
    e.inHand[c] = 0;
  }
  e.deckLen = d;
  e.discardLen = x;
  e.deckWhole = false;
  e.newEpoch();
  e.dealer = pos.dealer;
  e.round = pos.round;
  e.active = 0;
  for (let s = 0; s < e.n; s++) {
    e.totals[s] = pos.totals[s];
    placeRow(e, s, pos);
    if (pos.status[s] === Status.ACTIVE) e.active++;
    x += pos.rowLengths[s];
  }
  if (x + d !== e.size) throw new Error(`position holds ${x + d} cards, the deck has ${e.size}`);
  const v = e.view;
  v.players = e.n;
  v.dealer = e.dealer;
  v.round = e.round;
  e.ended = false;
  e.sevnSeat = -1;
  e.qHead = 0;
  e.qLen = 0;
  e.roundCount = 1;
  e.roundReshuffles = 0;
}

/** Seat s's row, status and running counters from a position's card codes. */
function placeRow(e: SevnEngine, s: number, pos: SevnPosition): void {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  let mask = 0;
  let sum = 0;
  let distinct = 0;
  let nonLow = 0;
  let mult = 1;
  let plus = 0;
  let bonus = 0;
  let sc = 0;
  const len = pos.rowLengths[s];
  const base = st[b + Seat.ROWBASE];
  for (let i = 0; i < len; i++) {
    const c = pos.rows[s * pos.rowStride + i];
    e.rows[base + i] = c;
    const v = e.cardValue[c];
    switch (e.kindOf[c]) {
      case Kind.NUMBER:
        if ((mask >>> v) & 1) break; // the busting duplicate stays in the row
        mask |= 1 << v;
        sum += v;
        distinct++;
        break;
      case Kind.BALLAST:
        sum += v;
        distinct++;
        if (v > e.fwMax) nonLow++;
        break;
      case Kind.MULTIPLY: mult *= v; break;
      case Kind.ADD: plus += v; break;
      case Kind.SECOND_CHANCE: sc = 1; break;
      case Kind.FEATHERWEIGHT: bonus |= Bonus.FEATHERWEIGHT; break;
      case Kind.HEAVYWEIGHT: bonus |= Bonus.HEAVYWEIGHT; break;
      case Kind.LADDER: bonus |= Bonus.LADDER; break;
      default: throw new Error(`position: ${e.cards.name(c)} cannot be in a row`);
    }
  }
  st[b + Seat.STATUS] = pos.status[s];
  st[b + Seat.MASK] = mask;
  st[b + Seat.SUM] = sum;
  st[b + Seat.DISTINCT] = distinct;
  st[b + Seat.NONLOW] = nonLow;
  st[b + Seat.MULT] = mult;
  st[b + Seat.PLUS] = plus;
  st[b + Seat.BONUS] = bonus;
  st[b + Seat.SC] = sc;
  st[b + Seat.SEVNAT] = 0;
  st[b + Seat.ROWLEN] = len;
  e.updateExtra(b);
}

/** From a loaded position: seat s answers `answer` (DRAW or STAY), then everyone plays to the end of the round (scores in roundScore). */
export function playOnRound(e: SevnEngine, s: number, answer: number): void {
  e.turns(s, answer);
  for (let t = 0; t < e.n; t++) e.roundScore[t] = e.scoreSeat(t);
}

/** From a loaded position: as playOnRound, then on to the end of the game (totals, winShare). */
export function playOnGame(e: SevnEngine, s: number, answer: number): void {
  playOnRound(e, s, answer);
  finishGame(e);
}

/**
 * From a position loaded at seat s's decision of any kind (the card or cards it holds are in the
 * discard pile, where the sampler puts every card seen off the table): seat s gives `answer`, the card
 * resolves (SevnEngine.answerHeld), then play goes on from the seat after s, as if the decision came
 * on its own turn (what a Triple Draw or Storm still had queued is not in a view), to the end of the
 * round, or of the game when `wholeGame`. `v` gives the held card or the Crossroads options.
 */
export function playOnAfter(e: SevnEngine, s: number, kind: number, answer: number, v: { card: number; optionA: number; optionB: number }, wholeGame: boolean): void {
  if (kind === Decision.DRAW_STAY) e.turns(s, answer);
  else {
    e.answerHeld(s, kind, answer, v.card, v.optionA, v.optionB);
    e.turns(s + 1 === e.n ? 0 : s + 1, -1);
  }
  for (let t = 0; t < e.n; t++) e.roundScore[t] = e.scoreSeat(t);
  if (wholeGame) finishGame(e);
}

/** After playOnRound (whose round scores `advise` reads first): the round's scores join the totals, and the game plays on to its end. */
export function finishGame(e: SevnEngine): void {
  if (e.endRound()) return;
  e.round++;
  e.playRounds();
}

/** The counters a round starts from (saveRoundStart and replayRound). */
export interface RoundStart {
  totals: Int32Array;
  busts: Int32Array;
  rounds: number;
  dealer: number;
  round: number;
}

/** A position a seat can see, in card codes (see loadPosition and sampler.ts). */
export interface SevnPosition {
  players: number;
  dealer: number;
  round: number;
  totals: ArrayLike<number>;
  status: ArrayLike<number>;
  /** Seat s's row: rows[s * rowStride + i] for i < rowLengths[s]. */
  rows: ArrayLike<number>;
  rowLengths: ArrayLike<number>;
  rowStride: number;
  /** Per card code: copies in the deck, and in the discard pile. */
  deck: ArrayLike<number>;
  discard: ArrayLike<number>;
}
