/**
 * The interface every game module implements, so that the runner, the CLI and the result files
 * treat SEVN and SEVENFALL alike. A module holds the fixed facts; a UnitRunner holds what changes.
 */
import type { DecisionSink, StrategyDef } from './strategy.js';

export type Mode = 'round' | 'game';

/**
 * The most seats any game may seat. Engines size their per-seat arrays by it, decision keys pack a
 * seat in base MAX_SEATS beside the action (see decision-key.ts), and win shares are counted in
 * WIN_UNITS; the catalog refuses a game whose maxPlayers exceeds it.
 */
export const MAX_SEATS = 8;

/**
 * A decision bucket's action and seat as one number (decisions.arrow's action_key), and back. Engines
 * and the decision counter encode with actionSeatKey; result files decode with seatOfKey/actionOfKey.
 */
export const actionSeatKey = (action: number, seat: number): number => action * MAX_SEATS + seat;
export const seatOfKey = (key: number): number => key % MAX_SEATS;
export const actionOfKey = (key: number): number => Math.floor(key / MAX_SEATS);

/** Win shares are counted in 1/WIN_UNITS: lcm(1..MAX_SEATS) (840), so every tie share is a whole number. */
export const WIN_UNITS = lcmUpTo(MAX_SEATS);

function lcmUpTo(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let l = 1;
  for (let k = 2; k <= n; k++) l = (l * k) / gcd(l, k);
  return l;
}

/** Counterfactual evaluation: the share of decisions sampled, and the rollouts per legal action. */
export interface CounterfactualSettings {
  rate: number;
  rollouts: number;
}

/**
 * Receives, per (state bucket, action, seat), rollout sums: count, sum and sum of squares of the
 * action's value, and of its difference from the reference action's value in the same rollouts.
 */
export interface CounterfactualSink {
  add(state: number, actionSeat: number, count: number, sum: number, sumSq: number, diffSum: number, diffSumSq: number): void;
}

export interface UnitRunner {
  readonly seats: number;
  /** Reseeds the deck stream and every strategy's own stream from (seed, chunk). */
  reseed(seed: number, chunk: number): void;
  /** Reseeds every stream for one game from (seed, game) by integer hashing: cheap enough to call every game. */
  reseedGame?(seed: number, game: number): void;
  /** Plays one unit: a round (round mode) or a whole game (game mode). */
  playOne(): void;
  /** Per seat, for the unit just played: its score (round score, or final total in game mode). */
  readonly scores: Int32Array;
  /** Per seat: its share of the win (game mode; 0 in round mode). */
  readonly winShare: Float64Array;
  /** Per seat: rounds it played and rounds it busted in the unit just played. */
  readonly rounds: Int32Array;
  readonly busts: Int32Array;
  /** Where decisions go, or null to skip recording them (the default). */
  decisions: DecisionSink | null;
  /** Where the game supports it (see counterfactualModes): evaluate sampled decisions by paired rollouts; null turns it off. */
  setCounterfactual?(settings: CounterfactualSettings | null, sink: CounterfactualSink | null): void;
}

export interface DecodedDecision {
  kind: string;
  /** A readable label of the state's main feature (SEVENFALL: group sizes; SEVN: held values). */
  profile?: string;
  /** Values for `stateFields`, in order. */
  state: number[];
  action: string;
}

export interface GameModule<R = unknown> {
  /** The name used on the command line and in result files. */
  readonly name: string;
  readonly presets: readonly string[];
  readonly defaultPreset: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly strategies: readonly StrategyDef<unknown, never>[];
  preset(name: string): R;
  /** Parses and validates a rules file's text; throws UserError naming the field. */
  parseRules(text: string, source: string): R;
  /** Throws UserError for an unknown strategy or a bad parameter. */
  checkStrategy(spec: string): void;
  createRunner(rules: R, specs: readonly string[], mode: Mode): UnitRunner;
  /** Throws UserError if these rules cannot seat this lineup (checked before any work starts). */
  checkLineup?(rules: R, specs: readonly string[], mode: Mode): void;
  /** State columns of decisions.arrow, and how to read a (state, action) pair back. */
  readonly decisionStateFields: readonly string[];
  /** Reads (state, action) keys back, with whatever tables the rules need built once. */
  decisionDecoder(rules: R): (state: number, action: number) => DecodedDecision;
  /** The rules in effect as readable text (falls back to JSON when absent). */
  describeRules?(rules: R): string;
  /** Capability: seats can bust in a round (summaries then report bust rates). */
  readonly hasBusts: boolean;
  /** Capability: the modes in which decisions can be valued by counterfactual rollouts (none if absent). */
  counterfactualModes?: readonly Mode[];
  /** The action whose value the counterfactual differences are taken against (e.g. `stop`). */
  counterfactualReference?: string;
  /** A readable trace of one seeded game. */
  trace(rules: R, specs: readonly string[], seed: number): string;
}
