/**
 * Strategies from files outside the repository (`--plugin FILE`, or SEVENSIM_PLUGINS): an ES module
 * whose default export is a strategy definition of the built-ins' shape (name, doc, params, create)
 * with a `game` field naming its game or a list of games. A plugin joins its games' strategy lists,
 * here and in every worker (the pool hands the loaded paths to its workers, which load them before any
 * task), so every command that takes strategies can use it by name.
 */
import { existsSync, statSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalogEntries, gameNames } from './catalog.js';
import { UserError } from './engine/errors.js';
import type { ParamSpec } from './engine/params.js';
import type { StrategyDef } from './engine/strategy.js';
import type { SevenfallStrategy, SevenfallStrategyDef } from './games/sevenfall/view.js';
import type { SevnStrategy, SevnStrategyDef } from './games/sevn/view.js';

/** The environment variable listing plugin files, separated as PATH is (':' here, ';' on Windows). */
export const PLUGINS_ENV = 'SEVENSIM_PLUGINS';

export interface PluginDef extends StrategyDef<unknown, never> {
  game: string | readonly string[];
}

/**
 * A SEVN plugin's default export, for a typed plugin file (see strategies/README.md); `P`, its
 * parameter list (`typeof params` of a const list), types the values its `create` receives.
 */
export type SevnPlugin<P extends readonly ParamSpec[] = readonly ParamSpec[]> = SevnStrategyDef<P> & { game: 'sevn' };
/** A SEVENFALL plugin's default export. */
export type SevenfallPlugin<P extends readonly ParamSpec[] = readonly ParamSpec[]> = SevenfallStrategyDef<P> & { game: 'sevenfall' };

/** The methods each game's engine calls on a strategy: a plugin's create() must return them all. */
const METHODS: Record<string, readonly string[]> = {
  sevn: ['drawOrStay', 'freezeTarget', 'tripleDrawTarget', 'secondChanceTo', 'crossroads', 'ballast'] satisfies (keyof SevnStrategy)[],
  sevenfall: ['decide'] satisfies (keyof SevenfallStrategy)[],
};

/** Absolute paths of the plugins loaded, in order, and the strategies each added. */
const loaded = new Map<string, { games: string[]; name: string; def: PluginDef }>();

export const pluginPaths = (): string[] => [...loaded.keys()];

/** The definition loaded from `file` (after loadPlugins), with its games as a list. */
export function pluginDef(file: string): { def: PluginDef; games: string[] } | null {
  const p = loaded.get(resolve(file));
  return p ? { def: p.def, games: p.games } : null;
}

/** The plugin file a strategy of `game` came from, or null for a built-in. */
export function pluginOf(game: string, name: string): string | null {
  for (const [path, p] of loaded) if (p.name === name && p.games.includes(game)) return path;
  return null;
}

/** The files named by SEVENSIM_PLUGINS (empty entries ignored). */
export const envPlugins = (env: NodeJS.ProcessEnv = process.env): string[] => (env[PLUGINS_ENV] ?? '').split(delimiter).filter((p) => p.trim() !== '');

/** Strategy names as specs parse them (engine/params.ts parseSpec). */
const NAME = /^[a-z][a-z0-9-]*$/;

/** What is wrong with a declared parameter, or null: a name, a type, a default within its range. */
function paramProblem(q: ParamSpec): string | null {
  if (q === null || typeof q !== 'object' || typeof q.name !== 'string' || !/^[a-z][a-z0-9-]*$/i.test(q.name)) return 'each parameter needs a "name"';
  if (q.type === 'enum') {
    if (!Array.isArray(q.values)) return `parameter ${q.name}: needs a list of "values"`;
    // A spec reads name:key=value,key=value: a value holding "," or "=" (or spaces at its ends) cannot be given.
    const unusable = q.values.find((v) => typeof v !== 'string' || !/^[^,=\s](?:[^,=]*[^,=\s])?$/.test(v));
    if (unusable !== undefined) return `parameter ${q.name}: value ${JSON.stringify(unusable)} cannot be written in a strategy spec (give non-empty text without "," or "=")`;
    if (new Set(q.values).size !== q.values.length) return `parameter ${q.name}: a value is listed twice`;
    return q.values.includes(q.default) ? null : `parameter ${q.name}: its default must be one of its "values"`;
  }
  if (q.type !== 'int' && q.type !== 'number') return `parameter ${q.name}: "type" must be int, number or enum`;
  if (!(Number.isFinite(q.min) && Number.isFinite(q.max) && q.min <= q.max)) return `parameter ${q.name}: needs finite "min" <= "max"`;
  if (!(Number.isFinite(q.default) && q.default >= q.min && q.default <= q.max) || (q.type === 'int' && !Number.isInteger(q.default))) {
    return `parameter ${q.name}: its default ${String(q.default)} is not ${q.type === 'int' ? 'an integer ' : 'a number '}in [${q.min}, ${q.max}]`;
  }
  return null;
}

/** Loads each plugin file (once); a bad one throws a UserError naming the file and the problem. */
export async function loadPlugins(files: readonly string[]): Promise<void> {
  for (const file of files) await loadPlugin(file);
}

async function loadPlugin(file: string): Promise<void> {
  const path = resolve(file);
  if (loaded.has(path)) return;
  const bad = (problem: string): UserError => new UserError(`plugin ${file}: ${problem}`);
  if (!existsSync(path)) throw bad('no such file (give the path of an ES module, e.g. my-bot.mjs)');
  if (!statSync(path).isFile()) throw bad('not a regular file (a directory, pipe or device cannot be imported; give the path of an ES module, e.g. my-bot.mjs)');
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (e) {
    throw bad(`failed to load: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
  const def = mod.default as Partial<PluginDef> | undefined;
  if (def === undefined) throw bad('has no default export (export default a strategy definition: { game, name, doc, params, create })');
  if (def === null || typeof def !== 'object') throw bad(`its default export is ${def === null ? 'null' : `a ${typeof def}`}, not a strategy definition (export default { game, name, doc, params, create })`);
  const games = typeof def.game === 'string' ? [def.game] : Array.isArray(def.game) ? [...(def.game as string[])] : null;
  if (games === null || games.length === 0) throw bad(`its default export has no "game" field (one of ${gameNames().join(', ')}, or a list of them)`);
  if (typeof def.name !== 'string' || !NAME.test(def.name)) throw bad('its default export needs a "name": lower-case letters, digits and "-", starting with a letter');
  if (typeof def.create !== 'function') throw bad(`strategy "${def.name}" has no create(params, ctx) function`);
  if (typeof def.doc !== 'string') throw bad(`strategy "${def.name}" has no "doc" string (one line for \`sevensim strategies\`)`);
  if (!Array.isArray(def.params)) throw bad(`strategy "${def.name}" has no "params" list (give [] for none)`);
  const problem = def.params.map((q: ParamSpec) => paramProblem(q)).find((x) => x !== null);
  if (problem) throw bad(`strategy "${def.name}": ${problem}`);
  const names = def.params.map((q: ParamSpec) => q.name);
  const twice = names.find((x, i) => names.indexOf(x) !== i);
  if (twice !== undefined) throw bad(`strategy "${def.name}": parameter ${twice} is declared twice`);
  const again = games.find((g, i) => games.indexOf(g) !== i);
  if (again !== undefined) throw bad(`strategy "${def.name}": its "game" list names ${again} twice`);
  const entries = catalogEntries();
  for (const g of games) {
    const entry = entries.find((e) => e.game.name === g);
    if (!entry) throw bad(`unknown game "${g}" (games: ${gameNames().join(', ')})`);
    const clash = entry.game.strategies.find((s) => s.name === def.name);
    if (clash) {
      const from = pluginOf(g, def.name!);
      throw bad(`strategy "${def.name}" clashes with ${from ? `the one from plugin ${from}` : `the built-in ${g} strategy of that name`}; rename it`);
    }
  }
  // The games play it with its errors named: a throw from a worker otherwise reached the user as the bare message.
  const create = def.create.bind(def) as (params: unknown, ctx: never) => unknown;
  const named = { ...def, create: (params: unknown, ctx: never) => naming(created(create, params, ctx, def.name!, file), def.name!, file) } as StrategyDef<unknown, never>;
  for (const g of games) (entries.find((e) => e.game.name === g)!.game.strategies as StrategyDef<unknown, never>[]).push(named);
  loaded.set(path, { games, name: def.name, def: named as PluginDef }); // check-strategy too sees its faults named
}

/**
 * What a plugin's create(params, ctx) returned, checked: a throw, a result that is not an object, or one
 * without a method its game calls is one line naming the strategy and the file (they surfaced as "create
 * failed", "Cannot set properties of null" or "p.tripleDrawTarget is not a function").
 */
function created(create: (params: unknown, ctx: never) => unknown, params: unknown, ctx: never, name: string, file: string): unknown {
  let s: unknown;
  try {
    s = create(params, ctx);
  } catch (e) {
    throw new Error(`strategy "${name}" (plugin ${file}) failed in create(): ${e instanceof Error ? e.message : String(e)}`);
  }
  if (s === null || typeof s !== 'object') throw new Error(`strategy "${name}" (plugin ${file}): create() returned ${s === null ? 'null' : typeof s}, not a strategy object`);
  // The game it is made for, from the rules in its context (a plugin may serve several games).
  const game = String((ctx as { rules?: { game?: unknown } }).rules?.game);
  const missing = (METHODS[game] ?? []).filter((m) => typeof (s as Record<string, unknown>)[m] !== 'function');
  if (missing.length) throw new Error(`strategy "${name}" (plugin ${file}): create() returned no ${missing.map((m) => `${m}(view)`).join(', ')}, which every ${game} strategy answers with (is its game field "${game}" the game it was written for?)`);
  return s;
}

/**
 * The strategy a plugin's create returned, with every method (own or inherited) wrapped so that a
 * throw names the strategy, the method and the file; the rest reads through to the original.
 */
function naming(strategy: unknown, name: string, file: string): unknown {
  if (strategy === null || typeof strategy !== 'object') return strategy;
  const out = Object.create(strategy) as Record<string, unknown>;
  for (let o: object | null = strategy; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const key of Object.getOwnPropertyNames(o)) {
      const f: unknown = Object.getOwnPropertyDescriptor(o, key)?.value;
      if (key === 'constructor' || typeof f !== 'function' || Object.prototype.hasOwnProperty.call(out, key)) continue;
      out[key] = (...args: unknown[]): unknown => {
        try {
          return (f as (...a: unknown[]) => unknown).apply(strategy, args);
        } catch (e) {
          throw new Error(`strategy "${name}" (plugin ${file}) failed in ${key}(): ${e instanceof Error ? e.message : String(e)}`);
        }
      };
    }
  }
  return out;
}
