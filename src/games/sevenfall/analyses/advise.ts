/**
 * `sevensim advise` for SEVENFALL: every legal action of a position (stop, and every distinct set of
 * unlocked tiles to discard) with its exact value from the turn solver and its loss against the best;
 * and `--review`: every decision of a played game (`play --json`) with what it gave away.
 */
import { UserError } from '../../../engine/errors.js';
import type { AnalysisArgs } from '../../entry.js';
import type { SevenfallRules } from '../rules.js';
import { ScoreTable } from '../scoring.js';
import { type Objective, objectiveText, parseObjective } from '../objective.js';
import { type SevenfallSolution, solveSevenfall } from '../solution.js';
import { tileName } from '../trace.js';
import { counted } from '../../../io/words.js';

/** A SEVENFALL position: per tile kind (symbols, Wild, Break), unlocked and locked row tiles, tiles discarded this turn. */
export interface SevenfallPosition {
  unlocked: number[];
  locked: number[];
  discarded: number[];
}

export interface AdvisedAction {
  action: string;
  /** Tiles discarded, by kind (all 0 for stop). */
  discard: number[];
  value: number;
  loss: number;
  best: boolean;
}

export interface SevenfallAdvice {
  objective: string;
  position: string;
  discardsLeft: number;
  actions: AdvisedAction[];
}

/** Parses tiles written as letters (A.. symbols, W Wild, X Break), spaces optional: counts by kind. */
export function parseTiles(rules: SevenfallRules, text: string, what: string): number[] {
  const counts = new Array<number>(rules.symbols + 2).fill(0);
  for (const ch of text.replace(/[\s,]/g, '').toUpperCase()) {
    const t = ch === 'W' ? rules.symbols : ch === 'X' ? rules.symbols + 1 : ch.charCodeAt(0) - 65;
    if (!(t >= 0 && t < rules.symbols + 2) || (ch !== 'W' && ch !== 'X' && t >= rules.symbols)) {
      throw new UserError(`${what} "${text}": "${ch}" is not a tile of these rules (symbols A to ${tileName(rules, rules.symbols - 1)}, W Wild, X Break)`);
    }
    counts[t]++;
  }
  return counts;
}

/** The position from --hand (the row), --locked (which of its tiles are locked) and --discarded, checked against the canister. */
export function sevenfallPosition(rules: SevenfallRules, hand: string, locked = '', discarded = '', discardsLeft?: number): SevenfallPosition {
  const row = parseTiles(rules, hand, '--hand');
  const lock = parseTiles(rules, locked, '--locked');
  const gone = parseTiles(rules, discarded, '--discarded');
  const size = row.reduce((a, b) => a + b, 0);
  if (size !== rules.rowSize) throw new UserError(`--hand "${hand}": a row holds ${rules.rowSize} tiles, got ${size}`);
  const copies = (t: number) => (t < rules.symbols ? rules.copiesPerSymbol : t === rules.symbols ? rules.wilds : rules.breaks);
  row.forEach((n, t) => {
    if (lock[t] > n) throw new UserError(`--locked "${locked}": ${lock[t]} ${tileName(rules, t)} locked but the hand holds ${n}`);
    if (n + gone[t] > copies(t)) throw new UserError(`--hand and --discarded hold ${n + gone[t]} ${tileName(rules, t)}, the canister only ${copies(t)}`);
  });
  const nGone = gone.reduce((a, b) => a + b, 0);
  const nLocked = lock.reduce((a, b) => a + b, 0);
  if (nGone > rules.discardBudget) throw new UserError(`--discarded "${discarded}": at most ${rules.discardBudget} tiles are discarded in a turn`);
  if (nLocked > nGone) throw new UserError(`--locked "${locked}": ${nLocked} locked tiles, but only ${nGone} replacements were drawn (give the discarded tiles with --discarded)`);
  // Every replacement is locked for the rest of the turn: as many locked tiles as discarded ones.
  if (nLocked < nGone) throw new UserError(`--discarded "${discarded}": ${counted(nGone, 'tile')} discarded, so the hand holds ${nGone} locked replacement${nGone === 1 ? '' : 's'}, but --locked names ${nLocked}; give the replacements with --locked`);
  if (discardsLeft !== undefined && discardsLeft !== rules.discardBudget - nGone) {
    throw new UserError(`--discards-left ${discardsLeft}: with ${counted(nGone, 'tile')} discarded this turn ${rules.discardBudget - nGone} ${rules.discardBudget - nGone === 1 ? 'is' : 'are'} left; give the tiles discarded with --discarded (the canister depends on them)`);
  }
  return { unlocked: row.map((n, t) => n - lock[t]), locked: lock, discarded: gone };
}

const solutions = new Map<string, SevenfallSolution>();
function solutionFor(rules: SevenfallRules, objective: Objective): SevenfallSolution {
  const key = JSON.stringify([rules, objectiveText(objective)]);
  let s = solutions.get(key);
  if (s === undefined) solutions.set(key, (s = solveSevenfall(rules, objective, new ScoreTable(rules))));
  return s;
}

const tilesText = (rules: SevenfallRules, counts: readonly number[]): string => counts.flatMap((n, t) => Array<string>(n).fill(tileName(rules, t))).join(' ');

/** Every legal action of the position with its exact value, best first; loss = best value - value. */
export function adviseSevenfall(rules: SevenfallRules, pos: SevenfallPosition, objectiveText_ = 'ev'): SevenfallAdvice {
  const objective = parseObjective(objectiveText_);
  const solution = solutionFor(rules, objective);
  const table = new ScoreTable(rules);
  const left = rules.discardBudget - pos.discarded.reduce((a, b) => a + b, 0);
  const rowCounts = pos.unlocked.map((n, t) => n + pos.locked[t]);
  const score = table.scoreCounts(rowCounts);
  const stopValue = objective.kind === 'ev' ? score : objective.kind === 'at-least' ? (score >= objective.k ? 1 : 0) : (objective.values[score] ?? 0);
  const actions: AdvisedAction[] = [{ action: 'stop', discard: pos.unlocked.map(() => 0), value: stopValue, loss: 0, best: false }];
  // Every sub-multiset of the unlocked tiles with 1..left tiles: a mixed-radix count over the kinds.
  const take = pos.unlocked.map(() => 0);
  const next = (): boolean => {
    for (let t = 0; t < take.length; t++) {
      if (take[t] < pos.unlocked[t]) {
        take[t]++;
        return true;
      }
      take[t] = 0;
    }
    return false;
  };
  while (next()) {
    const n = take.reduce((a, b) => a + b, 0);
    if (n > left) continue;
    const value = solution.stateValue(
      pos.unlocked.map((u, t) => u - take[t]),
      pos.locked,
      pos.discarded.map((d, t) => d + take[t]),
    );
    actions.push({ action: `discard ${tilesText(rules, take)}`, discard: [...take], value, loss: 0, best: false });
  }
  const best = Math.max(...actions.map((a) => a.value));
  for (const a of actions) a.loss = best - a.value;
  // Best first; ties: stop, then fewer tiles (the solver's own tie rule).
  const size = (a: AdvisedAction) => a.discard.reduce((x, y) => x + y, 0);
  actions.sort((a, b) => b.value - a.value || size(a) - size(b));
  actions[0].best = true;
  const position = `row ${tilesText(rules, rowCounts)}${pos.locked.some((n) => n > 0) ? `, locked ${tilesText(rules, pos.locked)}` : ''}${pos.discarded.some((n) => n > 0) ? `, discarded ${tilesText(rules, pos.discarded)}` : ''}`;
  return { objective: objectiveText(objective), position, discardsLeft: left, actions };
}

export function formatSevenfallAdvice(a: SevenfallAdvice): string {
  const unit = a.objective === 'ev' ? 'expected turn score' : `P(turn score >= ${a.objective.slice('at-least:'.length)})`;
  const lines = [`SEVENFALL ${a.position}; ${counted(a.discardsLeft, 'discard')} left. Values are exact (turn solver, objective ${a.objective}: ${unit}).`];
  const w = Math.max(...a.actions.map((x) => x.action.length));
  lines.push(`  ${'action'.padEnd(w)}  ${'value'.padStart(9)}  ${'loss'.padStart(9)}`);
  for (const x of a.actions) lines.push(`  ${x.action.padEnd(w)}  ${x.value.toFixed(6).padStart(9)}  ${x.loss.toFixed(6).padStart(9)}${x.best ? '  best' : ''}`);
  return lines.join('\n');
}

/** The position flags of SEVENFALL (declared in entry.ts), as the CLI hands them over. */
interface SevenfallAdviseFlags {
  hand?: string;
  locked: string;
  discarded: string;
  discardsLeft?: number;
  objective: string;
}

/** `advise --game sevenfall`: the position from --hand, --locked, --discarded, --discards-left. */
export function sevenfallAdviseCommand(rules: SevenfallRules, args: AnalysisArgs): { report: SevenfallAdvice; text: string } {
  const a = args as unknown as SevenfallAdviseFlags;
  if (a.hand === undefined) throw new UserError('advise --game sevenfall: give the row with --hand, e.g. --hand "A A B C W X D"');
  const advice = adviseSevenfall(rules, sevenfallPosition(rules, a.hand, a.locked, a.discarded, a.discardsLeft), a.objective);
  return { report: advice, text: formatSevenfallAdvice(advice) };
}
