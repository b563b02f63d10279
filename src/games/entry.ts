/**
 * What a game brings to the catalog (src/catalog.ts): its module, the lineups the shared tests, the
 * bench and the default study play, and its analyses, each imported on use so workers never load
 * them. A game's analyses (src/games/<game>/analyses/) sit above its strategies and below run, report
 * and the CLI: its entry (analyses/entry.ts) is the one file that joins the game to its strategies.
 */
import type { Chart } from '../charts/chart.js';
import type { Output } from '../charts/outputs.js';
import type { GameRecord } from '../engine/game-record.js';
import type { GameModule, Mode } from '../engine/game.js';

export interface Lineup {
  mode: Mode;
  players: string[];
}

/** One part of the default study: a simulate run of the game's default preset. */
export interface StudyPart extends Lineup {
  /** The part's output subdirectory. */
  name: string;
  question: string;
  /** Share of --games this part plays. */
  scale: number;
}

/** What `sevensim solve` was asked (see cli/solve.ts for each flag). */
export interface SolveArgs {
  preset: string | null;
  objective: string;
  players: number;
  table: boolean;
  out: string | null;
  force: boolean;
}

/** Printed text and JSON of an analysis. */
export interface AnalysisOutput {
  report: unknown;
  text: string;
}

/** One flag of an analysis command, declared once by the game: the CLI offers it (a yargs option), the game reads it. */
export interface AnalysisFlag {
  type: 'string' | 'number' | 'boolean';
  describe: string;
  default?: string | number | boolean;
  defaultDescription?: string;
  array?: boolean;
  coerce?(v: never): unknown;
}

export type AnalysisFlags = Readonly<Record<string, AnalysisFlag>>;

/** What the CLI hands an analysis: every flag the user gave or defaulted, by camelCase name (a game reads its own). */
export interface AnalysisArgs {
  readonly [flag: string]: unknown;
  onProgress?(done: number, total: number): void;
}

export interface CatalogEntry {
  game: GameModule;
  /** The shared game tests play this lineup (several different strategies) in every mode. */
  testLineup: string[];
  /** What `sevensim bench` measures. */
  bench: Lineup[];
  /** The parts of `sevensim study` (and `npm start`). */
  study: StudyPart[];
  /** Capability: an exact solution (`sevensim solve`). */
  solve?(rules: unknown, args: SolveArgs): Promise<AnalysisOutput>;
  /** Capability: one seeded game as data (`sevensim play --json`). */
  record?(rules: unknown, specs: readonly string[], seed: number): Promise<GameRecord>;
  /** Capability: the value of each action of a position (`sevensim advise`), and a review of a recorded game (`advise --review`). */
  advise?: {
    /** The flags of this game's positions (another game's are refused). */
    flags: AnalysisFlags;
    position(rules: unknown, args: AnalysisArgs): Promise<AnalysisOutput>;
    review?(record: GameRecord, args: AnalysisArgs): Promise<AnalysisOutput>;
  };
  /** Capability: bust chances (`sevensim bust-table`). */
  bustTable?: {
    flags: AnalysisFlags;
    run(rules: unknown, preset: string | null, args: AnalysisArgs): Promise<AnalysisOutput>;
  };
  /** The game's own report charts of an output (its decisions, its solve or bust-table output), after the generic ones. */
  charts?(o: Output, game: GameModule): Chart[];
}
