/**
 * The catalog: the one module that knows both the games and the strategies that play them, and what
 * the CLI, `sevensim bench`, the default study and the shared game tests run for each game. Games
 * never import strategies: each game module is made from its strategy list here, and a strategy
 * declares what an analysis needs from it (e.g. SevnStrategyDef.soloDrawRule, fullCanister).
 *
 * A game joins with one entry in BUILT_IN, or at run time with `registerGame(url)` (the module's
 * default export is a CatalogEntry; tests register a small game this way). Workers import this
 * module themselves, so the pool hands them the registered URLs (see parallel/pool.ts).
 */
import { fileURLToPath } from 'node:url';
import { UserError } from './engine/errors.js';
import { type GameModule, MAX_SEATS, type Mode } from './engine/game.js';
import { createSevenfallModule } from './games/sevenfall/index.js';
import type { SevenfallRules } from './games/sevenfall/rules.js';
import { createSevnModule } from './games/sevn/index.js';
import type { SevnRules } from './games/sevn/rules.js';
import type { AdviseArgs } from './run/advise.js';
import type { BustTableArgs } from './run/bust-table.js';
import type { GameRecord } from './run/play-json.js';
import { SEVENFALL_STRATEGIES } from '../strategies/sevenfall/index.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';

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

/** Printed text and JSON of an analysis. */
export interface AnalysisOutput {
  report: unknown;
  text: string;
}

export interface CatalogEntry {
  game: GameModule;
  /** The shared game tests play this lineup (several different strategies) in every mode. */
  testLineup: string[];
  /** What `sevensim bench` measures. */
  bench: Lineup[];
  /** The parts of `sevensim study` (and `npm start`). */
  study: StudyPart[];
  /** Capability: an exact solution (`sevensim solve`); imported on use, so workers never load it. */
  solve?(rules: unknown, preset: string | null, objective: string, out: string | null, force: boolean): Promise<AnalysisOutput>;
  /** Capability: one seeded game as data (`sevensim play --json`); imported on use. */
  record?(rules: unknown, specs: readonly string[], seed: number): Promise<unknown>;
  /** The `advise` flags of this game's positions (another game's are refused). */
  adviseFlags?: readonly string[];
  /** Capability: the value of each action of a position (`sevensim advise`); imported on use. */
  advise?(rules: unknown, args: AdviseArgs): Promise<AnalysisOutput>;
  /** The `advise --review` flags of this game's reviews besides --review, --json, --quiet (others are refused). */
  reviewFlags?: readonly string[];
  /** Capability: each decision of a seat in a `play --json` game against the best action (`advise --review`); imported on use. */
  review?(record: GameRecord, args: AdviseArgs): Promise<AnalysisOutput>;
  /** Capability: bust chances (`sevensim bust-table`); imported on use. */
  bustTable?(rules: unknown, preset: string | null, args: BustTableArgs): Promise<AnalysisOutput>;
}

export const sevnModule = createSevnModule(SEVN_STRATEGIES);
export const sevenfallModule = createSevenfallModule(SEVENFALL_STRATEGIES);

const SEVN_FIELD = ['stay-at:points=15', 'stay-at:points=25', 'stay-at-cards:cards=4', 'bust-cap:p=0.3'];

const BUILT_IN: CatalogEntry[] = [
  {
    game: sevenfallModule as GameModule,
    testLineup: ['random', 'greedy', 'stand', 'optimal'],
    bench: [
      { mode: 'round', players: ['greedy'] },
      { mode: 'game', players: ['greedy', 'greedy', 'stand', 'random'] },
    ],
    study: [
      { name: 'sevenfall-turn', question: 'SEVENFALL: how much is a discard policy worth on one turn?', mode: 'round', players: ['stand', 'greedy', 'greedy:margin=1', 'random'], scale: 1 },
      { name: 'sevenfall-game', question: 'SEVENFALL: who wins a 4-player game?', mode: 'game', players: ['greedy', 'greedy:margin=1', 'stand', 'random'], scale: 0.25 },
    ],
    async solve(rules, preset, objective, out, force) {
      const { formatSevenfallSolve, solveSevenfallCommand } = await import('./run/solve.js');
      const { report } = await solveSevenfallCommand(rules as SevenfallRules, preset, objective, out, force);
      return { report, text: formatSevenfallSolve(report) };
    },
    record: async (rules, specs, seed) => (await import('./run/play-json.js')).sevenfallGameRecord(SEVENFALL_STRATEGIES, rules as SevenfallRules, specs, seed),
    adviseFlags: ['hand', 'locked', 'discarded', 'discards-left', 'objective'],
    advise: async (rules, args) => (await import('./run/advise.js')).sevenfallAdviseCommand(rules as SevenfallRules, args),
    reviewFlags: ['seat', 'objective'],
    review: async (record, args) => (await import('./run/play-json.js')).sevenfallReviewCommand(SEVENFALL_STRATEGIES, record, args),
  },
  {
    game: sevnModule as GameModule,
    testLineup: ['random', 'stay-at', 'bust-cap', 'stay-at-cards'],
    bench: [
      { mode: 'round', players: ['stay-at'] },
      { mode: 'game', players: ['stay-at', 'stay-at-cards', 'bust-cap', 'random'] },
    ],
    study: [
      { name: 'sevn-round', question: 'SEVN: which stopping rule scores most in one 4-player round?', mode: 'round', players: SEVN_FIELD, scale: 1 },
      { name: 'sevn-game', question: 'SEVN: who wins a 4-player game to 250?', mode: 'game', players: SEVN_FIELD, scale: 0.25 },
    ],
    async solve(rules, preset, objective, out, force) {
      if (objective !== 'ev') throw new UserError(`--objective ${objective}: SEVN solves the expected solo round score only (ev)`);
      const { formatSevnSolve, solveSevnCommand } = await import('./run/solve-sevn.js');
      const { report } = await solveSevnCommand(rules as SevnRules, preset, out, force);
      return { report, text: formatSevnSolve(report) };
    },
    record: async (rules, specs, seed) => (await import('./run/play-json.js')).sevnGameRecord(SEVN_STRATEGIES, rules as SevnRules, specs, seed),
    adviseFlags: ['row', 'second-chance', 'seen', 'totals', 'at-stake', 'still-in', 'dealer', 'field', 'then', 'rollouts', 'seed', 'quiet'],
    advise: async (rules, args) => (await import('./run/advise-sevn.js')).sevnAdviseCommand(SEVN_STRATEGIES, rules as SevnRules, args),
    reviewFlags: ['seat', 'rollouts', 'seed'],
    review: async (record, args) => (await import('./run/review-sevn.js')).sevnReviewCommand(SEVN_STRATEGIES, record, args),
    bustTable: async (rules, preset, args) => (await import('./run/bust-table.js')).sevnBustTable(SEVN_STRATEGIES, rules as SevnRules, preset, args),
  },
];

const entries = new Map<string, CatalogEntry>();
/** URLs of the modules given to registerGame, in order: the pool hands them to its workers. */
const registered: string[] = [];

function add(e: CatalogEntry): void {
  const g = e.game;
  if (entries.has(g.name)) throw new Error(`catalog: a game named "${g.name}" is already registered`);
  if (!(g.minPlayers >= 1 && g.maxPlayers >= g.minPlayers && g.maxPlayers <= MAX_SEATS)) {
    throw new Error(`catalog: ${g.name} seats ${g.minPlayers} to ${g.maxPlayers} players; seat counts must lie in 1..${MAX_SEATS} (MAX_SEATS)`);
  }
  entries.set(g.name, e);
}
for (const e of BUILT_IN) add(e);

/** Adds the game whose module (default export: a CatalogEntry) is at `url`, here and in every worker started after this. */
export async function registerGame(url: string | URL): Promise<GameModule> {
  const href = String(url);
  const entry = ((await import(href)) as { default: CatalogEntry }).default;
  if (registered.includes(href)) return entry.game;
  add(entry);
  registered.push(href);
  return entry.game;
}

/** Paths of the registered game modules (file paths, for the pool). */
export const registeredGames = (): string[] => registered.map((u) => (u.startsWith('file:') ? fileURLToPath(u) : u));

export const catalogEntries = (): CatalogEntry[] => [...entries.values()];
export const gameNames = (): string[] => [...entries.keys()];

export function catalogEntry(name: string): CatalogEntry {
  const e = entries.get(name);
  if (!e) throw new UserError(`unknown game "${name}" (games: ${gameNames().join(', ')})`);
  return e;
}

export const gameModule = (name: string): GameModule => catalogEntry(name).game;

/** The games that have an analysis (e.g. `solve`), for that command's --game choices. */
export const gamesWith = (capability: 'solve' | 'bustTable' | 'advise'): string[] => catalogEntries().filter((e) => e[capability]).map((e) => e.game.name);
