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

/** The engine state a view copies from. */
export interface SevenfallViewSource {
  readonly row: Uint8Array;
  readonly locked: Uint8Array;
  readonly outOfPlay: Uint8Array;
  readonly totals: Int32Array;
}

/**
 * The engine's copy for strategies. The scalars are set before each decision; each array is copied
 * when a strategy first reads it in that decision (`stamp`, bumped by the engine, tells a stale copy),
 * so a strategy that reads nothing (`stand`) costs no copy: the four copies were a third of a `stand`
 * turn. The engine behind it is a #private field: a strategy cannot reach it.
 */
export class SevenfallViewBuffer implements SevenfallView {
  discardsLeft = 0;
  seat = 0;
  players = 1;
  round = 0;
  /** Bumped by the engine before each decision; a stale array is copied again on read. */
  stamp = 1;
  private readonly _copied = new Int32Array(4);
  private readonly _row: Uint8Array;
  private readonly _locked: Uint8Array;
  private readonly _outOfPlay: Uint8Array;
  private readonly _totals: Int32Array;
  readonly #src: SevenfallViewSource;

  constructor(readonly rules: Readonly<SevenfallRules>, src: SevenfallViewSource) {
    this.#src = src;
    this._row = new Uint8Array(src.row.length);
    this._locked = new Uint8Array(src.locked.length);
    this._outOfPlay = new Uint8Array(src.outOfPlay.length);
    this._totals = new Int32Array(src.totals.length);
  }

  get row(): ReadonlyInts {
    if (this._copied[0] !== this.stamp) { copy(this.#src.row, this._row); this._copied[0] = this.stamp; }
    return this._row;
  }
  get locked(): ReadonlyInts {
    if (this._copied[1] !== this.stamp) { copy(this.#src.locked, this._locked); this._copied[1] = this.stamp; }
    return this._locked;
  }
  get outOfPlay(): ReadonlyInts {
    if (this._copied[2] !== this.stamp) { copy(this.#src.outOfPlay, this._outOfPlay); this._copied[2] = this.stamp; }
    return this._outOfPlay;
  }
  get totals(): ReadonlyInts {
    if (this._copied[3] !== this.stamp) { copy(this.#src.totals, this._totals); this._copied[3] = this.stamp; }
    return this._totals;
  }
}

/** Copies a small typed array with a loop: for 7-9 entries a builtin call (set) costs more than the writes. */
function copy(from: ArrayLike<number>, to: { [i: number]: number }): void {
  for (let i = 0; i < from.length; i++) to[i] = from[i];
}
