/**
 * Strategy specs: `name` or `name:key=value,key=value`. Each strategy declares named, typed,
 * bounded parameters with defaults; this module parses a spec and fills in the defaults in one place.
 */
import { UserError } from './errors.js';

export type ParamSpec =
  | { name: string; type: 'int' | 'number'; min: number; max: number; default: number; doc: string }
  | { name: string; type: 'enum'; values: readonly string[]; default: string; doc: string };

export type ParamValues = Record<string, number | string>;

/**
 * A parameter's declaration without its name (the name is its key in `defineParams`): `int`, `num`
 * and `oneOf` build them, e.g. `defineParams({ points: int(0, 80, 30, 'stay threshold') })`.
 */
export type NumberDecl = { type: 'int' | 'number'; min: number; max: number; default: number; doc: string };
export type EnumDecl<V extends string = string> = { type: 'enum'; values: readonly V[]; default: V; doc: string };
export type ParamDecl = NumberDecl | EnumDecl;

export const int = (min: number, max: number, value: number, doc: string): NumberDecl => ({ type: 'int', min, max, default: value, doc });
export const num = (min: number, max: number, value: number, doc: string): NumberDecl => ({ type: 'number', min, max, default: value, doc });
export const oneOf = <const V extends string>(values: readonly V[], value: NoInfer<V>, doc: string): EnumDecl<V> => ({ type: 'enum', values, default: value, doc });

/** The declarations `D` as the list strategies carry (`StrategyDef.params`), each named by its key. */
export type ParamList<D extends Readonly<Record<string, ParamDecl>>> = readonly { [K in keyof D & string]: D[K] & { name: K } }[keyof D & string][];

/**
 * The values `create` receives for the parameter list `P`: a number for `int` and `number`, one of the
 * declared strings for `enum`. For a list typed only as `ParamSpec[]` this is `ParamValues`.
 */
export type Values<P extends readonly ParamSpec[]> = { readonly [S in P[number] as S['name']]: S extends { type: 'enum'; values: readonly (infer V)[] } ? V : number };

/** Declares a strategy's parameters once, in order: the list the CLI, tune and checks read, typed for `create`. */
export function defineParams<const D extends Readonly<Record<string, ParamDecl>>>(decls: D): ParamList<D> {
  return Object.entries(decls).map(([name, d]) => ({ name, ...d })) as unknown as ParamList<D>;
}

/** The same declarations with other defaults (e.g. a strategy that defaults to other shared choices). */
export function withDefaults<D extends Readonly<Record<string, ParamDecl>>>(decls: D, defaults: { [K in keyof D]?: D[K]['default'] }): D {
  const out: Record<string, ParamDecl> = { ...decls };
  for (const [k, v] of Object.entries(defaults)) out[k] = { ...decls[k], default: v } as ParamDecl;
  return out as D;
}

export interface ParsedSpec {
  name: string;
  raw: Record<string, string>;
  text: string;
}

export function parseSpec(text: string): ParsedSpec {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  if (!/^[a-z][a-z0-9-]*$/.test(name)) {
    throw new UserError(`strategy spec "${text}": "${name}" is not a strategy name (expected e.g. greedy or stay-at:points=20)`);
  }
  const raw: Record<string, string> = Object.create(null); // "__proto__=1" is a key like any other, refused as unknown
  if (colon >= 0) {
    for (const part of text.slice(colon + 1).split(',')) {
      const eq = part.indexOf('=');
      if (eq <= 0) throw new UserError(`strategy spec "${text}": "${part}" is not key=value`);
      const key = part.slice(0, eq).trim();
      if (Object.hasOwn(raw, key)) throw new UserError(`strategy spec "${text}": parameter "${key}" given twice`);
      raw[key] = part.slice(eq + 1).trim();
    }
  }
  return { name, raw, text };
}

/** Checks raw parameter strings against their declarations and fills in defaults. */
export function resolveParams(strategy: string, specs: readonly ParamSpec[], raw: Record<string, string>): ParamValues {
  const out: ParamValues = {};
  for (const key of Object.keys(raw)) {
    if (!specs.some((s) => s.name === key)) {
      const known = specs.length ? specs.map((s) => s.name).join(', ') : 'none';
      throw new UserError(`strategy "${strategy}": unknown parameter "${key}" (parameters: ${known})`);
    }
  }
  for (const s of specs) {
    const text = raw[s.name];
    if (text === undefined) {
      out[s.name] = s.default;
      continue;
    }
    if (s.type === 'enum') {
      if (!s.values.includes(text)) {
        throw new UserError(`strategy "${strategy}": ${s.name}=${text} is not one of ${s.values.join(', ')}`);
      }
      out[s.name] = text;
      continue;
    }
    const v = Number(text);
    // Decimal only: Number() also takes hex, binary, blanks and '' (0x19 would run as 25 under another label).
    if (!DECIMAL.test(text) || !Number.isFinite(v) || (s.type === 'int' && !Number.isInteger(v))) {
      throw new UserError(`strategy "${strategy}": ${s.name}=${text} is not ${s.type === 'int' ? 'an integer' : 'a number'}`);
    }
    if (v < s.min || v > s.max) {
      throw new UserError(`strategy "${strategy}": ${s.name}=${text} is outside [${s.min}, ${s.max}]`);
    }
    out[s.name] = v;
  }
  return out;
}

/** A decimal number as people and tune write them: 25, -2, 0.25, .5, 1e-7. */
export const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function describeParam(s: ParamSpec): string {
  const range = s.type === 'enum' ? s.values.join('|') : `${s.type} in [${s.min}, ${s.max}]`;
  return `${s.name}=${s.default} (${range}): ${s.doc}`;
}
