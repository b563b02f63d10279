/**
 * `advise --review GAME.json` for SEVN: the game written by `play --json` is replayed from its seed and
 * strategies (and checked against the file's events); at each draw-or-stay decision of the reviewed
 * seat, the position that seat saw is valued by `adviseSevn` (paired rollouts on the unseen cards, the
 * other seats playing their own strategies, the seat its own after the decision), and the answer it
 * gave is compared with the best: its loss in win chance and in round score, each with its SE.
 */
import type { AnalysisArgs } from '../../entry.js';
import { CLEAR_MIN_ROLLOUTS, DEFAULT_FIELD, DEFAULT_REVIEW_ROLLOUTS, inRollouts } from './rollout-defaults.js';
import { UserError } from '../../../engine/errors.js';
import { Rng, STREAM_DECK } from '../../../engine/rng.js';
import { createSevnModule } from '../index.js';
import { SevnEngine } from '../engine.js';
import { validateSevnRules } from '../rules.js';
import { Answer, type SevnPlayer, type SevnStrategyDef, type SevnView } from '../view.js';
import { type GameRecord, OutOfAnswers, checkHumanSeat, checkRecord } from '../../../engine/game-record.js';
import type { GameModule } from '../../../engine/game.js';
import { type AdviceValue, type SevnAdvicePosition, type SevnAdviseFlags, adviseSevn } from './advise.js';
import { type SevnGameRecord, sevnGameRecord, sevnPlayers } from './record.js';
import { counted } from '../../../io/words.js';
import { normalQuantile } from '../../../stats/ratings.js';

/** Rollouts per decision unless --rollouts says otherwise (a game has tens of decisions a seat). */

export interface ReviewedSevnDecision {
  round: number;
  row: string;
  points: number;
  played: 'draw' | 'stay';
  /** The better answer by win chance (a tie goes to staying), and by round score. */
  best: 'draw' | 'stay';
  bestRound: 'draw' | 'stay';
  /** The other answer's win chance minus the played one's (paired; positive: the other was better). */
  winDiff: AdviceValue;
  /** max(0, winDiff): what the answer gave away against the best, as estimated. */
  winLoss: number;
  /** The same for the round score. */
  roundDiff: AdviceValue;
  roundLoss: number;
  /**
   * The other answer was better beyond doubt: winDiff's interval lies above 0, an interval of the game's
   * decisions together (95% for all k at once, Bonferroni: z for 1 - 0.025 / k), else a player who
   * followed every hint drew about one false "clear mistake" a game. Exact differences: above 0. Never
   * on fewer than CLEAR_MIN_ROLLOUTS rollouts.
   */
  clear: boolean;
}

export interface SevnReview {
  seat: number;
  strategy: string;
  rollouts: number;
  seed: number;
  decisions: ReviewedSevnDecision[];
  /**
   * Sums of the losses over the decisions. Each loss is max(0, an estimate), so rollout noise alone adds
   * about 0.4 SE a decision where draw and stay are equal: read `clear` beside it.
   */
  totalWinLoss: number;
  meanWinLoss: number;
  totalRoundLoss: number;
  /** Standard errors of the totals: the decisions' rollouts are independent, so their variances add (max(0, x) varies no more than x). */
  totalWinLossSe: number;
  totalRoundLossSe: number;
  /** Seats' strategies played otherwise in the rollouts (inRollouts), as "search as race". */
  inRollouts: string[];
  /** Decisions where the other answer was better beyond doubt, and their summed win loss with its SE. */
  clear: { decisions: number; winLoss: number; se: number };
}

/** The position a seat sees at its draw-or-stay decision, turned so that the seat is seat 0. */
export function positionOf(v: SevnView): SevnAdvicePosition {
  const n = v.players;
  const seat = (k: number) => (v.seat + k) % n;
  const rows: number[][] = [];
  const onTable = new Array<number>(v.cards.codes).fill(0);
  for (let k = 0; k < n; k++) {
    const s = seat(k);
    const row: number[] = [];
    for (let i = 0; i < v.rowLengths[s]; i++) {
      const c = v.rows[s * v.rowStride + i];
      row.push(c);
      onTable[c]++;
    }
    rows.push(row);
  }
  return {
    players: n,
    rows,
    status: rows.map((_, k) => v.status[seat(k)]),
    // Seen since the last reshuffle and not on the table: the discard pile (as the sampler reads it).
    seen: onTable.map((t, c) => v.seen[c] - t),
    totals: rows.map((_, k) => v.totals[seat(k)]),
    dealer: (v.dealer - v.seat + n) % n,
  };
}

export function reviewSevn(strategies: readonly SevnStrategyDef[], recordIn: GameRecord, seatIn: number, o: { rollouts?: number; seed?: number; onProgress?: (done: number, total: number) => void } = {}): SevnReview {
  const record = recordIn as SevnGameRecord;
  if (record?.game !== 'sevn' || !Array.isArray(record.events) || !Array.isArray(record.players)) throw new UserError('--review: not a SEVN game written by `play --game sevn --json`');
  const rules = validateSevnRules(record.rules, '--review rules');
  checkRecord(createSevnModule(strategies) as unknown as GameModule, rules, record);
  const n = record.players.length;
  if (!Number.isInteger(seatIn) || seatIn < 0 || seatIn >= n) throw new UserError(`--seat ${seatIn}: the game has seats 0 to ${n - 1}`);
  if (!Number.isSafeInteger(record.seed)) throw new UserError('--review: the file has no integer seed');
  // The replay must be the game of the file: same events, or the file is from another version or edited.
  const human = checkHumanSeat(record);
  const replayed = sevnGameRecord(strategies, rules, record.players, record.seed, human);
  if (JSON.stringify([replayed.events, replayed.totals, replayed.winShare]) !== JSON.stringify([record.events, record.totals, record.winShare])) {
    throw new UserError('--review: replaying the file\'s seed and strategies does not give its events, totals and win shares (written by another version of sevensim, or edited); write it again with `play --json`');
  }

  // Replay once more, catching the reviewed seat's positions and answers.
  const found: { round: number; pos: SevnAdvicePosition; played: 'draw' | 'stay' }[] = [];
  const players = sevnPlayers(strategies, rules, record.players, record.seed, human);
  const own = players[seatIn];
  const watcher: SevnPlayer = Object.create(own);
  watcher.drawOrStay = (v) => {
    const pos = positionOf(v);
    const a = own.drawOrStay(v);
    found.push({ round: v.round, pos, played: a === Answer.DRAW ? 'draw' : 'stay' });
    return a;
  };
  players[seatIn] = watcher;
  const deck = new Rng();
  deck.reseed(record.seed, 0, STREAM_DECK);
  try {
    new SevnEngine(rules).playGame(players, deck);
  } catch (e) {
    if (!(e instanceof OutOfAnswers)) throw e; // a game a person stopped: its decisions so far
  }

  const rollouts = o.rollouts ?? DEFAULT_REVIEW_ROLLOUTS;
  const seed = o.seed ?? 1;
  // Everyone else plays its own strategy in the rollouts, clockwise from the reviewed seat.
  // A person's seat plays DEFAULT_FIELD in the rollouts.
  const strategyOf = (s: number) => (s === human?.seat ? DEFAULT_FIELD : inRollouts(record.players[s]));
  const field = Array.from({ length: n - 1 }, (_, k) => strategyOf((seatIn + 1 + k) % n));
  // One interval for all the game's decisions at once (see ReviewedSevnDecision.clear).
  const zAll = normalQuantile(1 - 0.025 / Math.max(1, found.length));
  const decisions = found.map((d, i): ReviewedSevnDecision => {
    o.onProgress?.(i, found.length);
    const a = adviseSevn(strategies, rules, d.pos, { field: n > 1 ? field : undefined, then: strategyOf(seatIn), rollouts, seed, firstRollout: i * rollouts });
    const played = a.actions.find((x) => x.action === d.played)!;
    const other = a.actions.find((x) => x.action !== d.played)!;
    const winDiff = otherMinusPlayed(played.bestWin, played.winLoss!, other.winLoss!);
    const roundDiff = otherMinusPlayed(played.bestRound, played.roundLoss, other.roundLoss);
    return {
      round: d.round, row: a.seats[0].row, points: a.seats[0].points, played: d.played,
      best: (other.bestWin ? other : played).action, bestRound: (other.bestRound ? other : played).action,
      winDiff, winLoss: Math.max(0, winDiff.mean), roundDiff, roundLoss: Math.max(0, roundDiff.mean), clear: winDiff.exact ? (winDiff.bounds ? winDiff.ci95[0] > 0 : winDiff.mean > 0) : winDiff.n >= CLEAR_MIN_ROLLOUTS && winDiff.mean - zAll * winDiff.se > 0,
    };
  });
  o.onProgress?.(found.length, found.length);
  const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const totalWinLoss = total(decisions.map((d) => d.winLoss));
  const clear = decisions.filter((d) => d.clear);
  return {
    seat: seatIn,
    strategy: record.players[seatIn],
    inRollouts: [...new Set(record.players.filter((p, s) => s !== human?.seat && inRollouts(p) !== p))].map((p) => `${p} as ${inRollouts(p)}`),
    rollouts,
    seed,
    decisions,
    totalWinLoss,
    meanWinLoss: decisions.length ? totalWinLoss / decisions.length : 0,
    totalRoundLoss: total(decisions.map((d) => d.roundLoss)),
    totalWinLossSe: Math.sqrt(total(decisions.map((d) => d.winDiff.se ** 2))),
    totalRoundLossSe: Math.sqrt(total(decisions.map((d) => d.roundDiff.se ** 2))),
    clear: { decisions: clear.length, winLoss: total(clear.map((d) => d.winLoss)), se: Math.sqrt(total(clear.map((d) => d.winDiff.se ** 2))) },
  };
}

/**
 * other - played from the losses adviseSevn gives against the best answer by mean: the answer that is
 * not the best carries |difference| with the difference's SE, the best one 0 ± 0. So the difference
 * is the played answer's loss when the other is the best, else minus the other's loss. On a tie of
 * the means (the best is then staying, by rule) this keeps the paired difference's SE: choosing by
 * the sign of the played answer's loss took the best one's 0 ± 0 when the played answer was drawing.
 */
export function otherMinusPlayed(playedIsBest: boolean, playedLoss: AdviceValue, otherLoss: AdviceValue): AdviceValue {
  return playedIsBest ? negate(otherLoss) : playedLoss;
}

/** 0 - x, not -x: no -0 in the output. */
const negate = (v: AdviceValue): AdviceValue => ({ ...v, mean: 0 - v.mean, ci95: [0 - v.ci95[1], 0 - v.ci95[0]] });

const pm = (v: { mean: number; se: number }, d: number) => `${v.mean.toFixed(d)} ± ${(1.959963984540054 * v.se).toFixed(d)}`;

export function formatSevnReview(r: SevnReview): string {
  const lines = [
    `Seat ${r.seat} (${r.strategy}): ${counted(r.decisions.length, 'draw-or-stay decision')}; win chance given away ${pm({ mean: r.totalWinLoss, se: r.totalWinLossSe }, 4)} in all (${pm({ mean: r.meanWinLoss, se: r.decisions.length ? r.totalWinLossSe / r.decisions.length : 0 }, 4)} a decision), round points ${pm({ mean: r.totalRoundLoss, se: r.totalRoundLossSe }, 2)}.`,
    `  Clear mistakes (the other answer better beyond an interval of all ${r.decisions.length} decisions at once, 95% for them together: Bonferroni): ${r.clear.decisions}, win chance ${pm({ mean: r.clear.winLoss, se: r.clear.se }, 4)}. Each loss is max(0, an estimate): rollout noise alone adds to the totals.`,
    `Each decision valued by ${r.rollouts.toLocaleString('en-US')} paired rollouts (seed ${r.seed}; every seat playing its own strategy${r.inRollouts.length ? ` (${r.inRollouts.join(', ')}: the policy of its own rollouts)` : ''}, the unseen cards reshuffled). other - played: the other answer's value minus the played one's, ± 95% CI.`,
  ];
  const ranges = r.decisions.filter((d) => d.winDiff.bounds).length;
  if (ranges > 0) lines.push(`  ${counted(ranges, 'decision')} valued by an exact range of win chances (the game could go on after the round) ${ranges === 1 ? 'counts' : 'count'} its midpoint in the totals; the ± leaves the range's width out.`);
  for (const d of r.decisions) {
    lines.push(
      `  round ${d.round + 1}: row ${d.row || '(empty)'} (${d.points} points): played ${d.played}; win chance other - played ${d.winDiff.bounds ? `${d.winDiff.ci95[0].toFixed(4)} to ${d.winDiff.ci95[1].toFixed(4)} exact (counted as ${d.winDiff.mean.toFixed(4)}, the midpoint)` : pm(d.winDiff, 4)}, round points ${d.roundDiff.exact ? `${d.roundDiff.mean.toFixed(2)} exact` : pm(d.roundDiff, 2)}${d.clear ? '  CLEAR MISTAKE' : ''}`,
    );
  }
  return lines.join('\n');
}

/** `advise --review` of a SEVN game: --seat, --rollouts and --seed apply. */
export function sevnReviewCommand(strategies: readonly SevnStrategyDef[], record: GameRecord, args: AnalysisArgs): { report: SevnReview; text: string } {
  const a = args as unknown as SevnAdviseFlags & { seat: number };
  const r = reviewSevn(strategies, record, a.seat, { rollouts: a.rollouts, seed: a.seed, onProgress: a.onProgress });
  return { report: r, text: formatSevnReview(r) };
}
