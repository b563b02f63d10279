/**
 * What every strategy module declares: a name, a one-line description, typed bounded parameters with
 * defaults, and a factory. Strategies see read-only views and return integer action codes; they get
 * their own random stream, never the deck's.
 */
import { UserError } from './errors.js';
import { type ParamSpec, type ParamValues, parseSpec, resolveParams, type Values } from './params.js';

// The sink is the decision counter's contract (decisions.ts); engines and strategies' hosts import it from either.
export type { DecisionSink } from './decisions.js';

/**
 * `P`, the parameter list (from `defineParams`), types the values `create` receives; a registry of
 * strategies holds them as `StrategyDef<S, Ctx>` (the values as `ParamValues`).
 */
export interface StrategyDef<S, Ctx, P extends readonly ParamSpec[] = readonly ParamSpec[]> {
  name: string;
  doc: string;
  params: P;
  create(params: Values<P>, ctx: Ctx): S;
}

/** A strategy instance plus the spec that made it (for messages and result files). */
export interface Labelled {
  readonly label: string;
}

/** Builds a strategy from `name:key=value,...` against a registry. */
export function createStrategy<S extends object, Ctx>(
  game: string,
  registry: readonly StrategyDef<S, Ctx>[],
  text: string,
  ctx: Ctx,
): S & Labelled {
  const spec = parseSpec(text);
  const def = registry.find((d) => d.name === spec.name);
  if (!def) {
    throw new UserError(`unknown ${game} strategy "${spec.name}" (strategies: ${registry.map((d) => d.name).join(', ')}; see \`sevensim strategies --game ${game}\`)`);
  }
  const params = resolveParams(spec.name, def.params, spec.raw);
  const s = def.create(params, ctx) as S & { label: string };
  s.label = canonicalSpec(def.name, params);
  return s;
}

/** The spec with every parameter spelled out, e.g. `stay-at:points=20`. */
export function canonicalSpec(name: string, params: ParamValues): string {
  const keys = Object.keys(params);
  return keys.length ? `${name}:${keys.map((k) => `${k}=${params[k]}`).join(',')}` : name;
}

/** Checks a spec without building it (for early CLI errors); returns it with every parameter spelled out. */
export function checkStrategySpec<S, Ctx>(game: string, registry: readonly StrategyDef<S, Ctx>[], text: string): string {
  const spec = parseSpec(text);
  const def = registry.find((d) => d.name === spec.name);
  if (!def) throw new UserError(`unknown ${game} strategy "${spec.name}" (strategies: ${registry.map((d) => d.name).join(', ')})`);
  return canonicalSpec(def.name, resolveParams(spec.name, def.params, spec.raw));
}

/** A read-only numeric array: what strategies see of the engine's typed arrays. */
export interface ReadonlyInts {
  readonly length: number;
  readonly [i: number]: number;
}

/**
 * A deep-frozen copy of plain data (a rules object) for strategies: they read the rules but never hold
 * the engine's own object, so no strategy can change the game it plays.
 */
export function readOnlyCopy<T extends object>(value: T): Readonly<T> {
  const freeze = (o: unknown): void => {
    if (o === null || typeof o !== 'object' || Object.isFrozen(o)) return;
    Object.freeze(o);
    for (const v of Object.values(o)) freeze(v);
  };
  const copy = structuredClone(value);
  freeze(copy);
  return copy;
}
