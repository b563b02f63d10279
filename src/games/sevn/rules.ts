/**
 * SEVN rules as data: the deck (number values and copies, Ballast, modifiers, action and bonus cards),
 * the bonus thresholds, what makes a SEVN, the target score, the round cap and the optional rule choices
 * (Freeze on oneself, where a Storm starts, the deck and the deal across rounds, a tied lead). Everything a user may
 * change lives here, is validated once, and names the field it rejects.
 */
import { UserError } from '../../engine/errors.js';
import { expectArray, expectInt, expectKeys, expectObject, expectString, type Json, parseJson } from '../../engine/validate.js';

export interface NumberCards {
  value: number;
  copies: number;
}

export interface Modifier {
  /** `multiply` multiplies the row's sum (x2); `add` adds its value after that (+4). */
  kind: 'multiply' | 'add';
  value: number;
  count: number;
}

export interface ActionCounts {
  freeze: number;
  secondChance: number;
  tripleDraw: number;
  crossroads: number;
  storm: number;
}

export interface SevnBonuses {
  /** +points with at least minCards scoring cards (numbers and kept Ballast), all <= maxValue. */
  featherweight: { count: number; points: number; minCards: number; maxValue: number };
  /** +points with at least minCards number cards of value >= minValue. */
  heavyweight: { count: number; points: number; minCards: number; minValue: number };
  /** pointsPerCard x the longest run of consecutive number values, if that run is >= minRun. */
  ladder: { count: number; pointsPerCard: number; minRun: number };
}

export interface SevnRules {
  game: 'sevn';
  name: string;
  /** Number cards: distinct values 0..30, each with its number of copies. */
  numbers: NumberCards[];
  /** Ballast cards: one card per (distinct, negative) value. */
  ballast: number[];
  modifiers: Modifier[];
  actions: ActionCounts;
  /** Cards a Triple Draw deals to its target, at most (3). */
  tripleDrawCards: number;
  bonuses: SevnBonuses;
  /** `distinct` scoring values in a row end the round at once and add `bonus` to that row. */
  sevn: { distinct: number; bonus: number };
  /** The game ends after a round in which some total reaches `target` and the lead is not tied. */
  target: number;
  /** A game that has not ended after this many rounds is an error (a strategy that never scores). */
  maxRounds: number;
  /** May the drawer of a Freeze choose itself (true, the default). */
  freezeSelf: boolean;
  /** Where a Storm's draws start: `drawer` (default) or `left-of-drawer`; clockwise over every player still in either way. */
  stormStart: 'drawer' | 'left-of-drawer';
  /** Game mode: the deck persists across rounds (true, default) or every round starts from a freshly shuffled full deck (false). */
  deckPersists: boolean;
  /** Game mode: the deal moves one seat clockwise each round (true, default) or seat 0 deals every round (false). */
  dealerRotates: boolean;
  /**
   * A round ending with a total >= target and the highest total tied: `play-on` (default: another round)
   * or `shared` (the game ends; each of the k tied leaders gets 1/k of a win).
   */
  tiedLead: 'play-on' | 'shared';
}

/** The optional fields' defaults (the behaviour of a rules file that leaves them out). */
export const SEVN_OPTION_DEFAULTS = {
  freezeSelf: true,
  stormStart: 'drawer',
  deckPersists: true,
  dealerRotates: true,
  tiedLead: 'play-on',
} as const satisfies Pick<SevnRules, 'freezeSelf' | 'stormStart' | 'deckPersists' | 'dealerRotates' | 'tiedLead'>;

const numbersUpTo = (max: number): NumberCards[] =>
  Array.from({ length: max + 1 }, (_, v) => ({ value: v, copies: Math.max(1, v) }));

const modifiers = (): Modifier[] => [
  { kind: 'multiply', value: 2, count: 1 },
  ...[2, 4, 6, 8, 10].map((value) => ({ kind: 'add' as const, value, count: 1 })),
];

const bonuses = (count: number): SevnBonuses => ({
  featherweight: { count, points: 15, minCards: 4, maxValue: 6 },
  heavyweight: { count, points: 12, minCards: 3, minValue: 10 },
  ladder: { count, pointsPerCard: 4, minRun: 3 },
});

const noActions = (): ActionCounts => ({ freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 0, storm: 0 });

export const SEVN_PRESETS: Record<string, () => SevnRules> = {
  sevn: () => ({
    game: 'sevn', name: 'sevn', numbers: numbersUpTo(13), ballast: [-1, -2, -3], modifiers: modifiers(),
    actions: { freeze: 3, secondChance: 3, tripleDraw: 3, crossroads: 2, storm: 2 }, tripleDrawCards: 3,
    bonuses: bonuses(2), sevn: { distinct: 7, bonus: 17 }, target: 250, maxRounds: 1000, ...SEVN_OPTION_DEFAULTS,
  }),
  flip7: () => ({
    game: 'sevn', name: 'flip7', numbers: numbersUpTo(12), ballast: [], modifiers: modifiers(),
    actions: { freeze: 3, secondChance: 3, tripleDraw: 3, crossroads: 0, storm: 0 }, tripleDrawCards: 3,
    bonuses: bonuses(0), sevn: { distinct: 7, bonus: 15 }, target: 200, maxRounds: 1000, ...SEVN_OPTION_DEFAULTS,
  }),
  'sevn-numbers': () => ({
    game: 'sevn', name: 'sevn-numbers', numbers: numbersUpTo(13), ballast: [], modifiers: [],
    actions: noActions(), tripleDrawCards: 3, bonuses: bonuses(0), sevn: { distinct: 7, bonus: 17 }, target: 250, maxRounds: 1000, ...SEVN_OPTION_DEFAULTS,
  }),
  'flip7-numbers': () => ({
    game: 'sevn', name: 'flip7-numbers', numbers: numbersUpTo(12), ballast: [], modifiers: [],
    actions: noActions(), tripleDrawCards: 3, bonuses: bonuses(0), sevn: { distinct: 7, bonus: 15 }, target: 200, maxRounds: 1000, ...SEVN_OPTION_DEFAULTS,
  }),
};

/** Every card in the deck. */
export function deckSize(r: SevnRules): number {
  let n = r.ballast.length;
  for (const c of r.numbers) n += c.copies;
  for (const m of r.modifiers) n += m.count;
  const a = r.actions;
  n += a.freeze + a.secondChance + a.tripleDraw + a.crossroads + a.storm;
  const b = r.bonuses;
  return n + b.featherweight.count + b.heavyweight.count + b.ladder.count;
}

/** Largest deck the engine's one-byte card positions allow. */
export const MAX_DECK = 255;

const KEYS = [
  'game', 'name', 'numbers', 'ballast', 'modifiers', 'actions', 'tripleDrawCards', 'bonuses', 'sevn', 'target', 'maxRounds',
  'freezeSelf', 'stormStart', 'deckPersists', 'dealerRotates', 'tiedLead',
];
const OPTIONAL = ['name', 'maxRounds', 'freezeSelf', 'stormStart', 'deckPersists', 'dealerRotates', 'tiedLead'];

function expectChoice<T extends string>(v: unknown, path: string, choices: readonly T[], fallback: T): T {
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !choices.includes(v as T)) throw new UserError(`${path}: expected one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${JSON.stringify(v)}`);
  return v as T;
}

function expectBool(v: unknown, path: string, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new UserError(`${path}: expected true or false, got ${JSON.stringify(v)}`);
  return v;
}
const ACTION_KEYS = ['freeze', 'secondChance', 'tripleDraw', 'crossroads', 'storm'] as const;

/** Validates parsed JSON as SEVN rules; throws a UserError naming the offending field. */
export function validateSevnRules(input: unknown, source = 'rules'): SevnRules {
  const o = expectObject(input, source);
  expectKeys(o, source, KEYS, KEYS.filter((k) => !OPTIONAL.includes(k)));
  if (o.game !== 'sevn') throw new UserError(`${source}.game: expected "sevn", got ${JSON.stringify(o.game)}`);

  const numbers: NumberCards[] = [];
  expectArray(o.numbers, `${source}.numbers`, 1).forEach((e, i) => {
    const path = `${source}.numbers[${i}]`;
    const eo = expectObject(e, path);
    expectKeys(eo, path, ['value', 'copies']);
    const value = expectInt(eo.value, `${path}.value`, 0, 30);
    if (numbers.some((n) => n.value === value)) throw new UserError(`${path}.value: ${value} is listed twice`);
    numbers.push({ value, copies: expectInt(eo.copies, `${path}.copies`, 0, 64) });
  });
  numbers.sort((a, b) => a.value - b.value);

  const ballast: number[] = [];
  expectArray(o.ballast, `${source}.ballast`).forEach((e, i) => {
    const v = expectInt(e, `${source}.ballast[${i}]`, -30, -1);
    if (ballast.includes(v)) throw new UserError(`${source}.ballast[${i}]: ${v} is listed twice (one card per Ballast value)`);
    ballast.push(v);
  });
  ballast.sort((a, b) => b - a);

  const mods: Modifier[] = [];
  expectArray(o.modifiers, `${source}.modifiers`).forEach((e, i) => {
    const path = `${source}.modifiers[${i}]`;
    const eo = expectObject(e, path);
    expectKeys(eo, path, ['kind', 'value', 'count']);
    if (eo.kind !== 'multiply' && eo.kind !== 'add') throw new UserError(`${path}.kind: expected "multiply" or "add", got ${JSON.stringify(eo.kind)}`);
    const value = eo.kind === 'multiply' ? expectInt(eo.value, `${path}.value`, 2, 10) : expectInt(eo.value, `${path}.value`, 1, 100);
    if (mods.some((m) => m.kind === eo.kind && m.value === value)) throw new UserError(`${path}: ${eo.kind} ${value} is listed twice (raise its count)`);
    mods.push({ kind: eo.kind, value, count: expectInt(eo.count, `${path}.count`, 0, 16) });
  });
  let product = 1;
  for (const m of mods) if (m.kind === 'multiply') product *= m.value ** m.count;
  if (product > 1024) throw new UserError(`${source}.modifiers: all multipliers together make x${product}, above the maximum x1024`);

  const ao = expectObject(o.actions, `${source}.actions`);
  expectKeys(ao, `${source}.actions`, [...ACTION_KEYS]);
  const actions = noActions();
  for (const k of ACTION_KEYS) actions[k] = expectInt(ao[k], `${source}.actions.${k}`, 0, 32);

  const bo = expectObject(o.bonuses, `${source}.bonuses`);
  expectKeys(bo, `${source}.bonuses`, ['featherweight', 'heavyweight', 'ladder']);
  const sub = (k: string, keys: string[]): Json => {
    const x = expectObject(bo[k], `${source}.bonuses.${k}`);
    expectKeys(x, `${source}.bonuses.${k}`, keys);
    return x;
  };
  const fw = sub('featherweight', ['count', 'points', 'minCards', 'maxValue']);
  const hw = sub('heavyweight', ['count', 'points', 'minCards', 'minValue']);
  const ld = sub('ladder', ['count', 'pointsPerCard', 'minRun']);
  const p = `${source}.bonuses`;
  const bonusRules: SevnBonuses = {
    featherweight: {
      count: expectInt(fw.count, `${p}.featherweight.count`, 0, 16), points: expectInt(fw.points, `${p}.featherweight.points`, 0, 1000),
      minCards: expectInt(fw.minCards, `${p}.featherweight.minCards`, 1, 31), maxValue: expectInt(fw.maxValue, `${p}.featherweight.maxValue`, -30, 30),
    },
    heavyweight: {
      count: expectInt(hw.count, `${p}.heavyweight.count`, 0, 16), points: expectInt(hw.points, `${p}.heavyweight.points`, 0, 1000),
      minCards: expectInt(hw.minCards, `${p}.heavyweight.minCards`, 1, 31), minValue: expectInt(hw.minValue, `${p}.heavyweight.minValue`, 0, 30),
    },
    ladder: {
      count: expectInt(ld.count, `${p}.ladder.count`, 0, 16), pointsPerCard: expectInt(ld.pointsPerCard, `${p}.ladder.pointsPerCard`, 0, 1000),
      minRun: expectInt(ld.minRun, `${p}.ladder.minRun`, 1, 31),
    },
  };

  const so = expectObject(o.sevn, `${source}.sevn`);
  expectKeys(so, `${source}.sevn`, ['distinct', 'bonus']);
  const r: SevnRules = {
    game: 'sevn',
    name: o.name === undefined ? source : expectString(o.name, `${source}.name`),
    numbers,
    ballast,
    modifiers: mods,
    actions,
    tripleDrawCards: expectInt(o.tripleDrawCards, `${source}.tripleDrawCards`, 1, 16),
    bonuses: bonusRules,
    sevn: { distinct: expectInt(so.distinct, `${source}.sevn.distinct`, 1, 31), bonus: expectInt(so.bonus, `${source}.sevn.bonus`, 0, 1000) },
    target: expectInt(o.target, `${source}.target`, 1, 1_000_000),
    maxRounds: o.maxRounds === undefined ? 1000 : expectInt(o.maxRounds, `${source}.maxRounds`, 1, 1_000_000),
    freezeSelf: expectBool(o.freezeSelf, `${source}.freezeSelf`, SEVN_OPTION_DEFAULTS.freezeSelf),
    stormStart: expectChoice(o.stormStart, `${source}.stormStart`, ['drawer', 'left-of-drawer'] as const, SEVN_OPTION_DEFAULTS.stormStart),
    deckPersists: expectBool(o.deckPersists, `${source}.deckPersists`, SEVN_OPTION_DEFAULTS.deckPersists),
    dealerRotates: expectBool(o.dealerRotates, `${source}.dealerRotates`, SEVN_OPTION_DEFAULTS.dealerRotates),
    tiedLead: expectChoice(o.tiedLead, `${source}.tiedLead`, ['play-on', 'shared'] as const, SEVN_OPTION_DEFAULTS.tiedLead),
  };
  const numberCards = numbers.reduce((a, n) => a + n.copies, 0);
  if (numberCards === 0) throw new UserError(`${source}.numbers: every value has 0 copies; the deck needs number cards`);
  const size = deckSize(r);
  if (size > MAX_DECK) throw new UserError(`${source}: the deck holds ${size} cards, more than the maximum ${MAX_DECK}`);
  const most = roundScoreBound(r);
  if (r.target > r.maxRounds * most) {
    throw new UserError(`${source}: target ${r.target} cannot be reached in maxRounds ${r.maxRounds} (a round scores at most ${most} with this deck, so no game could end); lower target or raise maxRounds`);
  }
  return r;
}

/**
 * More than any row can score in a round: every positive number and Ballast value once, times every
 * multiplier, plus every + modifier, every bonus card and the SEVN bonus. Loose, but it never falls
 * short, so a game it says cannot end cannot.
 */
export function roundScoreBound(r: SevnRules): number {
  const values = [...r.numbers.filter((n) => n.copies > 0).map((n) => n.value), ...r.ballast].filter((v) => v > 0);
  let mult = 1;
  let plus = 0;
  for (const m of r.modifiers) {
    if (m.kind === 'multiply') mult *= Math.max(1, Math.abs(m.value)) ** m.count;
    else plus += Math.max(0, m.value) * m.count;
  }
  const b = r.bonuses;
  const bonus = Math.max(0, b.featherweight.points) * b.featherweight.count + Math.max(0, b.heavyweight.points) * b.heavyweight.count + Math.max(0, b.ladder.pointsPerCard) * b.ladder.count * (values.length + 1);
  return values.reduce((a, v) => a + v, 0) * mult + plus + bonus + Math.max(0, r.sevn.bonus);
}

export function parseSevnRules(text: string, source: string): SevnRules {
  return validateSevnRules(parseJson(text, source), source);
}

export function sevnPreset(name: string): SevnRules {
  const make = Object.hasOwn(SEVN_PRESETS, name) ? SEVN_PRESETS[name] : undefined; // not "constructor" or "__proto__"
  if (!make) throw new UserError(`unknown SEVN preset "${name}" (presets: ${Object.keys(SEVN_PRESETS).join(', ')})`);
  return make();
}
