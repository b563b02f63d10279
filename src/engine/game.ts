/**
 * The interface every game module implements, so that the runner, the CLI and the result files
 * treat SEVN and SEVENFALL alike. A module holds the fixed facts; a UnitRunner holds what changes.
 */
import type { DecisionSink, StrategyDef } from './strategy.js';

export type Mode = 'round' | 'game';

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
  readonly name: 'sevn' | 'sevenfall';
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
  decodeDecision(rules: R, state: number, action: number): DecodedDecision;
  /** The rules in effect as readable text (falls back to JSON when absent). */
  describeRules?(rules: R): string;
  /** Whether `enableCounterfactual` is available for a mode. */
  counterfactualModes?: readonly Mode[];
  /** The action whose value the counterfactual differences are taken against (e.g. `stop`). */
  counterfactualReference?: string;
  /** A readable trace of one seeded game. */
  trace(rules: R, specs: readonly string[], seed: number): string;
}
