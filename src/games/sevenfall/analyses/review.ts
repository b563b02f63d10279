/** `advise --review` for SEVENFALL: each decision of a played game (`play --json`) with its exact loss against the best action. */
import { UserError } from '../../../engine/errors.js';
import type { GameRecord } from '../../../engine/game-record.js';
import type { AnalysisArgs } from '../../entry.js';
import type { SevenfallRules } from '../rules.js';
import { adviseSevenfall, sevenfallPosition } from './advise.js';
import type { SevenfallGameRecord } from './record.js';

export interface ReviewedDecision {
  round: number;
  row: string;
  locked: string;
  discarded: string;
  played: string;
  best: string;
  loss: number;
}

export interface Review {
  seat: number;
  strategy: string;
  objective: string;
  decisions: ReviewedDecision[];
  totalLoss: number;
  meanLoss: number;
}

/** Each decision of `seat` in a SEVENFALL game record with its exact loss against the best action (turn objective). */
export function reviewSevenfall(recordIn: GameRecord, seat: number, objective = 'ev'): Review {
  const record = recordIn as SevenfallGameRecord;
  if (record.game !== 'sevenfall' || !Array.isArray(record.turns)) throw new UserError('--review: only SEVENFALL games can be reviewed so far (a `play --game sevenfall --json` file)');
  if (!Number.isInteger(seat) || seat < 0 || seat >= record.players.length) throw new UserError(`--seat ${seat}: the game has seats 0 to ${record.players.length - 1}`);
  const rules = record.rules as SevenfallRules;
  const decisions: ReviewedDecision[] = [];
  for (const turn of record.turns.filter((t) => t.seat === seat)) {
    for (const d of turn.decisions) {
      const advice = adviseSevenfall(rules, sevenfallPosition(rules, d.row, d.locked, d.discarded), objective);
      const played = advice.actions.find((a) => a.action === canonicalAction(rules, d.action));
      if (!played) throw new UserError(`--review: "${d.action}" is not a legal action at ${advice.position}`);
      decisions.push({ round: turn.round, row: d.row, locked: d.locked, discarded: d.discarded, played: played.action, best: advice.actions[0].action, loss: played.loss });
    }
  }
  const totalLoss = decisions.reduce((s, d) => s + d.loss, 0);
  return { seat, strategy: record.players[seat], objective, decisions, totalLoss, meanLoss: decisions.length ? totalLoss / decisions.length : 0 };
}

/** An action written by play --json in the order advise lists tiles (by kind). */
function canonicalAction(rules: SevenfallRules, action: string): string {
  if (action === 'stop') return action;
  const order = (ch: string) => (ch === 'W' ? rules.symbols : ch === 'X' ? rules.symbols + 1 : ch.charCodeAt(0) - 65);
  return `discard ${action.slice('discard '.length).split(' ').sort((a, b) => order(a) - order(b)).join(' ')}`;
}

export function formatReview(r: Review): string {
  const lines = [`Seat ${r.seat} (${r.strategy}): ${r.decisions.length} decisions, loss against the best action (exact, objective ${r.objective}) ${r.totalLoss.toFixed(6)} in all, ${r.meanLoss.toFixed(6)} a decision.`];
  for (const d of r.decisions) {
    lines.push(`  round ${d.round + 1}: row ${d.row}${d.locked ? ` [locked ${d.locked}]` : ''}: played ${d.played}, best ${d.best}, loss ${d.loss.toFixed(6)}`);
  }
  return lines.join('\n');
}

/** `advise --review` of a SEVENFALL game: --seat and --objective apply. */
export function sevenfallReviewCommand(record: GameRecord, a: AnalysisArgs): { report: Review; text: string } {
  const r = reviewSevenfall(record, typeof a.seat === 'number' ? a.seat : 0, typeof a.objective === 'string' ? a.objective : 'ev');
  return { report: r, text: formatReview(r) };
}
