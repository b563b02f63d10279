/**
 * The simulated side of the bust table: solo rounds of a strategy played by the real engine
 * (`SevnEngine`, from a fresh deck); at each decision to draw, the state (distinct values, round
 * points) and whether the card the engine then deals is a number the row holds (without a Second
 * Chance): a bust on that draw. Round i is seeded from (seed, i) as simulate seeds game i, so it is
 * the round `simulate --mode round --players STRATEGY --seed SEED` plays as game i, whatever the strategy.
 */
import { Rng, STREAM_DECK, STREAM_STRATEGY, seedKey } from '../../engine/rng.js';
import { Kind } from './cards.js';
import { SevnEngine } from './engine.js';
import { Ev } from './events.js';
import { makeSevnPlayers } from './index.js';
import type { SevnRules } from './rules.js';
import { Answer, type SevnPlayer, type SevnStrategyDef } from './view.js';

/** A table row's key: (distinct values, round points). */
export const stateKey = (distinct: number, points: number): number => distinct * 65536 + points;

/** Per state key: draws decided there and busts on those draws; per band key (stateKey of the band's lowest points), the sum over rounds of the square of its draws in a round. */
export interface SimulatedBusts {
  states: Map<number, { draws: number; busts: number }>;
  band: number;
  bandSquares: Map<number, number>;
}

/**
 * Over `rounds` solo rounds of `strategy`: per state, draws and busts; per band of `band` round points,
 * the squares of its draws a round (a round can draw more than once in a band), for the SE of draws per round.
 */
export function simulateBustTable(r: SevnRules, strategies: readonly SevnStrategyDef[], strategy: string, rounds: number, seed: number, band = 1): SimulatedBusts {
  const engine = new SevnEngine(r);
  const stratRng = new Rng();
  const [inner] = makeSevnPlayers(strategies, r, [strategy], [stratRng]);
  const out = new Map<number, { draws: number; busts: number }>();
  let pending = -1; // key of the state of a draw decision awaiting its card
  let heldAtDraw = 0;
  let scAtDraw = false;
  const player: SevnPlayer = {
    label: inner.label,
    drawOrStay(v) {
      const a = inner.drawOrStay(v);
      if (a === Answer.DRAW) {
        pending = stateKey(v.distinct, v.points);
        heldAtDraw = v.held;
        scAtDraw = v.hasSecondChance;
      }
      return a;
    },
    freezeTarget: (v) => inner.freezeTarget(v),
    tripleDrawTarget: (v) => inner.tripleDrawTarget(v),
    crossroads: (v) => inner.crossroads(v),
    ballast: (v) => inner.ballast(v),
    secondChanceTo: (v) => inner.secondChanceTo(v),
  };
  const cards = engine.cards;
  engine.tracer = {
    event(ev, _seat, card) {
      if (ev !== Ev.DRAW || pending < 0) return;
      const bust = !scAtDraw && cards.kind[card] === Kind.NUMBER && ((heldAtDraw >>> cards.value[card]) & 1) === 1;
      let e = out.get(pending);
      if (!e) {
        e = { draws: 0, busts: 0 };
        out.set(pending, e);
      }
      e.draws++;
      if (bust) e.busts++;
      const b = pending - (pending % 65536) + Math.floor((pending % 65536) / band) * band;
      inRound.set(b, (inRound.get(b) ?? 0) + 1);
      pending = -1;
    },
  };
  const inRound = new Map<number, number>();
  const bandSquares = new Map<number, number>();
  const deck = new Rng();
  const half = new Int32Array(2);
  const key = new Int32Array(2);
  seedKey(seed, half);
  const players = [player];
  for (let i = 0; i < rounds; i++) {
    // As simulate's runner seeds game i (seeded-runner.ts reseedGame): a round depends on (seed, i) alone.
    deck.reseedForGame(half, i, STREAM_DECK * 256, key);
    stratRng.reseedFromKey(key, STREAM_STRATEGY * 256);
    engine.playRound(players, deck);
    for (const [b, c] of inRound) bandSquares.set(b, (bandSquares.get(b) ?? 0) + c * c);
    inRound.clear();
  }
  return { states: out, band, bandSquares };
}

