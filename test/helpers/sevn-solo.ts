/** Solo SEVN rounds played by the real engine, for tests that hold an exact solo pass against it. */
import { Rng, STREAM_DECK } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import type { SevnRules } from '../../src/games/sevn/rules.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';

export interface EngineSoloRounds {
  /** Sum of the round scores and of their squares; rounds that busted; rounds that ended with a SEVN. */
  sum: number;
  square: number;
  busts: number;
  sevns: number;
}

/** `rounds` solo rounds of the strategy `spec` on the rules `r`, the deck's stream seeded with `seed`. */
export function engineSoloRounds(r: SevnRules, spec: string, seed: number, rounds: number): EngineSoloRounds {
  const engine = new SevnEngine(r);
  const rng = new Rng();
  rng.reseed(seed, 0, STREAM_DECK);
  const players = makeSevnPlayers(SEVN_STRATEGIES, r, [spec], [new Rng()]);
  const out: EngineSoloRounds = { sum: 0, square: 0, busts: 0, sevns: 0 };
  engine.tracer = {
    event(ev) {
      if (ev === Ev.BUST) out.busts++;
      else if (ev === Ev.SEVN) out.sevns++;
    },
  };
  for (let i = 0; i < rounds; i++) {
    engine.playRound(players, rng);
    out.sum += engine.roundScore[0];
    out.square += engine.roundScore[0] ** 2;
  }
  return out;
}
