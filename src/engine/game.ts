/**
 * The interface every game module implements, so that the runner, the CLI and the result files
 * treat SEVN and SEVENFALL alike. A module holds the fixed facts; a UnitRunner holds what changes.
 */
import type { BucketFeature, BucketTable, Bucketer, DecisionSink } from './decisions.js';
import type { StrategyDef } from './strategy.js';

export type Mode = 'round' | 'game';

// Seat counts, decision keys and win units live apart so that decisions.ts can use them without
// importing this module (which imports decisions.ts's types).
export { MAX_SEATS, WIN_UNITS, actionOfKey, actionSeatKey, seatOfKey } from './seat-keys.js';

/** Counterfactual evaluation: the share of decisions sampled, and the rollouts per legal action. */
export interface CounterfactualSettings {
  rate: number;
  rollouts: number;
}

/**
 * Receives, per (state bucket, action, seat), rollout sums (COUNTERFACTUAL_FIELDS): the action's
 * value and its difference from the reference action's value in the same rollouts.
 */
export interface CounterfactualSink {
  readonly buckets: Bucketer;
  readonly table: BucketTable;
}

export interface UnitRunner {
  readonly seats: number;
  /** Reseeds every stream for game `game` of `seed` by integer hashing (gameKey): how every command seeds every game. */
  reseedGame(seed: number, game: number): void;
  /** Plays one unit: a round (round mode) or a whole game (game mode). */
  playOne(): void;
  /**
   * A one-seat runner's fast path for many rounds (round mode) with no decision sink and no
   * counterfactual: plays games [start, end) of `seed` as reseedGame then playOne would, writing game
   * g's score and busts (0 or 1) at [g - start] of `scores` and `busts`. Returns false, having played
   * nothing, when this runner's lineup or state has none.
   */
  playRange?(seed: number, start: number, end: number, scores: Int32Array, busts: Int32Array): boolean;
  /** Per seat, for the unit just played: its score (round score, or final total in game mode). */
  readonly scores: Int32Array;
  /** Per seat: its share of the win (game mode; 0 in round mode). */
  readonly winShare: Float64Array;
  /** Per seat: rounds it played and rounds it busted in the unit just played. */
  readonly rounds: Int32Array;
  readonly busts: Int32Array;
  /** Where decisions go, or null to skip recording them (the default). */
  decisions: DecisionSink | null;
  /** The state features decisions can be bucketed by (the game module's list for these rules). */
  readonly bucketFeatures: readonly BucketFeature[];
  /** Evaluate sampled decisions by paired rollouts (in either mode); null turns it off. */
  setCounterfactual?(settings: CounterfactualSettings | null, sink: CounterfactualSink | null): void;
}


export interface GameModule<R = unknown> {
  /** The name used on the command line and in result files. */
  readonly name: string;
  /** The name shown to people (report headings and captions); the name when absent. */
  readonly title?: string;
  /** What one unit of round mode is called (SEVENFALL plays turns); "round" when absent. */
  readonly roundUnit?: string;
  readonly presets: readonly string[];
  readonly defaultPreset: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly strategies: readonly StrategyDef<unknown, never>[];
  preset(name: string): R;
  /** Parses and validates a rules file's text; throws UserError naming the field. */
  parseRules(text: string, source: string): R;
  /** Throws UserError for an unknown strategy or a bad parameter; returns the spec with every parameter spelled out. */
  checkStrategy(spec: string): string;
  createRunner(rules: R, specs: readonly string[], mode: Mode): UnitRunner;
  /** Throws UserError if these rules cannot seat this lineup (checked before any work starts). */
  checkLineup?(rules: R, specs: readonly string[], mode: Mode): void;
  /** The state features decisions can be bucketed by (`--bucket`), and the default choice. */
  bucketFeatures(rules: R): readonly BucketFeature[];
  readonly defaultBuckets: string;
  /** Decision kinds, by the first digit of a bucket key. */
  readonly decisionKinds: readonly string[];
  /** An action code of a decision kind in words. */
  actionLabel(rules: R, kind: number, action: number): string;
  /** The rules in effect as readable text (falls back to JSON when absent). */
  describeRules?(rules: R): string;
  /** Capability: seats can bust in a round (summaries then report bust rates). */
  readonly hasBusts: boolean;
  /** Capability: the modes in which decisions can be valued by counterfactual rollouts (none if absent). */
  counterfactualModes?: readonly Mode[];
  /** Per decision kind: the action whose value the counterfactual differences are taken against. */
  counterfactualReference?(kind: number): string;
  /** A readable trace of one seeded game. */
  trace(rules: R, specs: readonly string[], seed: number): string;
}
