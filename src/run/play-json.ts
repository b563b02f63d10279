/**
 * `play --json`: one seeded game as data (the same game `play` prints), and `advise --review`: each
 * decision of a played SEVENFALL game with its exact loss against the best action.
 */
import { UserError } from '../engine/errors.js';
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../engine/rng.js';
import { createStrategy } from '../engine/strategy.js';
import { SevenfallEngine, type SevenfallTracer } from '../games/sevenfall/engine.js';
import { type SevenfallRules, validateSevenfallRules } from '../games/sevenfall/rules.js';
import { createSevenfallModule } from '../games/sevenfall/index.js';
import type { GameModule } from '../engine/game.js';
import { checkPlayers } from './simulate.js';
import { tileName } from '../games/sevenfall/trace.js';
import { type SevenfallPlayer, type SevenfallStrategyDef, strategySide } from '../games/sevenfall/view.js';
import { makeSevnPlayers } from '../games/sevn/index.js';
import { SevnEngine } from '../games/sevn/engine.js';
import type { SevnRules } from '../games/sevn/rules.js';
import type { SevnStrategyDef } from '../games/sevn/view.js';
import { type AdviseArgs, adviseSevenfall, sevenfallPosition } from './advise.js';

/** One SEVENFALL decision as played: the position (tiles as letters) and the action taken. */
export interface SevenfallDecisionRecord {
  row: string;
  locked: string;
  discarded: string;
  action: string;
}

export interface SevenfallTurnRecord {
  seat: number;
  round: number;
  drawn: string;
  decisions: SevenfallDecisionRecord[];
  final: string;
  score: number;
}

export interface GameRecord {
  format: 1;
  game: string;
  rules: unknown;
  players: string[];
  seed: number;
  totals: number[];
  winShare: number[];
  /** SEVENFALL: every turn with its decisions. */
  turns?: SevenfallTurnRecord[];
  /** SEVN: every trace event in order. */
  events?: { event: string; seat: number; card?: string; target?: number; value?: number }[];
}

/** The strategies' streams of a played game (seed, chunk 0), as `play` seeds them. */
export const strategyRngs = (n: number, seed: number) =>
  Array.from({ length: n }, (_, seat) => {
    const r = new Rng();
    r.reseed(seed, 0, STREAM_STRATEGY, seat);
    return r;
  });

export function sevenfallGameRecord(strategies: readonly SevenfallStrategyDef[], rules: SevenfallRules, specs: readonly string[], seed: number): GameRecord {
  const engine = new SevenfallEngine(rules);
  const rngs = strategyRngs(specs.length, seed);
  const side = strategySide(rules); // read-only rules and a score table of the strategies' own
  const players: SevenfallPlayer[] = specs.map((spec, seat) => createStrategy('sevenfall', strategies, spec, { rules: side.rules, table: side.table, rng: rngs[seat] }));
  const letters = (tiles: ArrayLike<number>, keep: (i: number) => boolean = () => true) => Array.from(tiles).flatMap((t, i) => (keep(i) ? [tileName(rules, t)] : [])).join(' ');
  const turns: SevenfallTurnRecord[] = [];
  let turn: SevenfallTurnRecord | null = null;
  let gone: number[] = [];
  let left = 0;
  const tracer: SevenfallTracer = {
    turnStart(seat, round, row) {
      turn = { seat, round, drawn: letters(row), decisions: [], final: '', score: 0 };
      gone = [];
      left = rules.discardBudget;
    },
    discard(_seat, mask, removed, row, locked) {
      // The position before this step: discarded tiles were unlocked where the replacements now are.
      const before = Array.from(row, (t, i) => ((mask >>> i) & 1 ? removed[i] : t));
      const wasLocked = (i: number) => locked[i] === 1 && ((mask >>> i) & 1) === 0;
      turn!.decisions.push({ row: letters(before), locked: letters(before, wasLocked), discarded: gone.map((t) => tileName(rules, t)).join(' '), action: `discard ${letters(before, (i) => ((mask >>> i) & 1) === 1)}` });
      for (let i = 0; i < row.length; i++) if ((mask >>> i) & 1) gone.push(removed[i]);
      left -= before.filter((_, i) => (mask >>> i) & 1).length;
    },
    turnEnd(_seat, row, score) {
      const t = turn!;
      // A stop is a decision only when a discard was still possible.
      const unlocked = Array.from(engine.locked).some((l) => l === 0);
      if (left > 0 && unlocked) t.decisions.push({ row: letters(row), locked: letters(row, (i) => engine.locked[i] === 1), discarded: gone.map((x) => tileName(rules, x)).join(' '), action: 'stop' });
      t.final = letters(row);
      t.score = score;
      turns.push(t);
    },
  };
  engine.tracer = tracer;
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  engine.playGame(players, deck);
  engine.tracer = null;
  return { format: 1, game: 'sevenfall', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: Array.from(engine.winShare.subarray(0, specs.length)), turns };
}

/** Trace event names, in the order of `Ev` (events.ts), and what their two numbers mean. */
const SEVN_EVENTS: [string, 'card' | 'target' | 'value' | null][] = [
  ['round-start', 'value'], ['deal', 'card'], ['draw', 'card'], ['triple-draw-card', 'card'], ['storm-card', 'card'], ['stay', null], ['bust', 'card'],
  ['second-chance-used', 'card'], ['ballast', 'card'], ['second-chance-given', 'target'], ['freeze', 'target'], ['triple-draw', 'target'], ['storm', null],
  ['crossroads', 'card'], ['queued', 'card'], ['action-discarded', 'card'], ['sevn', null], ['reshuffle', 'value'], ['exhausted', null], ['round-end', null],
];

export function sevnGameRecord(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], seed: number): GameRecord {
  const engine = new SevnEngine(rules);
  const players = makeSevnPlayers(strategies, rules, specs, strategyRngs(specs.length, seed));
  const events: NonNullable<GameRecord['events']> = [];
  engine.tracer = {
    event(ev, seat, a) {
      const [event, arg] = SEVN_EVENTS[ev];
      const e: (typeof events)[number] = { event, seat };
      if (arg === 'card' && a >= 0) e.card = engine.cards.name(a);
      else if (arg === 'target') e.target = a;
      else if (arg === 'value') e.value = a;
      events.push(e);
    },
  };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  try {
    engine.playGame(players, deck);
  } finally {
    engine.tracer = null;
  }
  return { format: 1, game: 'sevn', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: Array.from(engine.winShare.subarray(0, specs.length)), events };
}

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
/**
 * Throws unless a play record's players fit `game` (seats, strategy specs) and its seed is an integer:
 * what a review replays. Either game's review calls it first.
 */
export function checkRecord(game: GameModule, rules: unknown, record: GameRecord): void {
  const players = record.players as unknown;
  if (!Array.isArray(players) || players.some((p) => typeof p !== 'string')) throw new UserError('--review: the file has no list of strategy specs (players); write it again with `play --json`');
  if (!Number.isSafeInteger(record.seed)) throw new UserError('--review: the file has no integer seed; write it again with `play --json`');
  try {
    checkPlayers(game, rules, players as string[], 'game');
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`--review: the file's players: ${e.message.replace(/^--players: /, '')}`);
    throw e;
  }
}

export function reviewSevenfall(strategies: readonly SevenfallStrategyDef[], record: GameRecord, seat: number, objective = 'ev'): Review {
  if (record?.game !== 'sevenfall' || !Array.isArray(record.turns)) throw new UserError('--review: not a SEVENFALL game written by `play --game sevenfall --json`');
  const rules = validateSevenfallRules(record.rules, '--review rules');
  checkRecord(createSevenfallModule(strategies) as unknown as GameModule, rules, record);
  if (!Number.isInteger(seat) || seat < 0 || seat >= record.players.length) throw new UserError(`--seat ${seat}: the game has seats 0 to ${record.players.length - 1}`);
  // The replay must be the game of the file, as for SEVN: same turns, or the file is from another version or edited.
  const replayed = sevenfallGameRecord(strategies, rules, record.players, record.seed);
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
export function sevenfallReviewCommand(strategies: readonly SevenfallStrategyDef[], record: GameRecord, a: AdviseArgs): { report: Review; text: string } {
  const r = reviewSevenfall(strategies, record, a.seat, a.objective);
  return { report: r, text: formatReview(r) };
}
