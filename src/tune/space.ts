/**
 * The searched space of a strategy: its declared parameters, narrowed by `--param NAME=LO:HI[:STEP]`,
 * pinned by `--fix NAME=VALUE`. A point is one number per searched dimension (an enum's value index);
 * `specOf` turns it into the spec string that simulate and compare accept.
 */
import { UserError } from '../engine/errors.js';
import { type ParamSpec, type ParamValues, parseSpec, resolveParams } from '../engine/params.js';
import { canonicalSpec } from '../engine/strategy.js';

export type Dim =
  /** step: the --param step (grid spacing and resolution), or null: ints then move by 1, reals freely. */
  | { name: string; kind: 'int' | 'number'; lo: number; hi: number; step: number | null }
  | { name: string; kind: 'enum'; values: readonly string[] };

export type Point = number[];

export interface Space {
  strategy: string;
  params: readonly ParamSpec[];
  dims: Dim[];
  /** Values of the parameters not searched: --fix, else --start, else the declared default. */
  fixed: ParamValues;
  /** The starting spec's values (declared defaults, or --start). */
  start: ParamValues;
}

/** Without a step, a grid takes every value of an int range of at most MAX_FULL_INT_GRID values, else GRID_POINTS evenly spaced values. */
export const MAX_FULL_INT_GRID = 101;
export const GRID_POINTS = 21;

export interface SpaceRequest {
  strategy: string;
  params: readonly ParamSpec[];
  /** --param values: NAME, NAME=LO:HI or NAME=LO:HI:STEP. */
  search: readonly string[];
  /** --fix values: NAME=VALUE. */
  fix: readonly string[];
  /** --start SPEC, or null for the declared defaults. */
  start: string | null;
}

const num = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/** True when `step` divides hi - lo (to a relative tolerance: 0.1 steps are not exact in binary). */
function divides(lo: number, hi: number, step: number): boolean {
  const q = (hi - lo) / step;
  return Math.abs(q - Math.round(q)) < 1e-9 * Math.max(1, q);
}

export function buildSpace(req: SpaceRequest): Space {
  const { strategy, params } = req;
  const known = params.map((p) => p.name).join(', ') || 'none';
  const find = (name: string, flag: string): ParamSpec => {
    const p = params.find((s) => s.name === name);
    if (!p) throw new UserError(`${flag} ${name}: strategy "${strategy}" has no parameter "${name}" (parameters: ${known})`);
    return p;
  };
  let start: ParamValues;
  if (req.start === null) start = resolveParams(strategy, params, {});
  else {
    const s = parseSpec(req.start);
    if (s.name !== strategy) throw new UserError(`--start ${req.start}: the start must be a spec of the tuned strategy "${strategy}"`);
    start = resolveParams(strategy, params, s.raw);
  }
  const fixedRaw: Record<string, string> = {};
  for (const f of req.fix) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new UserError(`--fix ${f}: expected NAME=VALUE, e.g. --fix freeze=most`);
    const name = f.slice(0, eq).trim();
    find(name, '--fix');
    if (Object.hasOwn(fixedRaw, name)) throw new UserError(`--fix ${name}: given twice`);
    fixedRaw[name] = f.slice(eq + 1).trim();
  }
  const fixedValues = resolveParams(strategy, params, fixedRaw); // checks type and range
  // A pinned value holds everywhere, the start included: the start is a candidate and may be the answer.
  for (const name of Object.keys(fixedRaw)) start[name] = fixedValues[name];
  const dims: Dim[] = [];
  for (const text of req.search) {
    const eq = text.indexOf('=');
    const name = (eq < 0 ? text : text.slice(0, eq)).trim();
    const p = find(name, '--param');
    if (dims.some((d) => d.name === name)) throw new UserError(`--param ${name}: given twice`);
    if (Object.hasOwn(fixedRaw, name)) throw new UserError(`--param ${name}: also pinned by --fix; search it or fix it, not both`);
    if (p.type === 'enum') {
      if (eq >= 0) throw new UserError(`--param ${text}: ${name} is an enum (${p.values.join('|')}); a range does not apply, give --param ${name} to search every value`);
      dims.push({ name, kind: 'enum', values: p.values });
      continue;
    }
    if (eq < 0) {
      dims.push({ name, kind: p.type, lo: p.min, hi: p.max, step: null });
      continue;
    }
    const parts = text.slice(eq + 1).split(':');
    const [lo, hi, step] = parts.map(num);
    if (parts.length < 2 || parts.length > 3 || !Number.isFinite(lo) || !Number.isFinite(hi) || (parts.length === 3 && !Number.isFinite(step))) {
      throw new UserError(`--param ${text}: expected ${name}=LO:HI or ${name}=LO:HI:STEP with numbers, e.g. ${name}=${p.min}:${p.max}`);
    }
    if (!(lo < hi)) throw new UserError(`--param ${text}: the range is ${lo === hi ? 'empty' : 'inverted'} (LO must be below HI; to pin a value use --fix ${name}=${lo})`);
    if (lo < p.min || hi > p.max) throw new UserError(`--param ${text}: outside ${name}'s declared range [${p.min}, ${p.max}]`);
    if (p.type === 'int' && (!Number.isInteger(lo) || !Number.isInteger(hi) || (step !== undefined && !Number.isInteger(step)))) {
      throw new UserError(`--param ${text}: ${name} is an integer; LO, HI and STEP must be integers`);
    }
    if (step !== undefined && !(step > 0)) throw new UserError(`--param ${text}: the step must be positive`);
    if (step !== undefined && !divides(lo, hi, step)) throw new UserError(`--param ${text}: the step ${step} does not divide the range ${hi} - ${lo}; choose HI = LO + a multiple of STEP`);
    dims.push({ name, kind: p.type, lo, hi, step: step ?? null });
  }
  if (req.search.length === 0) {
    // Every numeric parameter not fixed; a strategy with enums only searches those.
    const free = params.filter((p) => !(p.name in fixedRaw));
    const numeric = free.filter((p) => p.type !== 'enum');
    if (numeric.length === 0 && free.length > 0 && params.some((p) => p.type !== 'enum')) {
      throw new UserError(`--fix pins every numeric parameter of "${strategy}"; name what to search with --param (e.g. --param ${free[0].name})`);
    }
    for (const p of numeric.length ? numeric : free) {
      dims.push(p.type === 'enum' ? { name: p.name, kind: 'enum', values: p.values } : { name: p.name, kind: p.type, lo: p.min, hi: p.max, step: null });
    }
  }
  if (dims.length === 0) throw new UserError(`strategy "${strategy}" has nothing to tune (parameters: ${known}${Object.keys(fixedRaw).length ? '; all are fixed' : ''})`);
  const fixed: ParamValues = {};
  for (const p of params) if (!dims.some((d) => d.name === p.name)) fixed[p.name] = p.name in fixedRaw ? fixedValues[p.name] : start[p.name];
  return { strategy, params, dims, fixed, start };
}

/** A dimension's value of `x` snapped to what can be played: ints and steps rounded, reals to 6 digits. */
export function snap(d: Dim, x: number): number {
  if (d.kind === 'enum') return Math.min(d.values.length - 1, Math.max(0, Math.round(x)));
  const c = Math.min(d.hi, Math.max(d.lo, x));
  if (d.step !== null) return Math.min(d.hi, Number((d.lo + Math.round((c - d.lo) / d.step) * d.step).toPrecision(12)));
  return d.kind === 'int' ? Math.round(c) : Number(c.toPrecision(6));
}

export const snapPoint = (s: Space, p: Point): Point => s.dims.map((d, i) => snap(d, p[i]));

/** The parameter values of a point (searched dimensions from the point, the rest fixed). */
export function valuesOf(s: Space, p: Point): ParamValues {
  const v: ParamValues = {};
  for (const param of s.params) {
    const i = s.dims.findIndex((d) => d.name === param.name);
    if (i < 0) v[param.name] = s.fixed[param.name];
    else {
      const d = s.dims[i];
      v[param.name] = d.kind === 'enum' ? d.values[p[i]] : p[i];
    }
  }
  return v;
}

export const specOf = (s: Space, p: Point): string => canonicalSpec(s.strategy, valuesOf(s, p));

/** The start as a point (each dimension's start value, clamped into the searched box). */
export function startPoint(s: Space): Point {
  return s.dims.map((d) => {
    const v = s.start[d.name];
    return d.kind === 'enum' ? d.values.indexOf(v as string) : snap(d, v as number);
  });
}

/** The values a grid visits along one dimension. */
export function gridValues(d: Dim): number[] {
  if (d.kind === 'enum') return d.values.map((_, i) => i);
  const step = d.step ?? (d.kind === 'int' && d.hi - d.lo < MAX_FULL_INT_GRID ? 1 : null);
  if (step !== null) return Array.from({ length: Math.round((d.hi - d.lo) / step) + 1 }, (_, i) => snap(d, d.lo + i * step));
  return [...new Set(Array.from({ length: GRID_POINTS }, (_, i) => snap(d, d.lo + ((d.hi - d.lo) * i) / (GRID_POINTS - 1))))];
}

export function gridSize(s: Space): number {
  return s.dims.reduce((n, d) => n * gridValues(d).length, 1);
}

/** Every grid point, the first dimension varying slowest. */
export function gridPoints(s: Space): Point[] {
  let points: Point[] = [[]];
  for (const d of s.dims) points = points.flatMap((p) => gridValues(d).map((v) => [...p, v]));
  return points;
}

/** A point's coordinates in [0, 1] per numeric dimension (for CMA-ES and SPSA), and back. */
export const toUnit = (s: Space, p: Point): number[] => s.dims.map((d, i) => (d.kind === 'enum' ? 0 : (p[i] - d.lo) / (d.hi - d.lo)));
export const fromUnit = (s: Space, u: readonly number[], base: Point): Point =>
  s.dims.map((d, i) => (d.kind === 'enum' ? base[i] : snap(d, d.lo + u[i] * (d.hi - d.lo))));

/** The smallest move in unit coordinates that changes a dimension's value (its step), or 0. */
export const unitStep = (d: Dim): number => (d.kind === 'enum' ? 0 : (d.step ?? (d.kind === 'int' ? 1 : 0)) / (d.hi - d.lo));

export const numericDims = (s: Space): number => s.dims.filter((d) => d.kind !== 'enum').length;
