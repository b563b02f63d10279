/**
 * `play --json`: one seeded game as data (the same game `play` prints), and `advise --review`: each
 * decision of a played SEVENFALL game with its exact loss against the best action.
 */
import { UserError } from '../engine/errors.js';
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../engine/rng.js';
import { createStrategy } from '../engine/strategy.js';
import { SevenfallEngine, type SevenfallTracer } from '../games/sevenfall/engine.js';
import type { SevenfallRules } from '../games/sevenfall/rules.js';
import { tileName } from '../games/sevenfall/trace.js';
import { type SevenfallPlayer, type SevenfallStrategyDef, type SevenfallView, strategySide } from '../games/sevenfall/view.js';
import { makeSevnPlayers } from '../games/sevn/index.js';
import { SevnEngine } from '../games/sevn/engine.js';
import type { SevnRules } from '../games/sevn/rules.js';
import { Decision, type SevnPlayer, type SevnStrategyDef, type SevnView } from '../games/sevn/view.js';
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
  events?: SevnEventRecord[];
  /** A seat a person played (`play --human`): its answers in the order the engine asked (players[seat] is "human"). */
  human?: HumanSeat;
  /** false when the game was stopped before its end (then totals and winShare are as it stood). */
  finished?: boolean;
}

export type SevnEventRecord = { event: string; seat: number; card?: string; target?: number; value?: number };

/** The answers of the seat a person played, as the engine's codes (SEVN: view.ts Answer, seats, Crossroads 0/1; SEVENFALL: discard masks, 0 stop). */
export interface HumanSeat {
  seat: number;
  answers: number[];
}

/** Thrown by a ScriptedSeat asked one question more than it has answers: the game waits for a person here. */
export class OutOfAnswers extends Error {
  constructor(readonly decision: number, readonly view: unknown) {
    super('the scripted seat has no answer left');
  }
}

/**
 * A seat that answers from a list, in order (a person's answers, replayed): the same seed and answers
 * give the same game. Asked once more, it throws OutOfAnswers with the question.
 */
export class ScriptedSeat implements SevnPlayer, SevenfallPlayer {
  readonly label = 'human';
  constructor(
    readonly answers: readonly number[],
    /** In an object of its own, so that a wrapper made with Object.create (review-sevn.ts) shares it, and seats can share one list (track). */
    private readonly at = { used: 0 },
  ) {}
  get used(): number {
    return this.at.used;
  }
  private next(decision: number, view: unknown): number {
    if (this.at.used >= this.answers.length) throw new OutOfAnswers(decision, view);
    return this.answers[this.at.used++];
  }
  drawOrStay(v: SevnView): number { return this.next(Decision.DRAW_STAY, v); }
  freezeTarget(v: SevnView): number { return this.next(Decision.FREEZE, v); }
  tripleDrawTarget(v: SevnView): number { return this.next(Decision.TRIPLE_DRAW, v); }
  crossroads(v: SevnView): number { return this.next(Decision.CROSSROADS, v); }
  ballast(v: SevnView): number { return this.next(Decision.BALLAST, v); }
  secondChanceTo(v: SevnView): number { return this.next(Decision.SECOND_CHANCE, v); }
  decide(v: SevenfallView): number { return this.next(0, v); }
}

/** Checks a record's human seat (untrusted input): a seat of the game whose answers are small integers. */
export function checkHumanSeat(record: GameRecord): HumanSeat | undefined {
  const h = record.human;
  if (h === undefined) return undefined;
  if (!h || !Number.isInteger(h.seat) || h.seat < 0 || h.seat >= record.players.length || !Array.isArray(h.answers) || !h.answers.every((a) => Number.isInteger(a) && a >= 0 && a < 1 << 16)) {
    throw new UserError('--review: the file\'s "human" entry is not {seat, answers: [whole numbers]}; write it again with `play --human --save`');
  }
  return h;
}

/** The strategies' streams of a played game (seed, chunk 0), as `play` seeds them. */
export const strategyRngs = (n: number, seed: number) =>
  Array.from({ length: n }, (_, seat) => {
    const r = new Rng();
    r.reseed(seed, 0, STREAM_STRATEGY, seat);
    return r;
  });

/** The players of a SEVENFALL game as `play` seeds them; the human seat (if any) a ScriptedSeat. */
export function sevenfallPlayers(strategies: readonly SevenfallStrategyDef[], rules: SevenfallRules, specs: readonly string[], seed: number, human?: HumanSeat): SevenfallPlayer[] {
  const rngs = strategyRngs(specs.length, seed);
  const side = strategySide(rules); // read-only rules and a score table of the strategies' own
  return specs.map((spec, seat) => (seat === human?.seat ? new ScriptedSeat(human.answers) : createStrategy('sevenfall', strategies, spec, { rules: side.rules, table: side.table, rng: rngs[seat] })));
}

export function sevenfallGameRecord(strategies: readonly SevenfallStrategyDef[], rules: SevenfallRules, specs: readonly string[], seed: number): GameRecord {
  const engine = new SevenfallEngine(rules);
  const { turns, tracer } = sevenfallTurnRecorder(rules, engine);
  engine.tracer = tracer;
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  engine.playGame(sevenfallPlayers(strategies, rules, specs, seed), deck);
  engine.tracer = null;
  return { format: 1, game: 'sevenfall', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: Array.from(engine.winShare.subarray(0, specs.length)), turns };
}

/** A tracer for `engine` that writes every turn with its decisions into `turns` (and tells the tiles discarded in the turn in progress). */
export function sevenfallTurnRecorder(rules: SevenfallRules, engine: SevenfallEngine): { tracer: SevenfallTracer; turns: SevenfallTurnRecord[]; discardedThisTurn(): string } {
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
  return { tracer, turns, discardedThisTurn: () => gone.map((t) => tileName(rules, t)).join(' ') };
}

/** Trace event names, in the order of `Ev` (events.ts), and what their two numbers mean. */
const SEVN_EVENTS: [string, 'card' | 'target' | 'value' | null][] = [
  ['round-start', 'value'], ['deal', 'card'], ['draw', 'card'], ['triple-draw-card', 'card'], ['storm-card', 'card'], ['stay', null], ['bust', 'card'],
  ['second-chance-used', 'card'], ['ballast', 'card'], ['second-chance-given', 'target'], ['freeze', 'target'], ['triple-draw', 'target'], ['storm', null],
  ['crossroads', 'card'], ['queued', 'card'], ['action-discarded', 'card'], ['sevn', null], ['reshuffle', 'value'], ['exhausted', null], ['round-end', null],
];

/** One trace event as a record entry (card names as `play` prints them). */
export function sevnEventRecord(engine: SevnEngine, ev: number, seat: number, a: number): SevnEventRecord {
  const [event, arg] = SEVN_EVENTS[ev];
  const e: SevnEventRecord = { event, seat };
  if (arg === 'card' && a >= 0) e.card = engine.cards.name(a);
  else if (arg === 'target') e.target = a;
  else if (arg === 'value') e.value = a;
  return e;
}

/** The players of a SEVN game as `play` seeds them; the human seat (if any) a ScriptedSeat. */
export function sevnPlayers(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], seed: number, human?: HumanSeat): SevnPlayer[] {
  const bots = specs.map((s, seat) => (seat === human?.seat ? 'random' : s)); // the human seat's placeholder is replaced below
  const players = makeSevnPlayers(strategies, rules, bots, strategyRngs(specs.length, seed));
  if (human) players[human.seat] = new ScriptedSeat(human.answers);
  return players;
}

export function sevnGameRecord(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], seed: number, human?: HumanSeat): GameRecord {
  const engine = new SevnEngine(rules);
  const events: SevnEventRecord[] = [];
  engine.tracer = { event: (ev, seat, a) => void events.push(sevnEventRecord(engine, ev, seat, a)) };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  let finished = true;
  try {
    engine.playGame(sevnPlayers(strategies, rules, specs, seed, human), deck);
  } catch (e) {
    if (!(e instanceof OutOfAnswers)) throw e;
    finished = false; // a game a person stopped: the record ends where it stood
  } finally {
    engine.tracer = null;
  }
  const record: GameRecord = { format: 1, game: 'sevn', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: finished ? Array.from(engine.winShare.subarray(0, specs.length)) : specs.map(() => 0), events };
  if (human) record.human = { seat: human.seat, answers: [...human.answers] };
  if (!finished) record.finished = false;
  return record;
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
export function reviewSevenfall(record: GameRecord, seat: number, objective = 'ev'): Review {
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
export function sevenfallReviewCommand(record: GameRecord, a: AdviseArgs): { report: Review; text: string } {
  const r = reviewSevenfall(record, a.seat, a.objective);
  return { report: r, text: formatReview(r) };
}
