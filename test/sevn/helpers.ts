/** Shared helpers for the SEVN tests: scripted players and a stacked-deck round or game. */
import { Bucketer, DecisionCounter, parseBuckets } from '../../src/engine/decisions.js';
import { Rng } from '../../src/engine/rng.js';
import { sevnBucketFeatures } from '../../src/games/sevn/buckets.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { type SevnTracer } from '../../src/games/sevn/events.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, type SevnPlayer } from '../../src/games/sevn/view.js';

export interface Script {
  /** One letter per draw-or-stay decision: D draws, S stays; stays once used up. */
  draws?: string;
  /** Freeze, Triple Draw and Second Chance targets, in order. */
  targets?: number[];
  /** Crossroads picks (0 first card, 1 second), in order. */
  picks?: number[];
  /** Ballast answers (1 keep, 0 discard), in order. */
  ballast?: number[];
}

/** A player that answers from a script and fails the test on a decision the script did not expect. */
export function scripted(label: string, script: Script = {}): SevnPlayer {
  let d = 0;
  let t = 0;
  let p = 0;
  let b = 0;
  const draws = script.draws ?? '';
  const next = (list: number[] | undefined, i: number, what: string): number => {
    if (!list || i >= list.length) throw new Error(`${label}: unexpected ${what} decision`);
    return list[i];
  };
  return {
    label,
    drawOrStay: () => (d < draws.length && draws[d++] === 'D' ? Answer.DRAW : Answer.STAY),
    freezeTarget: () => next(script.targets, t++, 'Freeze'),
    tripleDrawTarget: () => next(script.targets, t++, 'Triple Draw'),
    secondChanceTo: () => next(script.targets, t++, 'Second Chance'),
    crossroads: () => next(script.picks, p++, 'Crossroads'),
    ballast: () => next(script.ballast, b++, 'Ballast'),
  };
}

/** Records every trace event as [event, seat, a, b]. */
export class EventLog implements SevnTracer {
  readonly events: number[][] = [];
  event(ev: number, seat: number, a: number, b: number): void {
    this.events.push([ev, seat, a, b]);
  }
  of(ev: number): number[][] {
    return this.events.filter((e) => e[0] === ev);
  }
}

/** Plays one round (or a game) with the deck stacked by card names; returns the engine to inspect. */
export function stacked(players: SevnPlayer[], names: string[], opts: { rules?: SevnRules; mode?: 'round' | 'game'; log?: EventLog } = {}): SevnEngine {
  const rules = opts.rules ?? sevnPreset('sevn');
  const engine = new SevnEngine(rules);
  engine.stackDeck(names.map((n) => engine.cards.code(n)));
  engine.tracer = opts.log ?? null;
  const rng = new Rng('stacked');
  if (opts.mode === 'game') engine.playGame(players, rng);
  else engine.playRound(players, rng);
  return engine;
}

/** A seat's row as card names. */
export function rowOf(engine: SevnEngine, seat: number): string[] {
  return Array.from(engine.rows.subarray(seat * engine.stride, seat * engine.stride + engine.rowLen[seat]), (c) => engine.cards.name(c));
}

/** Sample mean and standard error. */
export function meanSe(sum: number, sumSq: number, n: number): { mean: number; se: number } {
  const mean = sum / n;
  return { mean, se: Math.sqrt(Math.max(0, sumSq / n - mean * mean) / n) };
}

/** What a lineup did in playWrapped's games: every trace event, the totals and rounds, the recorded buckets and the draw-or-stay calls. */
export interface Played {
  events: number[][];
  totals: number[];
  counts: Map<string, number[]>;
  calls: number;
}

/**
 * `games` games (seed `seed`) of the lineup `specs`, each player behind `wrap` (which counts its
 * draw-or-stay calls in calls[0]), traced and, with recordTo 'counter', recorded in
 * points:20,distinct:2 buckets: for tests that an engine-side answer (a declared rule) is the
 * strategy's own.
 */
export function playWrapped(preset: string, specs: string[], wrap: (p: SevnPlayer, calls: number[]) => SevnPlayer, recordTo: 'none' | 'counter', games: number, seed: number): Played {
  const rules = sevnPreset(preset);
  const rngs = specs.map(() => new Rng());
  const calls = [0];
  const players = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, rngs).map((p) => wrap(p, calls));
  const engine = new SevnEngine(rules);
  const log = new EventLog();
  engine.tracer = log;
  const counter = new DecisionCounter(new Bucketer(sevnBucketFeatures(rules), parseBuckets(sevnBucketFeatures(rules), 'points:20,distinct:2')));
  if (recordTo === 'counter') engine.decisions = counter;
  const totals: number[] = [];
  const deck = new Rng();
  for (let g = 0; g < games; g++) {
    deck.reseed(seed, g, 0);
    rngs.forEach((r, s) => r.reseed(seed, g, 1, s));
    engine.playGame(players, deck);
    totals.push(...engine.totals.subarray(0, specs.length), engine.roundCount);
    counter.settle(engine.totals, engine.winShare);
  }
  const counts = new Map<string, number[]>();
  for (const [state, actionSeat, v] of counter.table.entries()) counts.set(`${state}/${actionSeat}`, [...v]);
  return { events: log.events, totals, counts, calls: calls[0] };
}
