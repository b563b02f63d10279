/**
 * The 2-player win solve on a worker thread (solve-win.ts starts it): the main thread stays free to
 * answer Ctrl-C and SIGTERM at once, however long the solve takes. What comes back is plain data
 * (numbers, typed arrays, the table as text), since the solution object cannot cross threads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { UserError } from '../../../engine/errors.js';
import type { SevenfallRules } from '../rules.js';
import { TwoPlayerWinSolution } from '../win-solver.js';

export interface WinWork {
  bothOptimal: { seat0Win: number; tie: number };
  seat0OptimalVsEv: { seat0Win: number; tie: number };
  seat1OptimalVsEv: { seat1Win: number; tie: number };
  states: number;
  /** winprob.arrow's columns, one row per reachable state (round 1-based). */
  columns: { round: Int32Array; seat_to_move: Int32Array; difference: Int32Array; seat0_win: Float64Array; seat1_win: Float64Array; tie: Float64Array };
  /** formatWinTable of the solution, when asked for. */
  table: string | null;
}

export function solveWin(rules: SevenfallRules, table: boolean): WinWork {
  const solution = new TwoPlayerWinSolution(rules);
  const both = solution.bothOptimal();
  const vs0 = solution.optimalVsEv(0);
  const vs1 = solution.optimalVsEv(1);
  const states = [...solution.stateList()];
  const outcomes = states.map((s) => solution.outcomeAt(s.round, s.seat, s.diff));
  return {
    bothOptimal: { seat0Win: both.win, tie: both.tie },
    seat0OptimalVsEv: { seat0Win: vs0.win, tie: vs0.tie },
    seat1OptimalVsEv: { seat1Win: vs1.win, tie: vs1.tie },
    states: solution.states,
    columns: {
      round: Int32Array.from(states, (s) => s.round + 1),
      seat_to_move: Int32Array.from(states, (s) => s.seat),
      difference: Int32Array.from(states, (s) => s.diff),
      seat0_win: Float64Array.from(outcomes, (o) => o.seat0Win),
      seat1_win: Float64Array.from(outcomes, (o) => o.seat1Win),
      tie: Float64Array.from(outcomes, (o) => o.tie),
    },
    table: table ? formatWinTable(solution) : null,
  };
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
  lines.push(`r = round, s = seat to move; rows every ${step} points of difference (${-top} to ${top}), not every difference: every state is in winprob.arrow (solve --out DIR)`);
  return lines.join('\n');
}

/** What the worker posts: the work, or the error (a UserError's message is shown as it is). */
export type WinWorkMessage = { work: WinWork } | { error: string; user: boolean };

if (parentPort && (workerData as { task?: string } | null)?.task === 'solve-win') {
  const { rules, table } = workerData as { rules: SevenfallRules; table: boolean };
  let message: WinWorkMessage;
  try {
    message = { work: solveWin(rules, table) };
  } catch (e) {
    message = { error: e instanceof Error ? e.message : String(e), user: e instanceof UserError };
  }
  const buffers = 'work' in message ? Object.values(message.work.columns).map((c) => c.buffer as ArrayBuffer) : [];
  parentPort.postMessage(message, buffers);
}
