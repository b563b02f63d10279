/**
 * Small checks for rules files. Each names the field it rejects, so a user can find it in the file.
 */
import { UserError } from './errors.js';

export type Json = Record<string, unknown>;

export function expectObject(v: unknown, path: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new UserError(`${path}: expected an object, got ${describe(v)}`);
  }
  return v as Json;
}

export function expectKeys(obj: Json, path: string, allowed: readonly string[], required: readonly string[] = allowed): void {
  for (const k of Object.keys(obj)) {
    if (!allowed.includes(k)) throw new UserError(`${path}.${k}: unknown key (allowed: ${allowed.join(', ')})`);
  }
  for (const k of required) {
    if (!(k in obj)) throw new UserError(`${path}.${k}: missing`);
  }
}

export function expectInt(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new UserError(`${path}: expected an integer, got ${describe(v)}`);
  if (v < min) throw new UserError(`${path}: ${v} is below the minimum ${min}`);
  if (v > max) throw new UserError(`${path}: ${v} is above the maximum ${max}`);
  return v;
}

export function expectString(v: unknown, path: string): string {
  if (typeof v !== 'string' || v.length === 0) throw new UserError(`${path}: expected a non-empty string, got ${describe(v)}`);
  return v;
}

export function expectArray(v: unknown, path: string, minLength = 0): unknown[] {
  if (!Array.isArray(v)) throw new UserError(`${path}: expected an array, got ${describe(v)}`);
  if (v.length < minLength) throw new UserError(`${path}: expected at least ${minLength} entries, got ${v.length}`);
  return v;
}

export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserError(`${source}: not valid JSON (${(e as Error).message})`);
  }
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  try {
    return JSON.stringify(v);
  } catch {
    return Array.isArray(v) ? 'an array nested too deeply to show' : 'a value too deeply nested to show'; // a hostile file: JSON.stringify ran out of stack
  }
}
