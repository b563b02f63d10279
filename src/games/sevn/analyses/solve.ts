/**
 * `solve --game sevn`: the exact optimal solo stopping policy of a number-only deck (see
 * src/games/sevn/solver.ts), printed, and with --out written as policy.arrow (one row per decision
 * state) and solve.json (the report, the rules and the exact value of every stay-at threshold).
 */
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
      writeFileSync(dir.file('run.json'), JSON.stringify({ ...manifestHeader('solve', 'sevn', preset, null), rules, objective: 'ev', files: ['policy.arrow', 'solve.json'] }, null, 2) + '\n');
      dir.commit();
    } catch (e) {
      dir.abort();
      throw dir.fault(e);
    }
  }
  return { report, solution };
}

export function formatSevnSolve(r: SevnSolveReport): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `SEVN (${r.preset ?? `rules file "${r.rulesName}"`}), solo round from a full deck: optimal expected round score ${r.ev.toFixed(6)} (exact, by recursion over held-value sets; strategy optimal-solo)`,
    `  bust ${(100 * r.bust).toFixed(2)}%, SEVN ${(100 * r.sevn).toFixed(3)}%`,
    `  best stay-at: points=${r.bestStayAt.threshold}, expected ${r.bestStayAt.ev.toFixed(6)} (exact); optimal gains ${r.gainOverStayAt.toFixed(6)} per round`,
    `  ${n(r.states)} held-value sets, ${n(r.decisionStates)} decision states (${n(r.drawStates)} draw); solved in ${r.seconds.toFixed(2)} s`,
  ].join('\n');
}
