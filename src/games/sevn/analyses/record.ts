/** `play --json` for SEVN: one seeded game as data (the same game `play` prints), every trace event in order. */
import { type GameRecord, type HumanRecordFields, type HumanSeat, OutOfAnswers, ScriptedSeat, strategyRngs } from '../../../engine/game-record.js';
import { Rng, STREAM_DECK } from '../../../engine/rng.js';
import { makeSevnPlayers } from '../index.js';
import { SevnEngine } from '../engine.js';
import type { SevnRules } from '../rules.js';
import type { SevnPlayer, SevnStrategyDef } from '../view.js';

export type SevnEventRecord = { event: string; seat: number; card?: string; target?: number; value?: number };

/** A SEVN game record: every trace event in order (and a person's answers, if one played). */
export interface SevnGameRecord extends GameRecord, HumanRecordFields {
  events: SevnEventRecord[];
}

/** Trace event names, in the order of `Ev` (events.ts), and what their two numbers mean. */
const SEVN_EVENTS: [string, 'card' | 'target' | 'value' | null][] = [
  ['round-start', 'value'], ['deal', 'card'], ['draw', 'card'], ['triple-draw-card', 'card'], ['storm-card', 'card'], ['stay', null], ['bust', 'card'],
  ['second-chance-used', 'card'], ['ballast', 'card'], ['second-chance-given', 'target'], ['freeze', 'target'], ['triple-draw', 'target'], ['storm', null],
  ['crossroads', 'card'], ['queued', 'card'], ['action-discarded', 'card'], ['sevn', null], ['reshuffle', 'value'], ['exhausted', null], ['round-end', null],
];

/** One trace event as a record entry (card names as `play` prints them). */
export function sevnEventRecord(engine: SevnEngine, ev: number, seat: number, a: number): SevnEventRecord {
  const [event, arg] = SEVN_EVENTS[ev];
  const e: SevnEventRecord = { event, seat };
  if (arg === 'card' && a >= 0) e.card = engine.cards.name(a);
  else if (arg === 'target') e.target = a;
  else if (arg === 'value') e.value = a;
  return e;
}

/** The players of a SEVN game as `play` seeds them; the human seat (if any) a ScriptedSeat. */
export function sevnPlayers(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], seed: number, human?: HumanSeat): SevnPlayer[] {
  const bots = specs.map((s, seat) => (seat === human?.seat ? 'random' : s)); // the human seat's placeholder is replaced below
  const players = makeSevnPlayers(strategies, rules, bots, strategyRngs(specs.length, seed));
  if (human) players[human.seat] = new ScriptedSeat(human.answers);
  return players;
}

export function sevnGameRecord(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], seed: number, human?: HumanSeat): SevnGameRecord {
  const engine = new SevnEngine(rules);
  const events: SevnEventRecord[] = [];
  engine.tracer = { event: (ev, seat, a) => void events.push(sevnEventRecord(engine, ev, seat, a)) };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  let finished = true;
  try {
    engine.playGame(sevnPlayers(strategies, rules, specs, seed, human), deck);
  } catch (e) {
    if (!(e instanceof OutOfAnswers)) throw e;
    finished = false; // a game a person stopped: the record ends where it stood
  } finally {
    engine.tracer = null;
  }
  const record: SevnGameRecord = { format: 1, game: 'sevn', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: finished ? Array.from(engine.winShare.subarray(0, specs.length)) : specs.map(() => 0), events };
  if (human) record.human = { seat: human.seat, answers: [...human.answers] };
  if (!finished) record.finished = false;
  return record;
}
