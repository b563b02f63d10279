/**
 * Strategy specs: `name` or `name:key=value,key=value`. Each strategy declares named, typed,
 * bounded parameters with defaults; this module parses a spec and fills in the defaults in one place.
 */
import { UserError } from './errors.js';

export type ParamSpec =
  | { name: string; type: 'int' | 'number'; min: number; max: number; default: number; doc: string }
  | { name: string; type: 'enum'; values: readonly string[]; default: string; doc: string };

export type ParamValues = Record<string, number | string>;

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
    if (text === '' || !Number.isFinite(v) || (s.type === 'int' && !Number.isInteger(v))) {
      throw new UserError(`strategy "${strategy}": ${s.name}=${text} is not ${s.type === 'int' ? 'an integer' : 'a number'}`);
    }
    if (v < s.min || v > s.max) {
      throw new UserError(`strategy "${strategy}": ${s.name}=${text} is outside [${s.min}, ${s.max}]`);
    }
    out[s.name] = v;
  }
  return out;
}

export function describeParam(s: ParamSpec): string {
  const range = s.type === 'enum' ? s.values.join('|') : `${s.type} in [${s.min}, ${s.max}]`;
  return `${s.name}=${s.default} (${range}): ${s.doc}`;
}
