/** `advise --review` for SEVENFALL: each decision of a played game (`play --json`) with its exact loss against the best action. */
import { UserError } from '../../../engine/errors.js';
import { type GameRecord, type HumanRecordFields, OutOfAnswers, checkHumanSeat, checkRecord } from '../../../engine/game-record.js';
import type { GameModule } from '../../../engine/game.js';
import { createSevenfallModule } from '../index.js';
import { type SevenfallRules, validateSevenfallRules } from '../rules.js';
import type { SevenfallStrategyDef } from '../view.js';
import type { AnalysisArgs } from '../../entry.js';
import { adviseSevenfall, sevenfallPosition } from './advise.js';
import { type SevenfallGameRecord, sevenfallGameRecord } from './record.js';

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
export function reviewSevenfall(strategies: readonly SevenfallStrategyDef[], recordIn: GameRecord, seat: number, objective = 'ev'): Review {
  const record = recordIn as SevenfallGameRecord;
  if (record?.game !== 'sevenfall' || !Array.isArray(record.turns)) throw new UserError('--review: not a SEVENFALL game written by `play --game sevenfall --json`');
  const rules = validateSevenfallRules(record.rules, '--review rules');
  checkRecord(createSevenfallModule(strategies) as unknown as GameModule, rules, record);
  if (!Number.isInteger(seat) || seat < 0 || seat >= record.players.length) throw new UserError(`--seat ${seat}: the game has seats 0 to ${record.players.length - 1}`);
  // The replay must be the game of the file, as for SEVN: same turns, or the file is from another version or edited.
  const human = checkHumanSeat(record);
  if (human && (record as SevenfallGameRecord & HumanRecordFields).finished === false) throw new UserError('--review: the game was stopped before its end (finished: false); SEVENFALL reviews a finished game');
  let replayed: SevenfallGameRecord;
  try {
    replayed = sevenfallGameRecord(strategies, rules, record.players, record.seed, human);
  } catch (e) {
    if (e instanceof OutOfAnswers) throw new UserError('--review: the file\'s "human" answers end before its game does (edited); write it again with `play --human --save`');
    throw e;
  }
  if (JSON.stringify(replayed.turns) !== JSON.stringify(record.turns)) {
    throw new UserError('--review: replaying the file\'s seed and strategies does not give its turns (written by another version of sevensim, or edited); write it again with `play --json`');
  }
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
export function sevenfallReviewCommand(strategies: readonly SevenfallStrategyDef[], record: GameRecord, a: AnalysisArgs): { report: Review; text: string } {
  const r = reviewSevenfall(strategies, record, typeof a.seat === 'number' ? a.seat : 0, typeof a.objective === 'string' ? a.objective : 'ev');
  return { report: r, text: formatReview(r) };
}
