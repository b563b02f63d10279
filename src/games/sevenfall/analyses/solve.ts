/** `solve`: exact solutions, printed and (with --out) written as policy.arrow. */
import { writeRunJson } from '../../../io/manifest.js';
import { writeFileSync } from 'node:fs';
import { ArrowFileStream, batchOf, schemaOf } from '../../../io/arrow.js';
import { OutputDir } from '../../../io/output.js';
import { gitCommit, manifestHeader, packageVersion } from '../../../io/package-info.js';
import type { SevenfallRules } from '../rules.js';
import { objectiveText, parseObjective } from '../objective.js';
import { type PolicyRow, type SevenfallSolution, solveSevenfall } from '../solution.js';

export const SEVENFALL_POLICY_SCHEMA = schemaOf([
  ['state_index', 'int32'],
  ['state', 'utf8'],
  ['discards_left', 'int32'],
  ['unlocked', 'int32'],
  ['locked', 'int32'],
  ['stop_value', 'float64'],
  ['action', 'utf8'],
  ['discards', 'int32'],
  ['value', 'float64'],
  ['best', 'int32'],
]);

/** Streams the policy rows in batches of 65,536. */
async function writeSevenfallPolicy(out: OutputDir, rows: Iterable<PolicyRow>): Promise<number> {
  const stream = out.track(new ArrowFileStream(out.file('policy.arrow'), SEVENFALL_POLICY_SCHEMA));
  let batch: PolicyRow[] = [];
  let count = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const col = <K extends keyof PolicyRow>(k: K) => batch.map((r) => r[k]);
    await stream.write(
      batchOf(SEVENFALL_POLICY_SCHEMA, {
        state_index: Int32Array.from(col('stateIndex') as number[]),
        state: col('state') as string[],
        discards_left: Int32Array.from(col('discardsLeft') as number[]),
        unlocked: Int32Array.from(col('unlocked') as number[]),
        locked: Int32Array.from(col('locked') as number[]),
        stop_value: Float64Array.from(col('stopValue') as number[]),
        action: col('action') as string[],
        discards: Int32Array.from(col('discards') as number[]),
        value: Float64Array.from(col('value') as number[]),
        best: Int32Array.from(batch.map((r) => (r.best ? 1 : 0))),
      }),
    );
    count += batch.length;
    batch = [];
  };
  for (const r of rows) {
    batch.push(r);
    if (batch.length === 65536) await flush();
  }
  await flush();
  await stream.close();
  return count;
}

export interface SevenfallSolveReport {
  game: 'sevenfall';
  preset: string | null;
  objective: string;
  ev?: number;
  probability?: number;
  states: number;
  chanceStates: number;
  actions: number;
  seconds: number;
}

export async function solveSevenfallCommand(rules: SevenfallRules, preset: string | null, objectiveTextIn: string, out: string | null, force = false): Promise<{ report: SevenfallSolveReport; solution: SevenfallSolution }> {
  const objective = parseObjective(objectiveTextIn);
  const dir = out !== null ? new OutputDir(out, { force }) : null;
  dir?.prepare();
  const solution = solveSevenfall(rules, objective);
  const report: SevenfallSolveReport = {
    game: 'sevenfall',
    preset,
    objective: objectiveText(objective),
    ...(objective.kind === 'ev' ? { ev: solution.value } : { probability: solution.value }),
    states: solution.states,
    chanceStates: solution.chanceStates,
    actions: solution.actions,
    seconds: solution.seconds,
  };
  if (dir) {
    try {
      await writeSevenfallPolicy(dir, solution.policyRows());
      writeFileSync(dir.file('solve.json'), JSON.stringify({ sevensim: packageVersion(), gitCommit: gitCommit(), rules, ...report }, null, 2) + '\n');
      writeRunJson(dir, { ...manifestHeader('solve', 'sevenfall', preset, null), rules, objective: report.objective, files: ['policy.arrow', 'solve.json'] });
      dir.commit();
    } catch (e) {
      dir.abort();
      throw dir.fault(e);
    }
  }
  return { report, solution };
}

export function formatSevenfallSolve(r: SevenfallSolveReport): string {
  const what = r.ev !== undefined ? `optimal expected turn score ${r.ev.toFixed(6)}` : `best probability of scoring at least ${r.objective.split(':')[1]}: ${r.probability!.toFixed(6)}`;
  return [
    `SEVENFALL (${r.preset ?? 'rules file'}), objective ${r.objective}: ${what} (exact, by dynamic programming)`,
    `  ${r.states.toLocaleString('en-US')} decision states (canonical under symbol symmetry), ${r.chanceStates.toLocaleString('en-US')} chance states, ${r.actions.toLocaleString('en-US')} state-action pairs; solved in ${r.seconds.toFixed(2)} s`,
  ].join('\n');
}
