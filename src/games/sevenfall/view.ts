/**
 * What a SEVENFALL strategy sees, and the action codes it returns.
 *
 * Action: 0 stops the turn; any other value is a bit mask of unlocked row positions to discard at
 * once (bit i = position i), with at most `discardsLeft` bits set.
 */
import type { Labelled, ReadonlyInts, StrategyDef } from '../../engine/strategy.js';
import type { Rng } from '../../engine/rng.js';
import type { SevenfallRules } from './rules.js';
import type { ScoreTable } from './scoring.js';

export const STOP = 0;

export interface SevenfallView {
  readonly rules: SevenfallRules;
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

export interface SevenfallContext {
  rules: SevenfallRules;
  table: ScoreTable;
  /** The strategy's own random stream, reseeded per chunk by the runner. */
  rng: Rng;
}

export interface SevenfallStrategyDef extends StrategyDef<SevenfallStrategy, SevenfallContext> {
  /** Its policy assumes every turn starts from the full canister, so it cannot play rules that refill per round. */
  readonly fullCanister?: boolean;
}
export type SevenfallPlayer = SevenfallStrategy & Labelled;

/** The engine's copy for strategies: refreshed with TypedArray.set before each decision. */
export class SevenfallViewBuffer implements SevenfallView {
  readonly row: Uint8Array;
  readonly locked: Uint8Array;
  readonly outOfPlay: Uint8Array;
  readonly totals: Int32Array;
  discardsLeft = 0;
  seat = 0;
  players = 1;
  round = 0;
  constructor(readonly rules: SevenfallRules, maxPlayers: number) {
    this.row = new Uint8Array(rules.rowSize);
    this.locked = new Uint8Array(rules.rowSize);
    this.outOfPlay = new Uint8Array(rules.symbols + 2);
    this.totals = new Int32Array(maxPlayers);
  }
}
