/**
 * SEVENFALL decision buckets: the state features `--bucket` can choose (indices match
 * `SevenfallEngine.feature`) and the action codes in words.
 */
import type { BucketFeature } from '../../engine/decisions.js';
import type { SevenfallRules } from './rules.js';
import { ScoreTable } from './scoring.js';

export const enum Feature {
  PROFILE = 0,
  DISCARDS_LEFT = 1,
  LOCKED = 2,
  ROUND = 3,
  GAP_LEADER = 4,
}

const tables = new WeakMap<SevenfallRules, ScoreTable>();
/** One score table per rules object, for labelling many decision rows. */
export function tableFor(rules: SevenfallRules): ScoreTable {
  let t = tables.get(rules);
  if (t === undefined) tables.set(rules, (t = new ScoreTable(rules)));
  return t;
}

/** A profile key back to its group sizes, largest first, e.g. "3,2,1,1". */
export function profileText(table: ScoreTable, key: number): string {
  const n = table.rules.rowSize;
  const sizes: number[] = [];
  for (let k = n; k >= 1; k--) {
    const digit = Math.floor(key / table.code[k]) % (Math.floor(n / k) + 1);
    for (let i = 0; i < digit; i++) sizes.push(k);
  }
  return sizes.join(',') || '-';
}

/** A profile index (ScoreTable.index) in words: group sizes, then Wilds and Breaks, e.g. "3,2,1 W X". */
export function profileIndexText(table: ScoreTable, index: number): string {
  const breaks = index % (table.maxBreaks + 1);
  const rest = (index - breaks) / (table.maxBreaks + 1);
  const wilds = rest % (table.maxWilds + 1);
  const key = (rest - wilds) / (table.maxWilds + 1);
  return [profileText(table, key), ...Array(wilds).fill('W'), ...Array(breaks).fill('X')].join(' ');
}

const ids = new WeakMap<SevenfallRules, { id: Int32Array; indices: number[] }>();
/**
 * The profiles a full row can have, numbered 0.. (a score-table index covers rows of any length up
 * to rowSize: most never occur at a decision). `id[index]` is -1 for those.
 */
export function profileIds(rules: SevenfallRules): { id: Int32Array; indices: number[] } {
  let p = ids.get(rules);
  if (p !== undefined) return p;
  const table = tableFor(rules);
  const id = new Int32Array(table.table.length).fill(-1);
  const indices: number[] = [];
  for (let i = 0; i < table.table.length; i++) {
    if (table.table[i] < 0) continue;
    const breaks = i % (table.maxBreaks + 1);
    const wilds = ((i - breaks) / (table.maxBreaks + 1)) % (table.maxWilds + 1);
    const sizes = profileText(table, (i - breaks - wilds * (table.maxBreaks + 1)) / ((table.maxWilds + 1) * (table.maxBreaks + 1)));
    const tiles = sizes === '-' ? 0 : sizes.split(',').reduce((n, x) => n + Number(x), 0);
    if (tiles + wilds + breaks !== rules.rowSize) continue;
    id[i] = indices.length;
    indices.push(i);
  }
  ids.set(rules, (p = { id, indices }));
  return p;
}

export function sevenfallBucketFeatures(rules: SevenfallRules): BucketFeature[] {
  const profiles = profileIds(rules).indices;
  const maxTurn = Math.max(0, ...rules.categories.map((c) => c.points));
  const maxGap = maxTurn * rules.rounds;
  return [
    {
      name: 'profile',
      doc: 'the row\'s group sizes, largest first, with its Wilds (W) and Breaks (X), e.g. "3,2,1 W"; categorical',
      width: 1,
      min: 0,
      max: profiles.length - 1,
      label: (r, v) => profileIndexText(tableFor(r as SevenfallRules), profileIds(r as SevenfallRules).indices[v]),
    },
    { name: 'discards-left', doc: 'tiles the player may still discard this turn', width: 1, min: 0, max: rules.discardBudget },
    { name: 'locked', doc: 'locked replacement tiles in the row', width: 1, min: 0, max: rules.rowSize },
    { name: 'round', doc: 'the round, 0-based (0 in round mode)', width: 1, min: 0, max: rules.rounds - 1 },
    { name: 'gap-leader', doc: 'own total before this turn minus the highest other total (negative: behind)', width: 10, min: -maxGap, max: maxGap },
  ];
}

/**
 * Action keys: 0 is stop, else the multiset of discarded tile classes (0 Wild, 1 Break, 1 + g for a
 * symbol tile from a group of g) as base-(rowSize + 3) digits class + 1, largest class first. The
 * engine encodes with addActionClass; decisions.arrow reads them back with actionText.
 */
export const actionRadix = (rules: SevenfallRules): number => rules.rowSize + 3;

/** The action key with one more discarded class (classes appended largest first). */
export const addActionClass = (radix: number, action: number, cls: number): number => action * radix + cls + 1;

/** An action key back to words: "stop" or "discard wild+break+from-2" (from-g: a tile of a group of g). */
export function actionText(rules: SevenfallRules, action: number): string {
  if (action === 0) return 'stop';
  const base = actionRadix(rules);
  const classes: string[] = [];
  for (let a = action; a > 0; a = Math.floor(a / base)) {
    const c = (a % base) - 1;
    classes.push(c === 0 ? 'wild' : c === 1 ? 'break' : `from-${c - 1}`);
  }
  return `discard ${classes.reverse().join('+')}`;
}
