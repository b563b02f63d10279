/**
 * `solve --game sevenfall --players 2 --objective win`: the 2-player game solved for the win
 * (../win-solver.ts), printed, as a table by round and score difference (--table), and
 * written as winprob.arrow (--out).
 */
import { writeFileSync } from 'node:fs';
import { ArrowFileStream, batchOf, schemaOf } from '../../../io/arrow.js';
import { OutputDir } from '../../../io/output.js';
import { manifestHeader } from '../../../io/package-info.js';
import type { SevenfallRules } from '../rules.js';
import { TwoPlayerWinSolution } from '../win-solver.js';

/**
 * One row per reachable state, both seats playing for the win: round (1-based), seat_to_move (0 or
 * 1), difference (seat 0's total minus seat 1's, before the turn), then each seat's win chance and the
 * tie chance from there.
 */
export const WINPROB_SCHEMA = schemaOf([
  ['round', 'int32'],
  ['seat_to_move', 'int32'],
  ['difference', 'int32'],
  ['seat0_win', 'float64'],
  ['seat1_win', 'float64'],
  ['tie', 'float64'],
]);

export interface SevenfallWinReport {
  game: 'sevenfall';
  preset: string | null;
  players: 2;
  objective: 'win';
  /** Both seats play for the win. */
  bothOptimal: { seat0Win: number; tie: number };
  /** Seat 0 plays for the win, seat 1 maximises its expected turn score every turn (`optimal`). */
  seat0OptimalVsEv: { seat0Win: number; tie: number };
  /** Seat 1 plays for the win, seat 0 maximises its expected turn score every turn. */
  seat1OptimalVsEv: { seat1Win: number; tie: number };
  /** Reachable (round, seat to move, score difference) states. */
  states: number;
  /** Wall time of the whole solve (the three inductions), one thread. */
  seconds: number;
}

export async function solveSevenfallWinCommand(rules: SevenfallRules, preset: string | null, out: string | null, force = false): Promise<{ report: SevenfallWinReport; solution: TwoPlayerWinSolution }> {
  const dir = out !== null ? new OutputDir(out, { force }) : null;
  dir?.prepare(); // before any work
  try {
    const start = performance.now();
    const solution = new TwoPlayerWinSolution(rules);
    const both = solution.bothOptimal();
    const vs0 = solution.optimalVsEv(0);
    const vs1 = solution.optimalVsEv(1);
    const report: SevenfallWinReport = {
      game: 'sevenfall',
      preset,
      players: 2,
      objective: 'win',
      bothOptimal: { seat0Win: both.win, tie: both.tie },
      seat0OptimalVsEv: { seat0Win: vs0.win, tie: vs0.tie },
      seat1OptimalVsEv: { seat1Win: vs1.win, tie: vs1.tie },
      states: solution.states,
      seconds: (performance.now() - start) / 1000,
    };
    if (dir) {
      await writeWinProb(dir, solution);
      writeFileSync(dir.file('run.json'), JSON.stringify({ ...manifestHeader('solve-win', 'sevenfall', preset, null), rules, ...report, files: ['winprob.arrow'] }, null, 2) + '\n');
      dir.commit();
    }
    return { report, solution };
  } catch (e) {
    dir?.abort();
    throw dir ? dir.fault(e) : e;
  }
}

async function writeWinProb(dir: OutputDir, solution: TwoPlayerWinSolution): Promise<void> {
  const states = [...solution.stateList()];
  const outcomes = states.map((s) => solution.outcomeAt(s.round, s.seat, s.diff));
  const stream = dir.track(new ArrowFileStream(dir.file('winprob.arrow'), WINPROB_SCHEMA));
  await stream.write(
    batchOf(WINPROB_SCHEMA, {
      round: Int32Array.from(states, (s) => s.round + 1),
      seat_to_move: Int32Array.from(states, (s) => s.seat),
      difference: Int32Array.from(states, (s) => s.diff),
      seat0_win: Float64Array.from(outcomes, (o) => o.seat0Win),
      seat1_win: Float64Array.from(outcomes, (o) => o.seat1Win),
      tie: Float64Array.from(outcomes, (o) => o.tie),
    }),
  );
  await stream.close();
}

const f6 = (x: number): string => x.toFixed(6);

export function formatSevenfallWin(r: SevenfallWinReport): string {
  const b = r.bothOptimal;
  return [
    `SEVENFALL (${r.preset ?? 'rules file'}), 2 players, objective win (exact, by backward induction over round, seat to move and score difference)`,
    `  both play for the win:                 seat 0 wins ${f6(b.seat0Win)}, tie ${f6(b.tie)}, seat 1 wins ${f6(Math.max(0, 1 - b.seat0Win - b.tie))}`,
    `  seat 0 for the win, seat 1 optimal ev: seat 0 wins ${f6(r.seat0OptimalVsEv.seat0Win)}, tie ${f6(r.seat0OptimalVsEv.tie)}`,
    `  seat 1 for the win, seat 0 optimal ev: seat 1 wins ${f6(r.seat1OptimalVsEv.seat1Win)}, tie ${f6(r.seat1OptimalVsEv.tie)}`,
    `  ${r.states.toLocaleString('en-US')} (round, seat to move, difference) states; solved in ${r.seconds.toFixed(2)} s on one thread`,
  ].join('\n');
}

/**
 * The win-chance table: one line per score difference (seat 0's total minus seat 1's), one column per
 * round and seat to move, each cell seat 0's win share in percent (win + the tie's share), both
 * playing for the win; `.` where the state cannot occur. Differences from -2 max to +2 max turn
 * score, in steps of about a sixth of the max turn score.
 */
export function formatWinTable(s: TwoPlayerWinSolution): string {
  const m = Math.max(1, s.maxScore);
  const step = Math.max(1, Math.round(m / 6));
  const reach = Math.min(2 * m, s.span);
  const top = reach - (reach % step);
  const cols: { round: number; seat: number }[] = [];
  for (let round = 0; round < s.rounds; round++) for (const seat of [0, 1]) cols.push({ round, seat });
  const cell = 7;
  const lines = [
    `Seat 0's win share in % (win + ${s.tieShare === 0.5 ? 'half a tie' : 'nothing for a tie'}), both playing for the win, by difference (seat 0 minus seat 1) before the turn`,
    'diff  ' + cols.map((c) => `r${c.round + 1} s${c.seat}`.padStart(cell)).join(''),
  ];
  for (let d = top; d >= -top; d -= step) {
    const cells = cols.map(({ round, seat }) => {
      if (!s.isReachable(round, seat, d)) return '.'.padStart(cell);
      const o = s.outcomeAt(round, seat, d);
      return (100 * (o.seat0Win + s.tieShare * o.tie)).toFixed(1).padStart(cell);
    });
    lines.push(String(d).padStart(4) + '  ' + cells.join(''));
  }
  lines.push(`r = round, s = seat to move; every state is in winprob.arrow (solve --out DIR)`);
  return lines.join('\n');
}
