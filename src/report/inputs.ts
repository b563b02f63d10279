/**
 * Reading output directories for `report`: each is recognised from its manifest (run.json `kind`;
 * run.json without `kind` is a simulate or merge run; older solve and bust-table outputs have only
 * solve.json or bust-table.json) and read into the numbers the charts draw.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';
import type { Mode } from '../engine/game.js';
import { gameModule, gameNames } from '../catalog.js';
import { readArrowFile } from '../io/arrow.js';
import { readRegularText } from '../io/input-files.js';
import { OUTPUT_FORMAT } from '../io/package-info.js';
import { readTotals } from '../io/results.js';
import { type Manifest, checkFileSeals, checkSeal } from '../io/manifest.js';
import { summarise } from '../stats/summary.js';
import type { BustTableOutput, CompareOutput, Output, Row, SimulateOutput, SolveOutput, SolveWinOutput, TournamentOutput, TuneOutput } from '../charts/outputs.js';

export type { BustTableOutput, CompareOutput, Output, Row, RunInfo, SimulateOutput, SolveOutput, SolveWinOutput, TournamentOutput, TuneOutput } from '../charts/outputs.js';

/** The newest output format this report reads. */
export const REPORT_FORMAT = OUTPUT_FORMAT;

/** The columns of decisions.arrow the charts read (a game-mode run can have hundreds of thousands of rows). */
const DECISION_COLUMNS = ['kind', 'strategy', 'action', 'profile', 'distinct', 'points', 'discards_left', 'count', 'sum_score', 'sum_score_sq', 'rollouts', 'sum_value', 'sum_value_sq', 'sum_diff', 'sum_diff_sq', 'sum_win', 'sum_win_sq', 'sum_diff_win', 'sum_diff_win_sq', 'decisions', 'sum_diff_by_decision_sq', 'sum_diff_win_by_decision_sq'];

const KINDS = ['simulate', 'merge', 'compare', 'tune', 'tournament', 'bust-table', 'solve', 'solve-win'];

function readJson(dir: string, name: string): Row {
  const path = join(dir, name);
  try {
    return JSON.parse(readRegularText(path)) as Row;
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${path}: cannot read it as JSON (${(e as Error).message.split('\n')[0]})`);
  }
}

function need(dir: string, name: string): string {
  const path = join(dir, name);
  if (!existsSync(path)) throw new UserError(`${dir}: ${name} is missing; the output is incomplete`);
  return path;
}

/** Arrow rows as plain objects (only `columns`, when given), 64-bit integers as numbers. */
export function arrowRows(path: string, columns?: readonly string[]): Row[] {
  const t = readArrowFile(path);
  const names = t.schema.fields.map((f) => f.name).filter((n) => !columns || columns.includes(n));
  const cols = names.map((n) => t.getChild(n)!.toArray() as ArrayLike<unknown>);
  const rows: Row[] = new Array(t.numRows);
  for (let i = 0; i < t.numRows; i++) {
    const r: Row = {};
    names.forEach((n, j) => {
      const v = cols[j][i];
      r[n] = typeof v === 'bigint' ? Number(v) : v;
    });
    rows[i] = r;
  }
  return rows;
}

function rulesText(preset: unknown, rules: unknown): string {
  if (typeof preset === 'string') return `preset ${preset}`;
  const name = typeof rules === 'string' ? rules : ((rules as { name?: unknown } | null)?.name ?? '?');
  return `rules file "${String(name)}"`;
}

function checkFormat(dir: string, m: Row): void {
  if (m.format !== undefined && !(Number.isInteger(m.format) && (m.format as number) >= 1)) throw new UserError(`${dir}: run.json has format ${JSON.stringify(m.format)}, not a sevensim output format`);
  if (typeof m.format === 'number' && m.format > REPORT_FORMAT) {
    throw new UserError(`${dir}: written in output format ${m.format} by sevensim ${m.version ?? m.sevensim ?? '?'}; this sevensim reads format ${REPORT_FORMAT} and older: upgrade sevensim`);
  }
  if (typeof m.game !== 'string' || !gameNames().includes(m.game)) throw new UserError(`${dir}: run.json names no known game (${JSON.stringify(m.game)})`);
}

/** Reads one output directory, or a one-line UserError saying why it cannot. */
export function readOutput(dir: string): Output {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UserError(`${dir}: no such directory`);
  const hasRun = existsSync(join(dir, 'run.json'));
  if (!hasRun) {
    if (existsSync(join(dir, 'solve.json'))) return readSolve(dir, null);
    if (existsSync(join(dir, 'bust-table.json'))) return readBustTable(dir, null);
    throw new UserError(`${dir}: not a sevensim output (no run.json, solve.json or bust-table.json)`);
  }
  const m = readJson(dir, 'run.json');
  if (m === null || typeof m !== 'object' || Array.isArray(m)) throw new UserError(`${dir}: run.json is not a sevensim manifest`);
  checkFormat(dir, m);
  checkSeal(join(dir, 'run.json'), m); // before its kind is trusted
  // The files drawn are those the run wrote: simulate and merge record theirs in files (games.arrow,
  // which report does not read, is left out: it can be gigabytes), other commands in seals.
  const simulateKind = m.kind === undefined || m.kind === 'simulate' || m.kind === 'merge';
  const seals = simulateKind ? m.files : m.seals;
  if (typeof seals === 'object' && seals !== null && !Array.isArray(seals)) checkFileSeals(dir, seals as Row, 'run it again', Object.keys(seals).filter((n) => n !== 'games.arrow'));
  if (m.kind !== undefined && !KINDS.includes(m.kind as string)) throw new UserError(`${dir}: run.json has kind "${String(m.kind)}", which report does not know (kinds: ${KINDS.join(', ')})`);
  try {
    return readKind(dir, m);
  } catch (e) {
    throw damaged(dir, e);
  }
}

/**
 * An unexpected error while reading or drawing an output (a field of the wrong type in an unsealed or
 * older run.json) as one line naming the directory; UserErrors pass unchanged.
 */
export function damaged(dir: string, e: unknown): unknown {
  if (e instanceof UserError || !(e instanceof Error)) return e;
  return new UserError(`${dir}: cannot read this output (${e.message.split('\n')[0]}); its run.json or files are damaged or edited: run it again`);
}

function readKind(dir: string, m: Row): Output {
  switch (m.kind) {
    case undefined:
    case 'simulate':
    case 'merge':
      return readSimulate(dir, m as unknown as Manifest);
    case 'compare':
      return readCompare(dir, m);
    case 'tune':
      return readTune(dir, m);
    case 'tournament':
      return readTournament(dir, m);
    case 'bust-table':
      return readBustTable(dir, m);
    case 'solve-win':
      return readSolveWin(dir, m);
    default:
      return readSolve(dir, m);
  }
}

function readSimulate(dir: string, m: Manifest): SimulateOutput {
  if (!Array.isArray(m.players) || !Array.isArray(m.totals)) throw new UserError(`${dir}: run.json has no players or totals; not a simulate or merge output`);
  if (m.players.length === 0 || m.totals.length !== m.players.length) throw new UserError(`${dir}: run.json has ${m.players.length} players but totals for ${m.totals.length} seats; it is damaged or edited`);
  for (const t of m.totals) {
    const games = (t as { games?: unknown } | null)?.games;
    if (!(Number.isSafeInteger(games) && (games as number) >= 1)) throw new UserError(`${dir}: run.json counts ${JSON.stringify(games)} games for a seat, which cannot be drawn (expected a whole number from 1 to 2^53 - 1); it is damaged or edited`);
  }
  need(dir, 'scores.arrow');
  if (m.decisions !== 'none') need(dir, 'decisions.arrow');
  const game = gameModule(m.game);
  const totals = readTotals(dir, m);
  return {
    dir,
    kind: 'simulate',
    game: m.game,
    rules: rulesText(m.preset, m.rules),
    seed: m.seed,
    manifest: m,
    seats: summarise(game, m.mode as Mode, m.players, totals),
    histograms: totals.seats.map((t) => t.histogram.entries().map(([v, c]) => [v, c])),
    decisions: m.decisions === 'none' ? [] : arrowRows(join(dir, 'decisions.arrow'), DECISION_COLUMNS),
    counterfactual: m.decisions === 'counterfactual',
  };
}

function readCompare(dir: string, m: Row): CompareOutput {
  need(dir, 'compare.json');
  const result = readJson(dir, 'compare.json') as CompareOutput['result'];
  return { dir, kind: 'compare', game: m.game as string, rules: rulesText(m.preset, m.rules), seed: m.seed as number, result };
}

function readTune(dir: string, m: Row): TuneOutput {
  const steps = arrowRows(need(dir, 'tune.arrow'));
  const best = readJson(dir, 'best.json');
  const params = readArrowFile(join(dir, 'tune.arrow')).schema.fields.map((f) => f.name).filter((n) => n.startsWith('param_')).map((n) => n.slice('param_'.length));
  return { dir, kind: 'tune', game: m.game as string, rules: rulesText(m.preset, m.rules), seed: m.seed as number, steps, params, best, run: m };
}

function readTournament(dir: string, m: Row): TournamentOutput {
  const pairs = arrowRows(need(dir, 'tournament.arrow')) as TournamentOutput['pairs'];
  const t = readJson(dir, 'tournament.json');
  const ranking = (Array.isArray(t) ? t : (t.ranking ?? t.strategies)) as TournamentOutput['ranking'];
  if (!Array.isArray(ranking)) throw new UserError(`${dir}: tournament.json has no ranking list`);
  return { dir, kind: 'tournament', game: m.game as string, rules: rulesText(m.preset, m.rules), seed: m.seed as number, pairs, ranking, report: Array.isArray(t) ? {} : t, run: m };
}

function readBustTable(dir: string, m: Row | null): BustTableOutput {
  const meta = readJson(dir, 'bust-table.json');
  const rows = arrowRows(need(dir, 'bust-table.arrow')) as BustTableOutput['rows'];
  return {
    dir,
    kind: 'bust-table',
    game: 'sevn',
    rules: rulesText(m?.preset ?? meta.preset, meta.rules),
    seed: (meta.rounds as number) > 0 ? (meta.seed as number) : null,
    meta: { strategy: meta.strategy as string, exact: meta.exact as boolean, rounds: meta.rounds as number, noExact: typeof meta.noExact === 'string' ? meta.noExact : null },
    rows,
  };
}

function readSolveWin(dir: string, m: Row): SolveWinOutput {
  if (!gameNames().includes(m.game as string)) throw new UserError(`${dir}: run.json names no known game (${JSON.stringify(m.game)})`);
  const winprob = arrowRows(need(dir, 'winprob.arrow'), ['round', 'seat_to_move', 'difference', 'seat0_win', 'seat1_win', 'tie']);
  return { dir, kind: 'solve-win', game: m.game as string, rules: rulesText(m.preset, m.rules), seed: null, report: m, winprob };
}

function readSolve(dir: string, m: Row | null): SolveOutput {
  const report = readJson(dir, 'solve.json');
  const game = (m?.game ?? report.game) as string;
  if (!gameNames().includes(game)) throw new UserError(`${dir}: solve.json names no known game (${JSON.stringify(game)})`);
  const policy = arrowRows(need(dir, 'policy.arrow'), ['state', 'discards_left', 'action', 'value', 'best', 'distinct', 'points']);
  return { dir, kind: 'solve', game, rules: rulesText(report.preset, report.rules), seed: null, report, policy };
}
