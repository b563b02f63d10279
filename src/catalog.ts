/**
 * The catalog: the list of games. Each game exports its entry (src/games/<game>/analyses/entry.ts, the
 * one file that joins a game to its strategies and analyses); the CLI, `sevensim bench`, the default
 * study, the report and the shared game tests read them here.
 *
 * A game joins with one line in BUILT_IN, or at run time with `registerGame(url)` (the module's
 * default export is a CatalogEntry; tests register a small game this way). Workers import this
 * module themselves, so the pool hands them the registered URLs (see parallel/pool.ts).
 */
import { fileURLToPath } from 'node:url';
import { UserError } from './engine/errors.js';
import { type GameModule, MAX_SEATS } from './engine/game.js';
import type { CatalogEntry } from './games/entry.js';
import sevenfall from './games/sevenfall/analyses/entry.js';
import sevn from './games/sevn/analyses/entry.js';

export type { AnalysisOutput, CatalogEntry, Lineup, StudyPart } from './games/entry.js';
export { sevenfallModule } from './games/sevenfall/analyses/entry.js';
export { sevnModule } from './games/sevn/analyses/entry.js';

const BUILT_IN: CatalogEntry[] = [sevenfall, sevn];

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
export const gamesWith = (capability: 'solve' | 'bustTable' | 'advise' | 'record'): string[] => catalogEntries().filter((e) => e[capability]).map((e) => e.game.name);
