/**
 * SEVENFALL rules as data: the canister, the row, the discard budget, the rounds and the category
 * table. Everything a user may change lives here, is validated once, and names the field it rejects.
 */
import { UserError } from '../../engine/errors.js';
import { expectArray, expectInt, expectKeys, expectObject, expectString, parseJson } from '../../engine/validate.js';

export interface Category {
  /** Display name, e.g. "Four of a Kind + Pair". */
  name: string;
  /** Group sizes the category needs, largest first: [4, 2] means a group of >= 4 and another of >= 2. */
  parts: number[];
  points: number;
}

export interface SevenfallRules {
  game: 'sevenfall';
  name: string;
  /** Distinct symbols; tiles of symbol s are coded s (0-based). */
  symbols: number;
  copiesPerSymbol: number;
  wilds: number;
  breaks: number;
  /** Tiles in a Fate Row. */
  rowSize: number;
  /** Most tiles one turn may discard in total. */
  discardBudget: number;
  rounds: number;
  categories: Category[];
  /**
   * When drawn tiles go back into the canister: `turn` (every turn starts from the full canister) or
   * `round` (tiles taken in a round stay out until the round ends; later players draw from the rest).
   */
  refill: 'turn' | 'round';
  /** A tie for the lead after the last round: `shared` (each of k tied players gets 1/k of a win) or `none`. */
  tieRule: 'shared' | 'none';
}

const TABLE: [string, number[], number][] = [
  ['Five of a Kind + Pair', [5, 2], 18],
  ['Four of a Kind + Triple', [4, 3], 16],
  ['Five of a Kind', [5], 15],
  ['Triple + Two Pairs', [3, 2, 2], 15],
  ['Four of a Kind + Pair', [4, 2], 12],
  ['Two Triples', [3, 3], 12],
  ['Four of a Kind', [4], 10],
  ['Triple + Pair', [3, 2], 8],
  ['Three Pairs', [2, 2, 2], 6],
  ['One Triple', [3], 5],
  ['Two Pairs', [2, 2], 3],
  ['One Pair', [2], 1],
];
const categories = (): Category[] => TABLE.map(([name, parts, points]) => ({ name, parts: [...parts], points }));

export const SEVENFALL_PRESETS: Record<string, () => SevenfallRules> = {
  sevenfall: () => ({
    game: 'sevenfall', name: 'sevenfall', symbols: 7, copiesPerSymbol: 5, wilds: 3, breaks: 2,
    rowSize: 7, discardBudget: 3, rounds: 5, categories: categories(), refill: 'turn', tieRule: 'shared',
  }),
  'sevenfall-6x6': () => ({
    game: 'sevenfall', name: 'sevenfall-6x6', symbols: 6, copiesPerSymbol: 6, wilds: 2, breaks: 2,
    rowSize: 7, discardBudget: 3, rounds: 5, categories: categories(), refill: 'turn', tieRule: 'shared',
  }),
};

export const WILD = (r: SevenfallRules): number => r.symbols;
export const BREAK = (r: SevenfallRules): number => r.symbols + 1;
export const totalTiles = (r: SevenfallRules): number => r.symbols * r.copiesPerSymbol + r.wilds + r.breaks;

const KEYS = ['game', 'name', 'symbols', 'copiesPerSymbol', 'wilds', 'breaks', 'rowSize', 'discardBudget', 'rounds', 'categories', 'refill', 'tieRule'];
const OPTIONAL = ['name', 'refill', 'tieRule'];

function expectChoice<T extends string>(v: unknown, path: string, choices: readonly T[], fallback: T): T {
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !choices.includes(v as T)) throw new UserError(`${path}: expected one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${JSON.stringify(v)}`);
  return v as T;
}

/** Validates parsed JSON as SEVENFALL rules; throws a UserError naming the offending field. */
export function validateSevenfallRules(input: unknown, source = 'rules'): SevenfallRules {
  const o = expectObject(input, source);
  expectKeys(o, source, KEYS, KEYS.filter((k) => !OPTIONAL.includes(k)));
  if (o.game !== 'sevenfall') throw new UserError(`${source}.game: expected "sevenfall", got ${JSON.stringify(o.game)}`);
  const r: SevenfallRules = {
    game: 'sevenfall',
    name: o.name === undefined ? source : expectString(o.name, `${source}.name`),
    symbols: expectInt(o.symbols, `${source}.symbols`, 1, 16),
    copiesPerSymbol: expectInt(o.copiesPerSymbol, `${source}.copiesPerSymbol`, 0, 64),
    wilds: expectInt(o.wilds, `${source}.wilds`, 0, 32),
    breaks: expectInt(o.breaks, `${source}.breaks`, 0, 32),
    rowSize: expectInt(o.rowSize, `${source}.rowSize`, 1, 12),
    discardBudget: expectInt(o.discardBudget, `${source}.discardBudget`, 0, 8),
    rounds: expectInt(o.rounds, `${source}.rounds`, 1, 1000),
    categories: [],
    refill: expectChoice(o.refill, `${source}.refill`, ['turn', 'round'] as const, 'turn'),
    tieRule: expectChoice(o.tieRule, `${source}.tieRule`, ['shared', 'none'] as const, 'shared'),
  };
  if (r.discardBudget > r.rowSize) {
    throw new UserError(`${source}.discardBudget: ${r.discardBudget} is more than rowSize ${r.rowSize}`);
  }
  const total = totalTiles(r);
  if (total < r.rowSize + r.discardBudget) {
    throw new UserError(`${source}: the canister holds ${total} tiles (symbols x copiesPerSymbol + wilds + breaks), fewer than rowSize + discardBudget = ${r.rowSize + r.discardBudget}`);
  }
  const cats = expectArray(o.categories, `${source}.categories`, 1);
  if (cats.length > 100) throw new UserError(`${source}.categories: ${cats.length} categories, at most 100 are supported`);
  const seen = new Map<string, string>();
  cats.forEach((c, i) => {
    const path = `${source}.categories[${i}]`;
    const co = expectObject(c, path);
    expectKeys(co, path, ['name', 'parts', 'points']);
    const name = expectString(co.name, `${path}.name`);
    const parts = expectArray(co.parts, `${path}.parts`, 1).map((p, j) => expectInt(p, `${path}.parts[${j}]`, 1, r.rowSize));
    parts.sort((a, b) => b - a);
    const size = parts.reduce((a, b) => a + b, 0);
    if (size > r.rowSize) throw new UserError(`${path}.parts: needs ${size} tiles, more than rowSize ${r.rowSize}`);
    const points = expectInt(co.points, `${path}.points`, 0, 10000);
    const key = parts.join('+');
    if (seen.has(key)) throw new UserError(`${path}.parts: [${key}] is already category "${seen.get(key)}"`);
    seen.set(key, name);
    r.categories.push({ name, parts, points });
  });
  checkScoreTableSize(r, source);
  return r;
}

/**
 * The score table (scoring.ts) is built on the main thread before any game: one entry per group-size
 * profile x Wilds x Breaks (3 bytes each), each found by trying every way to give the Wilds to the
 * symbols. Both grow fast with rowSize, wilds and symbols; these limits keep the build to about a
 * second or two, so the process answers Ctrl-C and SIGTERM soon after it starts.
 */
export const MAX_SCORE_TABLE = { entries: 32_000_000, assignments: 1_000_000 };

/** The table's length and the number of Wild assignments its build tries (mirrors ScoreTable's loops). */
export function scoreTableSize(r: SevenfallRules): { entries: number; assignments: number } {
  const n = r.rowSize;
  const wilds = Math.min(r.wilds, n);
  const breaks = Math.min(r.breaks, n);
  let keys = 1;
  for (let k = 1; k <= n; k++) keys *= Math.floor(n / k) + 1;
  // Ways to give w Wilds to the symbols: C(w + symbols - 1, w), by w.
  const ways = [1];
  for (let w = 1; w <= wilds; w++) ways.push((ways[w - 1] * (w + r.symbols - 1)) / w);
  let assignments = 0;
  const profiles = (i: number, maxPart: number, used: number): void => {
    for (let w = 0; w <= Math.min(wilds, n - used); w++) assignments += ways[w] * (Math.min(breaks, n - used - w) + 1);
    if (i === r.symbols) return;
    for (let c = 1; c <= Math.min(maxPart, n - used, r.copiesPerSymbol); c++) profiles(i + 1, c, used + c);
  };
  profiles(0, n, 0);
  return { entries: keys * (wilds + 1) * (breaks + 1), assignments };
}

function checkScoreTableSize(r: SevenfallRules, source: string): void {
  const { entries, assignments } = scoreTableSize(r);
  const fix = 'use a smaller rowSize, fewer wilds, breaks or symbols';
  if (entries > MAX_SCORE_TABLE.entries) {
    throw new UserError(`${source}: the score table for rowSize ${r.rowSize}, ${r.wilds} wilds and ${r.breaks} breaks would have ${entries.toLocaleString('en-US')} entries, at most ${MAX_SCORE_TABLE.entries.toLocaleString('en-US')} are supported; ${fix}`);
  }
  if (assignments > MAX_SCORE_TABLE.assignments) {
    throw new UserError(`${source}: building the score table would try ${assignments.toLocaleString('en-US')} ways of giving the wilds to the ${r.symbols} symbols, at most ${MAX_SCORE_TABLE.assignments.toLocaleString('en-US')} are supported; ${fix}`);
  }
}

export function parseSevenfallRules(text: string, source: string): SevenfallRules {
  return validateSevenfallRules(parseJson(text, source), source);
}

/** With refill `round`, a round needs every player's row and discards from one canister. */
export function checkCanisterFor(r: SevenfallRules, players: number): void {
  const need = players * (r.rowSize + r.discardBudget);
  if (r.refill === 'round' && totalTiles(r) < need) {
    throw new UserError(`refill "round": ${players} players may take ${need} tiles in a round (players x (rowSize + discardBudget)), but the canister holds ${totalTiles(r)}; use fewer players or refill "turn"`);
  }
}

export function sevenfallPreset(name: string): SevenfallRules {
  const make = Object.hasOwn(SEVENFALL_PRESETS, name) ? SEVENFALL_PRESETS[name] : undefined; // not "constructor" or "__proto__"
  if (!make) throw new UserError(`unknown SEVENFALL preset "${name}" (presets: ${Object.keys(SEVENFALL_PRESETS).join(', ')})`);
  return make();
}
