/**
 * `solve --game sevn`: the exact optimal solo stopping policy of a number-only deck (see
 * src/games/sevn/solver.ts), printed, and with --out written as policy.arrow (one row per decision
 * state) and solve.json (the report, the rules and the exact value of every stay-at threshold).
 */
import { writeRunJson } from '../../../io/manifest.js';
import { writeFileSync } from 'node:fs';
import { ArrowFileStream, batchOf, schemaOf } from '../../../io/arrow.js';
import { OutputDir } from '../../../io/output.js';
import { gitCommit, manifestHeader, packageVersion } from '../../../io/package-info.js';
import type { SevnRules } from '../rules.js';
import { type SevnPolicyRow, type SevnSolution, solveSevnSolo } from '../solver.js';

export const SEVN_POLICY_SCHEMA = schemaOf([
  ['mask', 'int32'],
  ['held', 'utf8'],
  ['distinct', 'int32'],
  ['points', 'int32'],
  ['bust_next', 'float64'],
  ['reach', 'float64'],
  ['stay_value', 'float64'],
  ['draw_value', 'float64'],
  ['best', 'utf8'],
]);

async function writeSevnPolicy(out: OutputDir, rows: SevnPolicyRow[]): Promise<void> {
  const stream = out.track(new ArrowFileStream(out.file('policy.arrow'), SEVN_POLICY_SCHEMA));
  for (let i = 0; i < rows.length; i += 65536) {
    const b = rows.slice(i, i + 65536);
    await stream.write(
      batchOf(SEVN_POLICY_SCHEMA, {
        mask: Int32Array.from(b, (r) => r.mask),
        held: b.map((r) => r.held),
        distinct: Int32Array.from(b, (r) => r.distinct),
        points: Int32Array.from(b, (r) => r.points),
        bust_next: Float64Array.from(b, (r) => r.bustNext),
        reach: Float64Array.from(b, (r) => r.reach),
        stay_value: Float64Array.from(b, (r) => r.stayValue),
        draw_value: Float64Array.from(b, (r) => r.drawValue),
        best: b.map((r) => r.best),
      }),
    );
  }
  await stream.close();
}

export interface SevnSolveReport {
  game: 'sevn';
  preset: string | null;
  rulesName: string;
  /** Optimal expected solo round score from a full deck (exact). */
  ev: number;
  bust: number;
  sevn: number;
  states: number;
  decisionStates: number;
  drawStates: number;
  bestStayAt: { threshold: number; ev: number };
  /** ev - bestStayAt.ev */
  gainOverStayAt: number;
  seconds: number;
  /** With --table: the stop boundary, distinct values x points. */
  stopBoundary?: StopBoundaryRow[];
}

export function sevnSolveReport(solution: SevnSolution, preset: string | null): SevnSolveReport {
  return {
    game: 'sevn',
    preset,
    rulesName: solution.rules.name,
    ev: solution.ev,
    bust: solution.bust,
    sevn: solution.sevn,
    states: solution.states,
    decisionStates: solution.decisionStates,
    drawStates: solution.drawStates,
    bestStayAt: solution.bestStayAt,
    gainOverStayAt: solution.ev - solution.bestStayAt.ev,
    seconds: solution.seconds,
  };
}

/** Solves (a UserError for decks with other cards), and with `out` writes policy.arrow and solve.json all or nothing. */
export async function solveSevnCommand(rules: SevnRules, preset: string | null, out: string | null, force = false): Promise<{ report: SevnSolveReport; solution: SevnSolution }> {
  const dir = out !== null ? new OutputDir(out, { force }) : null;
  dir?.prepare();
  const solution = solveSevnSolo(rules);
  const report = sevnSolveReport(solution, preset);
  if (dir) {
    try {
      await writeSevnPolicy(dir, solution.policyRows());
      const stayAt = solution.stayAtEv.map((ev, threshold) => ({ threshold, ev }));
      writeFileSync(dir.file('solve.json'), JSON.stringify({ sevensim: packageVersion(), gitCommit: gitCommit(), rules, ...report, stayAt }, null, 2) + '\n');
      writeRunJson(dir, { ...manifestHeader('solve', 'sevn', preset, null), rules, objective: 'ev', files: ['policy.arrow', 'solve.json'] });
      dir.commit();
    } catch (e) {
      dir.abort();
      throw dir.fault(e);
    }
  }
  return { report, solution };
}

export function formatSevnSolve(r: SevnSolveReport, tty = false): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const table = r.stopBoundary ? [formatStopBoundary(r.stopBoundary, tty)] : [];
  return [
    `SEVN (${r.preset ?? `rules file "${r.rulesName}"`}), solo round from a full deck: optimal expected round score ${r.ev.toFixed(6)} (exact, by recursion over held-value sets; strategy optimal-solo)`,
    `  bust ${(100 * r.bust).toFixed(2)}%, SEVN ${(100 * r.sevn).toFixed(3)}%`,
    `  best stay-at: points=${r.bestStayAt.threshold}, expected ${r.bestStayAt.ev.toFixed(6)} (exact); optimal gains ${r.gainOverStayAt.toFixed(6)} per round`,
    `  ${n(r.states)} held-value sets, ${n(r.decisionStates)} decision states (${n(r.drawStates)} draw); solved in ${r.seconds.toFixed(2)} s`,
    ...table,
  ].join('\n');
}

/** One line of the stop boundary: for each points total, what the optimal policy does at this many distinct values. */
export interface StopBoundaryRow {
  distinct: number;
  /** One character per points total from 0: D draw for every held set, S stay for every one, * it depends on the values, . no such set. */
  cells: string;
  /** Most points at which some held set draws, and fewest at which some stays (null: none). */
  drawUpTo: number | null;
  stayFrom: number | null;
}

/** The stop boundary of the optimal solo policy: distinct values x points (`solve --game sevn --table`). */
export function sevnStopBoundary(rows: readonly SevnPolicyRow[]): StopBoundaryRow[] {
  const maxPoints = Math.max(...rows.map((r) => r.points));
  const maxDistinct = Math.max(...rows.map((r) => r.distinct));
  const out: StopBoundaryRow[] = [];
  for (let d = 1; d <= maxDistinct; d++) {
    const mine = rows.filter((r) => r.distinct === d);
    let cells = '';
    for (let p = 0; p <= maxPoints; p++) {
      const at = mine.filter((r) => r.points === p);
      const draws = at.filter((r) => r.best === 'draw').length;
      cells += at.length === 0 ? '.' : draws === at.length ? 'D' : draws === 0 ? 'S' : '*';
    }
    const drawPoints = mine.filter((r) => r.best === 'draw').map((r) => r.points);
    const stayPoints = mine.filter((r) => r.best === 'stay').map((r) => r.points);
    out.push({ distinct: d, cells, drawUpTo: drawPoints.length ? Math.max(...drawPoints) : null, stayFrom: stayPoints.length ? Math.min(...stayPoints) : null });
  }
  return out;
}

export function formatStopBoundary(rows: readonly StopBoundaryRow[], tty = false): string {
  const width = rows[0]?.cells.length ?? 0;
  const colour = (s: string) => (tty ? s.replace(/D+/g, (x) => `\x1b[32m${x}\x1b[0m`).replace(/S+/g, (x) => `\x1b[31m${x}\x1b[0m`).replace(/\*+/g, (x) => `\x1b[33m${x}\x1b[0m`) : s);
  const tens = Array.from({ length: width }, (_, p) => (p % 10 === 0 ? String(p / 10 % 10) : ' ')).join('');
  const ones = Array.from({ length: width }, (_, p) => String(p % 10)).join('');
  const lines = [
    'Stop boundary of the optimal solo policy: row = distinct values held, column = points at stake.',
    '  D: drawing is optimal for every held set there; S: staying is; *: it depends on which values are held; .: no such set.',
    `  distinct  ${tens}  (tens)`,
    `            ${ones}`,
  ];
  for (const r of rows) {
    const words = `${r.drawUpTo === null ? 'never draws' : `draws up to ${r.drawUpTo}`}, ${r.stayFrom === null ? 'never stays' : `stays from ${r.stayFrom}`}`;
    lines.push(`  ${String(r.distinct).padStart(8)}  ${colour(r.cells)}  ${words}`);
  }
  return lines.join('\n');
}
