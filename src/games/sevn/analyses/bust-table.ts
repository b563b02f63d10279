/**
 * `bust-table --game sevn`: with a held row (parsed here from --held, --second-chance, --unseen), its
 * exact next-card and Triple Draw bust chances; without, the full table of a solo strategy (exact
 * beside simulated), written with --out as bust-table.arrow and bust-table.json, and printed as a
 * compact table with round points in bands. The definitions: src/games/sevn/bust-row.ts and bust-table.ts.
 */
import { writeRunJson } from '../../../io/manifest.js';
import { writeFileSync } from 'node:fs';
import { UserError } from '../../../engine/errors.js';
import { writeArrowFile, schemaOf } from '../../../io/arrow.js';
import { OutputDir } from '../../../io/output.js';
import { gitCommit, manifestHeader, packageVersion } from '../../../io/package-info.js';
import { type HeldRow, type RowBust, type UnseenCards, copiesOf, defaultUnseen, rowBust, unseenTotal } from '../bust-row.js';
import { type BustTable, bustTable } from '../bust-table.js';
import type { SoloPassProgress } from '../solo-pass.js';
import { certainDigits, coneBound } from '../solo-bound.js';
import type { SevnRules } from '../rules.js';
import type { SevnStrategyDef } from '../view.js';
import { checkStrategySpec } from '../../../engine/strategy.js';
import { checkInteger, checkSeed, refuseUnused } from '../../../engine/checks.js';
import { Z95, shareCi95 } from '../../../stats/summary.js';
import type { AnalysisArgs } from '../../entry.js';
import { Kind, SevnCards } from '../cards.js';
import { parseCards } from './advise.js';

/**
 * `--held`: the row as `play` prints it and `advise --row` takes it, spaces or commas between: number
 * values, kept Ballast (negative), SecondChance, and modifier or bonus cards (x2, +4, Featherweight...),
 * which only leave the unseen cards; "none" for an empty row.
 */
export function parseHeld(r: SevnRules, text: string, secondChance = false): HeldRow {
  const row: HeldRow = { numbers: [], ballast: [], secondChance, others: 0 };
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'none') return row;
  const cards = new SevnCards(r);
  const named = new Map<number, number>();
  for (const s of t.split(/[\s,]+/)) {
    if (!/^-?\d+$/.test(s)) {
      const [c] = parseCards(cards, s, '--held');
      const name = cards.name(c);
      const kind = cards.kind[c];
      if (kind === Kind.FREEZE || kind === Kind.TRIPLE_DRAW || kind === Kind.CROSSROADS || kind === Kind.STORM) throw new UserError(`--held ${text}: ${name} resolves when drawn and never stays in a row`);
      named.set(c, (named.get(c) ?? 0) + 1);
      if (named.get(c)! > (kind === Kind.SECOND_CHANCE ? 1 : cards.copies[c])) throw new UserError(`--held ${text}: ${name} is listed ${named.get(c)} times; ${kind === Kind.SECOND_CHANCE ? 'a row holds at most one' : `the deck of rules "${r.name}" has ${cards.copies[c]}`}`);
      if (kind === Kind.SECOND_CHANCE) row.secondChance = true;
      else row.others!++;
      continue;
    }
    const v = Number(s);
    if (v >= 0) {
      if (copiesOf(r, v) === 0) throw new UserError(`--held ${text}: the deck of rules "${r.name}" has no number card ${v} (values: ${r.numbers.filter((n) => n.copies > 0).map((n) => n.value).join(', ')})`);
      if (row.numbers.includes(v)) throw new UserError(`--held ${text}: ${v} is listed twice (a row holds each value once; a duplicate is a bust)`);
      row.numbers.push(v);
    } else {
      if (!r.ballast.includes(v)) throw new UserError(`--held ${text}: the deck of rules "${r.name}" has no Ballast card ${v} (Ballast: ${r.ballast.join(', ') || 'none'})`);
      if (row.ballast.includes(v)) throw new UserError(`--held ${text}: Ballast ${v} is listed twice`);
      row.ballast.push(v);
    }
  }
  row.numbers.sort((a, b) => a - b);
  if (row.numbers.length + row.ballast.length >= r.sevn.distinct) {
    throw new UserError(`--held ${text}: ${row.numbers.length + row.ballast.length} distinct values already make a SEVN (${r.sevn.distinct}); the round is over`);
  }
  if (row.secondChance && r.actions.secondChance === 0) throw new UserError(`${secondChance ? '--second-chance' : `--held ${text}`}: the deck of rules "${r.name}" has no Second Chance card`);
  return row;
}


/**
 * `--unseen 13:5,12:0,sc:1,ballast:0,other:20`: comma-separated `card:count` pairs replacing the unseen
 * count of those cards (a number value, `sc` for Second Chance, `ballast` for Ballast cards, `other` for
 * every other card); the rest stay as in the full deck less the row. A count may not exceed what the
 * deck less the row holds.
 */
export function parseUnseen(r: SevnRules, row: HeldRow, text: string): UnseenCards {
  const u = defaultUnseen(r, row);
  const max = defaultUnseen(r, row);
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+|\d+)\s*:\s*(\d+)\s*$/.exec(part);
    if (!m) throw new UserError(`--unseen ${text}: "${part.trim()}" is not card:count (e.g. --unseen 13:5,12:0,sc:1,other:20; cards are number values, sc, ballast, other)`);
    const [, card, countText] = m;
    const count = Number(countText);
    if (seen.has(card)) throw new UserError(`--unseen ${text}: ${card} is listed twice`);
    seen.add(card);
    const check = (limit: number, what: string): number => {
      if (count > limit) throw new UserError(`--unseen ${text}: ${count} unseen ${what}, but the deck less the row holds only ${limit}`);
      return count;
    };
    if (card === 'sc') u.secondChance = check(max.secondChance, 'Second Chance cards');
    else if (card === 'ballast') u.ballast = check(max.ballast, 'Ballast cards');
    else if (card === 'other') u.other = check(max.other, 'other cards (modifiers, bonus cards, Freeze, Triple Draw, Crossroads, Storm)');
    else if (/^\d+$/.test(card)) {
      const v = Number(card);
      if (v > 30 || copiesOf(r, v) === 0) throw new UserError(`--unseen ${text}: the deck of rules "${r.name}" has no number card ${v}`);
      u.numbers[v] = check(max.numbers[v], `${v} cards`);
    } else throw new UserError(`--unseen ${text}: unknown card "${card}" (number values, sc, ballast, other)`);
  }
  if (unseenTotal(u) === 0) throw new UserError(`--unseen ${text}: no unseen cards left to draw`);
  return u;
}


export interface BustRowOptions {
  /** `--held "13 12 +4"` or `13,12` (see parseHeld). */
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
  const cards = [...r.held, ...r.ballast].join(', ');
  const others = r.others > 0 ? `${r.others} modifier or bonus card${r.others === 1 ? '' : 's'}` : '';
  const row = [cards, others].filter((x) => x !== '').join(' and ') || 'nothing';
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
  ['reach_bound', 'float64'],
  ['sim_rounds', 'float64'],
  ['sim_draws', 'float64'],
  ['sim_busts', 'float64'],
  ['sim_rate', 'float64'],
  ['sim_se', 'float64'],
  ['sim_ci_low', 'float64'],
  ['sim_ci_high', 'float64'],
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
  /** Told how the exact pass goes. */
  progress?: SoloPassProgress;
  /** The exact pass drops the states below this chance (default SOLO_PASS_EPSILON). */
  epsilon?: number;
  /** The band of round points the table is printed in (--band, default 10): the simulation keeps its draws-per-round squares. */
  band?: number;
}

/** A line on stderr every 2 s while the exact pass runs, once it has run 3 s. */
export function stderrProgress(): SoloPassProgress {
  const start = Date.now();
  let next = start + 3000;
  return (layer, states) => {
    const now = Date.now();
    if (now < next) return;
    next = now + 2000;
    process.stderr.write(`bust-table: exact pass, ${layer} cards deep, ${states.toLocaleString('en-US')} states, ${((now - start) / 1000).toFixed(0)} s\n`);
  };
}

export async function bustTableCommand(strategies: readonly SevnStrategyDef[], rules: SevnRules, preset: string | null, o: BustTableCommandOptions): Promise<BustTable & { preset: string | null }> {
  checkInteger('--rounds', o.rounds, 0);
  checkSeed(o.seed);
  const dir = o.out != null ? new OutputDir(o.out, { force: o.force }) : null;
  dir?.prepare();
  const t = { ...bustTable(rules, strategies, { strategy: o.strategy, rounds: o.rounds, seed: o.seed, progress: o.progress, epsilon: o.epsilon, band: o.band }), preset };
  if (dir) {
    try {
      const rows = t.rows;
      await writeArrowFile(dir.file('bust-table.arrow'), BUST_TABLE_SCHEMA, {
        distinct: Int32Array.from(rows, (r) => r.distinct),
        points: Int32Array.from(rows, (r) => r.points),
        reach: Float64Array.from(rows, (r) => r.reach),
        bust_exact: Float64Array.from(rows, (r) => r.bustExact),
        reach_bound: Float64Array.from(rows, (r) => r.reachBound),
        sim_rounds: Float64Array.from(rows, (r) => r.simRounds),
        sim_draws: Float64Array.from(rows, (r) => r.simDraws),
        sim_busts: Float64Array.from(rows, (r) => r.simBusts),
        sim_rate: Float64Array.from(rows, (r) => r.simRate),
        sim_se: Float64Array.from(rows, (r) => r.simSe),
        sim_ci_low: Float64Array.from(rows, (r) => r.simCiLow),
        sim_ci_high: Float64Array.from(rows, (r) => r.simCiHigh),
      });
      const { rows: _rows, simBand: _b, simBandSquares: _q, ...meta } = t;
      writeFileSync(dir.file('bust-table.json'), JSON.stringify({ sevensim: packageVersion(), gitCommit: gitCommit(), rulesObject: rules, ...meta, rowCount: rows.length }, null, 2) + '\n');
      writeRunJson(dir, { ...manifestHeader('bust-table', 'sevn', preset, o.seed), rules, strategy: o.strategy, rounds: o.rounds, files: ['bust-table.arrow', 'bust-table.json'] });
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
  checkInteger('--band', band, 1);
  const f = (x: number, d: number, w: number) => (Number.isFinite(x) ? x.toFixed(d) : '-').padStart(w);
  const bounded = t.exact && t.allRowsBound > 0;
  const merged = new Map<number, { distinct: number; lo: number; top: number; reach: number; bustW: number; draws: number; busts: number }>();
  for (const r of t.rows) {
    const lo = Math.floor(r.points / band) * band;
    const k = r.distinct * 65536 + lo;
    const m = merged.get(k) ?? { distinct: r.distinct, lo, top: lo, reach: 0, bustW: 0, draws: 0, busts: 0 };
    m.top = Math.max(m.top, r.points);
    m.reach += r.reach;
    if (r.reach > 0) m.bustW += r.reach * r.bustExact;
    m.draws += r.simDraws;
    m.busts += r.simBusts;
    merged.set(k, m);
  }
  const lines = [
    `SEVN (${t.preset ?? t.rules}), solo ${t.strategy}: next-draw bust chance by distinct values held and round points` +
      (t.exact ? ' (exact: held sets weighted by their chance of being reached at a draw)' : '') +
      (t.rounds ? `, beside ${t.rounds.toLocaleString('en-US')} simulated rounds (seed ${t.seed})` : ''),
    ...(t.noExact ? [`No exact columns (-): ${t.noExact}.`] : []),
    ...(bounded
      ? [
          `Exact columns within a bound: the pass dropped the states below a ${t.epsilon.toExponential(0)} chance (${t.droppedChance.toExponential(2)} in all), which add at most ${t.exactBound.toExponential(2)} draws/round to a row listed` +
            ` (${t.allRowsBound.toExponential(2)} to any other); each band, of the rows listed, shows the digits its own bound leaves certain (-: none).`,
        ]
      : []),
    `distinct  points  ${t.exact ? '  draws/round' : 'draws/round (95% CI)'}   exact bust   simulated bust (95% CI)            draws`,
  ];
  // Without exact columns draws/round is the simulation's: its SE from the squares of a band's draws in a round (kept for this band).
  const squares = t.simBand === band ? new Map(t.simBandSquares) : new Map<number, number>();
  const perRound = (draws: number, k: number): string => {
    const n = t.rounds;
    const sq = squares.get(k);
    const mean = draws / n;
    if (sq === undefined || n < 2) return `${mean.toFixed(4)} (no CI)`.padStart(20);
    // A band drawn at in fewer than 5 rounds' worth of draws: a normal interval there is not to be trusted (2 draws in 3,000 rounds reached below 0).
    if (draws < 5) return `${mean.toFixed(4)} (< 5 draws)`.padStart(20);
    const se = Math.sqrt(Math.max(0, (sq / n - mean * mean) * n / (n - 1)) / n);
    return `${mean.toFixed(4)} ± ${(Z95 * se).toFixed(4)}`.padStart(20);
  };
  for (const m of [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m)) {
    const rate = m.draws > 0 ? m.busts / m.draws : NaN;
    // Wilson's interval where a band has fewer than 5 draws of one outcome (0 busts in 3 draws: [0, 0.5615], not 0 +- 0).
    const [lo, hi] = shareCi95(rate, m.draws);
    const pts = band === 1 ? String(m.lo) : `${m.lo}-${m.lo + band - 1}`;
    let reach = t.exact ? f(m.reach, 6, 13) : t.rounds ? perRound(m.draws, m.distinct * 65536 + m.lo) : f(NaN, 6, 20);
    let bust = f(t.exact && m.reach > 0 ? m.bustW / m.reach : NaN, 4, 10);
    if (bounded) {
      // The exact reach R and busts B of the band's rows are short by at most e each: the rate lies in [B/(R+e), (B+e)/R].
      const e = coneBound(t.dropped, t.pointsDrop, m.distinct, m.top);
      reach = certainDigits(m.reach, m.reach + e, 6).padStart(13);
      bust = (m.reach > 0 ? certainDigits(m.bustW / (m.reach + e), (m.bustW + e) / m.reach, 4) : '-').padStart(10);
    }
    const sim = m.draws > 0 ? `${rate.toFixed(4)} [${lo.toFixed(4)}, ${hi.toFixed(4)}]` : '-';
    lines.push(`${String(m.distinct).padStart(8)}  ${pts.padStart(6)}  ${reach}   ${bust}   ${sim.padStart(27)}   ${String(m.draws).padStart(10)}`);
  }
  return lines.join('\n');
}

/** The flags of `sevensim bust-table --game sevn` (declared in entry.ts), as the CLI hands them over. */
interface BustTableArgs {
  held?: string;
  secondChance: boolean;
  unseen?: string;
  strategy: string;
  rounds: number;
  seed: number;
  band: number;
  dropBelow: number;
  out?: string;
  force?: boolean;
}

/** `bust-table` for SEVN: a held row's chances, or the full table of a solo strategy. */
export async function sevnBustTable(strategies: readonly SevnStrategyDef[], rules: SevnRules, preset: string | null, args: AnalysisArgs): Promise<{ report: unknown; text: string }> {
  const a = args as unknown as BustTableArgs;
  if (a.held !== undefined) {
    refuseUnused(['--strategy', '--rounds', '--seed', '--band', '--drop-below', '--out', '--force'], 'they set up the full table, which --held replaces with one row\'s chances; remove them, or drop --held for the full table');
    const r = bustRowCommand(rules, { held: a.held, secondChance: a.secondChance, unseen: a.unseen ?? null });
    return { report: r, text: formatBustRow(r, rules) };
  }
  if (a.unseen !== undefined || a.secondChance) throw new UserError('--unseen and --second-chance describe a held row: give --held too');
  checkInteger('--band', a.band, 1);
  checkInteger('--rounds', a.rounds, 0);
  checkSeed(a.seed);
  checkStrategySpec('sevn', strategies, a.strategy); // before --out is made
  const t = await bustTableCommand(strategies, rules, preset, { strategy: a.strategy, rounds: a.rounds, seed: a.seed, out: a.out ?? null, force: a.force, progress: stderrProgress(), epsilon: a.dropBelow, band: a.band });
  // The simulation's band squares serve the text's draws/round CI; --json gives the rows (sim_draws and sim_rounds per state).
  const { simBand: _b, simBandSquares: _q, ...report } = t;
  return { report, text: formatBustTable(t, a.band) + (a.out ? `\nwritten to ${a.out}/bust-table.arrow` : '') };
}
