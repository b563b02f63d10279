/**
 * `bust-table --game sevn`: with a held row, its exact next-card and Triple Draw bust chances; without,
 * the full table of a solo strategy (exact beside simulated), written with --out as bust-table.arrow
 * and bust-table.json, and printed as a compact table with round points in bands.
 * See src/games/sevn/bust-table.ts for the definitions.
 */
import { writeFileSync } from 'node:fs';
import { UserError } from '../engine/errors.js';
import { writeArrowFile, schemaOf } from '../io/arrow.js';
import { OutputDir } from '../io/output.js';
import { gitCommit, manifestHeader, packageVersion } from '../io/package-info.js';
import { type BustTable, type RowBust, bustTable, defaultUnseen, parseHeld, parseUnseen, rowBust } from '../games/sevn/bust-table.js';
import type { SevnRules } from '../games/sevn/rules.js';

export interface BustRowOptions {
  /** `--held 13,12` (negative values: kept Ballast). */
  held: string;
  /** `--second-chance`: the row holds a Second Chance. */
  secondChance?: boolean;
  /** `--unseen 13:5,sc:1,other:20`, or null for the full deck less the row. */
  unseen?: string | null;
}

export function bustRowCommand(rules: SevnRules, o: BustRowOptions): RowBust {
  const row = parseHeld(rules, o.held, o.secondChance ?? false);
  const unseen = o.unseen ? parseUnseen(rules, row, o.unseen) : defaultUnseen(rules, row);
  return rowBust(rules, row, unseen);
}

export function formatBustRow(r: RowBust, rules: SevnRules): string {
  const row = [...r.held, ...r.ballast].join(', ') || 'nothing';
  return [
    `SEVN (${rules.name}), row holding ${row}${r.secondChance ? ' and a Second Chance' : ''}; ${r.unseenTotal} unseen cards, ${r.unseenDuplicates} of them duplicates of held values`,
    `  next card busts:            ${(100 * r.bustNext).toFixed(3)}%  (${r.bustNext.toFixed(6)}${r.secondChance ? ', Second Chance held' : ` = ${r.unseenDuplicates}/${r.unseenTotal}`})`,
    `  bust within a Triple Draw:  ${(100 * r.bustTripleDraw).toFixed(3)}%  (${r.bustTripleDraw.toFixed(6)}; up to ${r.tripleDrawCards} cards, stopping at a bust or a SEVN)`,
    `  SEVN within a Triple Draw:  ${(100 * r.sevnTripleDraw).toFixed(3)}%`,
  ].join('\n');
}

export const BUST_TABLE_SCHEMA = schemaOf([
  ['distinct', 'int32'],
  ['points', 'int32'],
  ['reach', 'float64'],
  ['bust_exact', 'float64'],
  ['sim_rounds', 'float64'],
  ['sim_draws', 'float64'],
  ['sim_busts', 'float64'],
  ['sim_rate', 'float64'],
  ['sim_se', 'float64'],
]);

export interface BustTableCommandOptions {
  /** Solo strategy (default `stay-at:points=25`). */
  strategy: string;
  /** Simulated solo rounds (default 1,000,000; 0: exact only). */
  rounds: number;
  seed: number;
  out: string | null;
  /** Replace a previous result in `out`. */
  force?: boolean;
}

export async function bustTableCommand(rules: SevnRules, preset: string | null, o: BustTableCommandOptions): Promise<BustTable & { preset: string | null }> {
  const dir = o.out != null ? new OutputDir(o.out, { force: o.force }) : null;
  dir?.prepare();
  const t = { ...bustTable(rules, { strategy: o.strategy, rounds: o.rounds, seed: o.seed }), preset };
  if (dir) {
    try {
      const rows = t.rows;
      await writeArrowFile(dir.file('bust-table.arrow'), BUST_TABLE_SCHEMA, {
        distinct: Int32Array.from(rows, (r) => r.distinct),
        points: Int32Array.from(rows, (r) => r.points),
        reach: Float64Array.from(rows, (r) => r.reach),
        bust_exact: Float64Array.from(rows, (r) => r.bustExact),
        sim_rounds: Float64Array.from(rows, (r) => r.simRounds),
        sim_draws: Float64Array.from(rows, (r) => r.simDraws),
        sim_busts: Float64Array.from(rows, (r) => r.simBusts),
        sim_rate: Float64Array.from(rows, (r) => r.simRate),
        sim_se: Float64Array.from(rows, (r) => r.simSe),
      });
      const { rows: _rows, ...meta } = t;
      writeFileSync(dir.file('bust-table.json'), JSON.stringify({ sevensim: packageVersion(), gitCommit: gitCommit(), rulesObject: rules, ...meta, rowCount: rows.length }, null, 2) + '\n');
      writeFileSync(dir.file('run.json'), JSON.stringify({ ...manifestHeader('bust-table', 'sevn', preset, o.seed), rules, strategy: o.strategy, rounds: o.rounds, files: ['bust-table.arrow', 'bust-table.json'] }, null, 2) + '\n');
      dir.commit();
    } catch (e) {
      dir.abort();
      throw dir.fault(e);
    }
  }
  return t;
}

/** The table with round points in bands of `band` (rows of the same distinct count and band merged). */
export function formatBustTable(t: BustTable & { preset?: string | null }, band = 10): string {
  if (!Number.isSafeInteger(band) || band < 1) throw new UserError(`--band: expected a positive integer, got ${band}`);
  const f = (x: number, d: number, w: number) => (Number.isFinite(x) ? x.toFixed(d) : '-').padStart(w);
  const merged = new Map<number, { distinct: number; lo: number; reach: number; bustW: number; draws: number; busts: number }>();
  for (const r of t.rows) {
    const lo = Math.floor(r.points / band) * band;
    const k = r.distinct * 65536 + lo;
    const m = merged.get(k) ?? { distinct: r.distinct, lo, reach: 0, bustW: 0, draws: 0, busts: 0 };
    m.reach += r.reach;
    m.bustW += r.reach * r.bustExact;
    m.draws += r.simDraws;
    m.busts += r.simBusts;
    merged.set(k, m);
  }
  const lines = [
    `SEVN (${t.preset ?? t.rules}), solo ${t.strategy}: next-draw bust chance by distinct values held and round points` +
      (t.exact ? ' (exact: held sets weighted by their chance of being reached at a draw)' : ' (no exact columns: ' + (t.rounds ? 'a deck with other cards or a strategy without an exact draw rule' : 'nothing to show') + ')') +
      (t.rounds ? `, beside ${t.rounds.toLocaleString('en-US')} simulated rounds (seed ${t.seed})` : ''),
    `distinct  points    draws/round   exact bust   simulated bust (se)        draws`,
  ];
  for (const m of [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m)) {
    const rate = m.draws > 0 ? m.busts / m.draws : NaN;
    const se = m.draws > 0 ? Math.sqrt((rate * (1 - rate)) / m.draws) : NaN;
    const pts = band === 1 ? String(m.lo) : `${m.lo}-${m.lo + band - 1}`;
    lines.push(
      `${String(m.distinct).padStart(8)}  ${pts.padStart(6)}  ${f(t.exact ? m.reach : t.rounds ? m.draws / t.rounds : NaN, 6, 13)}   ${f(t.exact && m.reach > 0 ? m.bustW / m.reach : NaN, 4, 10)}   ${f(rate, 4, 10)} (${f(se, 4, 6)})   ${String(m.draws).padStart(14)}`,
    );
  }
  return lines.join('\n');
}
