/**
 * What a SEVENFALL strategy sees, and the action codes it returns.
 *
 * Action: 0 stops the turn; any other value is a bit mask of unlocked row positions to discard at
 * once (bit i = position i), with at most `discardsLeft` bits set.
 */
import type { ParamSpec } from '../../engine/params.js';
import { type Labelled, type ReadonlyInts, type StrategyDef, readOnlyCopy } from '../../engine/strategy.js';
import type { Rng } from '../../engine/rng.js';
import type { SevenfallRules } from './rules.js';
import { type RowScorer, ScoreTable } from './scoring.js';

export const STOP = 0;

/**
 * What a strategy sees at a decision: read-only copies (a frozen copy of the rules, arrays the engine
 * refreshes before each decision); nothing a strategy holds reaches the engine.
 */
export interface SevenfallView {
  readonly rules: Readonly<SevenfallRules>;
  /** Tile codes: 0..symbols-1 symbols, `symbols` = Wild, `symbols + 1` = Break. */
  readonly row: ReadonlyInts;
  /** 1 where the tile is a locked replacement. */
  readonly locked: ReadonlyInts;
  readonly discardsLeft: number;
  /** Tiles discarded this turn, counted by tile code (out of play until the turn ends). */
  readonly outOfPlay: ReadonlyInts;
  readonly seat: number;
  readonly players: number;
  /** 0-based round; in single-turn mode always 0. */
  readonly round: number;
  /** Every seat's total before this turn. */
  readonly totals: ReadonlyInts;
}

export interface SevenfallStrategy {
  decide(view: SevenfallView): number;
}

/** What a strategy is built with: the same read-only rules, and a score table of the strategy side (not the engine's). */
export interface SevenfallContext {
  rules: Readonly<SevenfallRules>;
  table: RowScorer;
  /** The strategy's own random stream, reseeded per game by the runner. */
  rng: Rng;
}

export interface SevenfallStrategyDef<P extends readonly ParamSpec[] = readonly ParamSpec[]> extends StrategyDef<SevenfallStrategy, SevenfallContext, P> {
  /** Its policy assumes every turn starts from the full canister, so it cannot play rules that refill per round. */
  readonly fullCanister?: boolean;
  /** It plays only at a table of exactly this many seats (checked with the lineup). */
  readonly seats?: number;
}
export type SevenfallPlayer = SevenfallStrategy & Labelled;

const sides = new Map<string, { rules: Readonly<SevenfallRules>; table: RowScorer }>();

/**
 * A frozen copy of the rules and a score table of their own, for strategies (one per rules in a
 * thread: building a table takes 10-30 ms).
 */
export function strategySide(rules: SevenfallRules): { rules: Readonly<SevenfallRules>; table: RowScorer } {
  const key = JSON.stringify(rules);
  let side = sides.get(key);
  if (side === undefined) {
    const copy = readOnlyCopy(rules);
    sides.set(key, (side = { rules: copy, table: new ScoreTable(copy) }));
  }
  return side;
}

/** The engine's copy for strategies: refreshed before each decision. */
export class SevenfallViewBuffer implements SevenfallView {
  readonly row: Uint8Array;
  readonly locked: Uint8Array;
  readonly outOfPlay: Uint8Array;
  readonly totals: Int32Array;
  discardsLeft = 0;
  seat = 0;
  players = 1;
  round = 0;
  constructor(readonly rules: Readonly<SevenfallRules>, maxPlayers: number) {
    this.row = new Uint8Array(rules.rowSize);
    this.locked = new Uint8Array(rules.rowSize);
    this.outOfPlay = new Uint8Array(rules.symbols + 2);
    this.totals = new Int32Array(maxPlayers);
  }
}
