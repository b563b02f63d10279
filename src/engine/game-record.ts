/**
 * `play --json`: one seeded game as data, the fields every game's record has. A game adds its own
 * (SEVENFALL its turns, SEVN its trace events); `advise --review` reads the record back.
 */
import { UserError } from './errors.js';
import type { GameModule } from './game.js';
import { Rng, STREAM_STRATEGY } from './rng.js';

export interface GameRecord {
  format: 1;
  game: string;
  rules: unknown;
  players: string[];
  seed: number;
  totals: number[];
  winShare: number[];
}

/** The strategies' streams of a played game (seed, chunk 0), as `play` seeds them. */
export const strategyRngs = (n: number, seed: number) =>
  Array.from({ length: n }, (_, seat) => {
    const r = new Rng();
    r.reseed(seed, 0, STREAM_STRATEGY, seat);
    return r;
  });

/** The answers of the seat a person played (`play --human`), as the engine took them (SEVN: answers, seats, Crossroads 0/1; SEVENFALL: discard masks, 0 stop). */
export interface HumanSeat {
  seat: number;
  answers: number[];
}

/** A record's fields for a game a person played in: whose answers, and whether it was stopped before its end. */
export interface HumanRecordFields {
  /** players[seat] is "human". */
  human?: HumanSeat;
  /** false when the game was stopped before its end (totals as it stood, winShare 0). */
  finished?: boolean;
}

/** Thrown by a ScriptedSeat asked one question more than it has answers: the game waits for a person here. */
export class OutOfAnswers extends Error {
  constructor(
    /** The game's decision kind (SEVN: view.ts Decision; SEVENFALL: 0). */
    readonly decision: number,
    readonly view: unknown,
  ) {
    super('the scripted seat has no answer left');
  }
}

/**
 * A seat that answers from a list, in order (a person's answers, replayed), for either game's
 * questions: the same seed and answers give the same game. Asked once more, it throws OutOfAnswers.
 */
export class ScriptedSeat {
  readonly label = 'human';
  constructor(
    readonly answers: readonly number[],
    /** In an object of its own, so that a wrapper made with Object.create (SEVN review) shares it, and seats can share one list (track). */
    private readonly at = { used: 0 },
  ) {}
  private next(decision: number, view: unknown): number {
    if (this.at.used >= this.answers.length) throw new OutOfAnswers(decision, view);
    return this.answers[this.at.used++];
  }
  // SEVN's questions, by its Decision codes (view.ts: draw-stay 0, freeze 1, triple-draw 2, crossroads 3, ballast 4, second-chance 5).
  drawOrStay(v: unknown): number { return this.next(0, v); }
  freezeTarget(v: unknown): number { return this.next(1, v); }
  tripleDrawTarget(v: unknown): number { return this.next(2, v); }
  crossroads(v: unknown): number { return this.next(3, v); }
  ballast(v: unknown): number { return this.next(4, v); }
  secondChanceTo(v: unknown): number { return this.next(5, v); }
  // SEVENFALL's one question.
  decide(v: unknown): number { return this.next(0, v); }
}

/** Checks a record's human seat (untrusted input): a seat of the game whose answers are small whole numbers. */
export function checkHumanSeat(record: GameRecord & HumanRecordFields, where = '--review'): HumanSeat | undefined {
  const h = record.human;
  if (h === undefined) return undefined;
  if (!h || !Number.isInteger(h.seat) || h.seat < 0 || h.seat >= record.players.length || !Array.isArray(h.answers) || !h.answers.every((a) => Number.isInteger(a) && a >= 0 && a < 1 << 16)) {
    throw new UserError(`${where}: the file's "human" entry is not {seat, answers: [whole numbers]}; write it again with \`play --human --save\``);
  }
  return h;
}

/**
 * Throws unless a record's players fit `game` (seats, strategy specs) and its seed is an integer: what
 * a review replays. Every game's review calls it before replaying the record.
 */
export function checkRecord(game: GameModule, rules: unknown, record: GameRecord): void {
  const players = record.players as unknown;
  if (!Array.isArray(players) || players.some((p) => typeof p !== 'string')) throw new UserError('--review: the file has no list of strategy specs (players); write it again with `play --json`');
  if (!Number.isSafeInteger(record.seed)) throw new UserError('--review: the file has no integer seed; write it again with `play --json`');
  if (players.length < game.minPlayers || players.length > game.maxPlayers) throw new UserError(`--review: the file's players: ${game.name} takes ${game.minPlayers} to ${game.maxPlayers} players, got ${players.length}`);
  // A seat a person played (`play --human`) is named "human"; its answers are checked by checkHumanSeat.
  const humanSeat = (record as GameRecord & HumanRecordFields).human?.seat;
  const bots = (players as string[]).filter((p, s) => !(s === humanSeat && p === 'human'));
  try {
    for (const p of bots) game.checkStrategy(p);
    if (bots.length === players.length) game.checkLineup?.(rules, players as string[], 'game');
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`--review: the file's players: ${e.message}`);
    throw e;
  }
}
