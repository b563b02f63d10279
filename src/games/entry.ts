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
import type { TableGame, TableOptions } from './table-game.js';

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
  /** Ctrl-C or SIGTERM: a solve that runs off the main thread stops at once (the 2-player win solve). */
  signal?: AbortSignal;
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

/**
 * What the rules allow, as OpenSpiel's games declare their utility range and maximum game length: the
 * shared test (test/game-bounds.test.ts) plays random lineups of every game and checks each one.
 */
export interface GameBounds {
  /** One seat's score in one round (SEVENFALL: one turn); a game's final total is the sum of its rounds'. */
  roundScore: { min: number; max: number };
  /** Most rounds one game can last (a round-mode unit is one round). */
  maxRounds: number;
  /** Most decisions all seats together can make in one round. */
  maxDecisionsPerRound: number;
}

export interface CatalogEntry {
  game: GameModule;
  /** This entry's own module (`import.meta.url`): the worker pool imports it in each worker. */
  module: string;
  /** The shared game tests play this lineup (several different strategies) in every mode. */
  testLineup: string[];
  /** The score and game-length bounds of these rules at a table of `players`. */
  bounds(rules: unknown, players: number): GameBounds;
  /** A simple fast strategy `check-strategy` times a plugin against. */
  baseline: string;
  /**
   * Parameters the shared random-lineup tests pin (`name` -> `key=value,...`) where a random value
   * would make a strategy too slow to play many games with (e.g. thousands of rollouts a decision).
   */
  testPins?: Readonly<Record<string, string>>;
  /** What `sevensim bench` measures. */
  bench: Lineup[];
  /** The parts of `sevensim study` (and `npm start`). */
  study: StudyPart[];
  /** Capability: an exact solution (`sevensim solve`). */
  solve?(rules: unknown, args: SolveArgs): Promise<AnalysisOutput>;
  /** Capability: one seeded game as data (`sevensim play --json`). */
  record?(rules: unknown, specs: readonly string[], seed: number): Promise<GameRecord>;
  /** Capability: a game with one seat (`seat`, "human" in `specs`) played by a person (`play --human`). */
  humanGame?(rules: unknown, specs: readonly string[], seat: number, seed: number, options: TableOptions): Promise<TableGame>;
  /** Capability: the value of each action of a position (`sevensim advise`), and a review of a recorded game (`advise --review`). */
  advise?: {
    /** The flags of this game's positions (another game's are refused). */
    flags: AnalysisFlags;
    position(rules: unknown, args: AnalysisArgs): Promise<AnalysisOutput>;
    review?(record: GameRecord, args: AnalysisArgs): Promise<AnalysisOutput>;
    /** The flags a review takes besides --review, --seat, --json, --quiet (others are refused). */
    reviewFlags?: readonly string[];
  };
  /** Capability: bust chances (`sevensim bust-table`). */
  bustTable?: {
    flags: AnalysisFlags;
    run(rules: unknown, preset: string | null, args: AnalysisArgs): Promise<AnalysisOutput>;
  };
  /** The game's own report charts of an output (its decisions, its solve or bust-table output), after the generic ones. */
  charts?(o: Output, game: GameModule): Chart[];
}

/** `advise --objective`, shared by both games' positions (a flag two games share is offered once). */
export const OBJECTIVE_HELP = 'SEVENFALL: ev (expected turn score) or at-least:K (chance to score at least K); SEVN: ev, or at-least:K to add each answer\'s chance that the round score reaches K (exact when you are the last seat in)';
