/**
 * The simulated side of the bust table: solo rounds of a strategy played by the real engine
 * (`SevnEngine`, from a fresh deck); at each decision to draw, the state (distinct values, round
 * points) and whether the card the engine then deals is a number the row holds (without a Second
 * Chance): a bust on that draw.
 */
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../../engine/rng.js';
import { Kind } from './cards.js';
import { SevnEngine } from './engine.js';
import { Ev } from './events.js';
import { makeSevnPlayers } from './index.js';
import type { SevnRules } from './rules.js';
import { Answer, type SevnPlayer, type SevnStrategyDef } from './view.js';

/** A table row's key: (distinct values, round points). */
export const stateKey = (distinct: number, points: number): number => distinct * 65536 + points;

/** Per state key: draws decided there and busts on those draws, over `rounds` solo rounds of `strategy`. */
export function simulateBustTable(r: SevnRules, strategies: readonly SevnStrategyDef[], strategy: string, rounds: number, seed: number): Map<number, { draws: number; busts: number }> {
  const engine = new SevnEngine(r);
  const stratRng = new Rng();
  stratRng.reseed(seed, 0, STREAM_STRATEGY, 0);
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
      pending = -1;
    },
  };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  const players = [player];
  for (let i = 0; i < rounds; i++) engine.playRound(players, deck);
  return out;
}

