/** `play --json` for SEVN: one seeded game as data (the same game `play` prints), every trace event in order. */
import { type GameRecord, strategyRngs } from '../../../engine/game-record.js';
import { Rng, STREAM_DECK } from '../../../engine/rng.js';
import { makeSevnPlayers } from '../index.js';
import { SevnEngine } from '../engine.js';
import type { SevnRules } from '../rules.js';
import type { SevnStrategyDef } from '../view.js';

/** A SEVN game record: every trace event in order. */
export interface SevnGameRecord extends GameRecord {
  events: { event: string; seat: number; card?: string; target?: number; value?: number }[];
}

/** Trace event names, in the order of `Ev` (events.ts), and what their two numbers mean. */
const SEVN_EVENTS: [string, 'card' | 'target' | 'value' | null][] = [
  ['round-start', 'value'], ['deal', 'card'], ['draw', 'card'], ['triple-draw-card', 'card'], ['storm-card', 'card'], ['stay', null], ['bust', 'card'],
  ['second-chance-used', 'card'], ['ballast', 'card'], ['second-chance-given', 'target'], ['freeze', 'target'], ['triple-draw', 'target'], ['storm', null],
  ['crossroads', 'card'], ['queued', 'card'], ['action-discarded', 'card'], ['sevn', null], ['reshuffle', 'value'], ['exhausted', null], ['round-end', null],
];

export function sevnGameRecord(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], seed: number): SevnGameRecord {
  const engine = new SevnEngine(rules);
  const players = makeSevnPlayers(strategies, rules, specs, strategyRngs(specs.length, seed));
  const events: SevnGameRecord['events'] = [];
  engine.tracer = {
    event(ev, seat, a) {
      const [event, arg] = SEVN_EVENTS[ev];
      const e: (typeof events)[number] = { event, seat };
      if (arg === 'card' && a >= 0) e.card = engine.cards.name(a);
      else if (arg === 'target') e.target = a;
      else if (arg === 'value') e.value = a;
      events.push(e);
    },
  };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  try {
    engine.playGame(players, deck);
  } finally {
    engine.tracer = null;
  }
  return { format: 1, game: 'sevn', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: Array.from(engine.winShare.subarray(0, specs.length)), events };
}
