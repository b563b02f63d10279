/** The numbers `report` reads from an output directory (src/report/inputs.ts), as its charts and each game's charts draw them. */
import type { Manifest } from '../io/manifest.js';
import type { SeatSummary } from '../stats/summary.js';

export type Row = Record<string, unknown>;

/** What every caption states about a run. */
export interface RunInfo {
  dir: string;
  kind: string;
  game: string;
  /** The preset, or `rules file "name"`. */
  rules: string;
  seed: number | null;
}

export interface SimulateOutput extends RunInfo {
  kind: 'simulate';
  manifest: Manifest;
  seats: SeatSummary[];
  /** Per seat: [score, count] ascending. */
  histograms: [number, number][][];
  decisions: Row[];
  counterfactual: boolean;
}

export interface CompareOutput extends RunInfo {
  kind: 'compare';
  result: Row & {
    mode: string; a: string; b: string; field: string[]; games: number;
    diff: { mean: number; se: number; ci95: [number, number]; pValue: number };
    winDiff: { mean: number; se: number; ci95: [number, number]; pValue: number } | null;
    sprt: { d0: number; d1: number; lower: number; upper: number; llr: number; metric: string; verdict: string } | null;
    sprt_path?: [number, number][];
    stoppedEarly?: boolean;
  };
}

export interface TuneOutput extends RunInfo {
  kind: 'tune';
  steps: Row[];
  params: string[];
  best: Row;
  run: Row;
}

export interface TournamentOutput extends RunInfo {
  kind: 'tournament';
  pairs: { a: string; b: string; games: number; win_share_a: number; se: number }[];
  ranking: { spec: string; win_share: number; ws_se: number; ws_ci95?: [number, number]; mean_score: number; score_se: number; games: number; elo?: number | null; elo_ci95?: [number, number] | null; los_next?: number | null }[];
  /** tournament.json as a whole (deals, games, table size...). */
  report: Row;
  run: Row;
}

export interface BustTableOutput extends RunInfo {
  kind: 'bust-table';
  /** `noExact`: why there are no exact columns (bust-table.json's), or null. */
  meta: { strategy: string; exact: boolean; rounds: number; noExact: string | null };
  rows: { distinct: number; points: number; reach: number; bust_exact: number; reach_bound?: number; sim_draws: number; sim_busts: number; sim_rate: number; sim_se: number }[];
}

export interface SolveOutput extends RunInfo {
  kind: 'solve';
  report: Row;
  /** policy.arrow rows (SEVN: one per held set; SEVENFALL: one per state and action). */
  policy: Row[];
}

/** `solve --players 2 --objective win --out` (SEVENFALL): the figures in run.json, every state's chances in winprob.arrow. */
export interface SolveWinOutput extends RunInfo {
  kind: 'solve-win';
  report: Row;
  /** winprob.arrow rows: round, seat_to_move, difference, seat0_win, seat1_win, tie. */
  winprob: Row[];
}

export type Output = SimulateOutput | CompareOutput | TuneOutput | TournamentOutput | BustTableOutput | SolveOutput | SolveWinOutput;
