/**
 * `sevensim advise --game sevn`: draw or stay at a live position. For each answer: the expected round
 * score, the chance to win the game (with totals), the bust chance this round, and the loss against the
 * best answer; the exact bust chance of the next card.
 *
 * Values come from paired rollouts: rollout r plays the position on after "stay" and after "draw" from
 * the same random streams (the deck's and every strategy's, derived from (seed, r)), so the difference
 * of the two answers has a small standard error. Hidden information stays hidden: the deck of a rollout
 * is the unseen cards (the full deck less every row and the cards given as seen) in no order, and the
 * discard pile is the seen cards, as the hidden-information sampler (src/games/sevn/sampler.ts) sets an
 * engine up from a view. At the last seat in (nobody else in the round) the values are exact where the
 * last-seat recursion fits its state cap (advise-last-seat.ts); staying always scores your row's points
 * now (exact).
 */
import { RoundCapError, UserError } from '../../../engine/errors.js';
import { gameKey, Rng, STREAM_ROLLOUT, STREAM_ROLLOUT_STRATEGY } from '../../../engine/rng.js';
import { estimate, shareCi95, shareNeedsWilson, Z95 } from '../../../stats/summary.js';
import type { AnalysisArgs } from '../../entry.js';
import { DEFAULT_FIELD, DEFAULT_ROLLOUTS, checkRollouts } from './rollout-defaults.js';
import { checkSeed } from '../../../engine/checks.js';
import { lastSeatValues, objectiveName, parseSevnObjective, WIN_BOUNDS_WHY, WIN_EXACT_WHY } from './advise-last-seat.js';
import { bustChance } from '../bust.js';
import { Kind, SevnCards } from '../cards.js';
import { SevnEngine } from '../engine.js';
import { type SevnPosition, finishGame, loadPosition, playOnRound } from '../positions.js';
import { makeSevnPlayers } from '../index.js';
import type { SevnRules } from '../rules.js';
import { MAX_PLAYERS } from '../seats.js';
import { Answer, type SevnStrategyDef, Status } from '../view.js';
import { counted } from '../../../io/words.js';


/** The flags that describe a position, as typed (see `advise --help`). */
export interface SevnPositionInput {
  /** Your row, e.g. "13 12 +4" ("none" or "" for an empty row). */
  row: string;
  /** Your row also holds a Second Chance. */
  secondChance?: boolean;
  /** Cards seen since the last reshuffle that are not on the table (the discard pile). */
  seen?: string;
  /** Game totals before this round: yours first, then the opponents' clockwise from you, e.g. "200,230,180". */
  totals?: string;
  /** The opponents' rows, clockwise from you, separated by "/", e.g. "9 4 / 7 7 / none". */
  atStake?: string;
  /** Opponent seats still in the round, e.g. "1,3", or "none" (default: every opponent whose row has no duplicate). */
  stillIn?: string;
  /** The seat that dealt this round (default: the last seat, so you played first). */
  dealer?: number;
}

/** A checked position: seat 0 is you (deciding), seats 1.. the opponents clockwise. */
export interface SevnAdvicePosition {
  players: number;
  /** Per seat: the row's card codes. */
  rows: number[][];
  /** Per seat: Status.ACTIVE, STAYED or BUSTED. */
  status: number[];
  /** Per card code: copies seen off the table (the discard pile). */
  seen: number[];
  /** Game totals before this round, or null (round only: no win chance). */
  totals: number[] | null;
  dealer: number;
}

export interface AdviceValue {
  mean: number;
  /** Standard error (0 when exact). */
  se: number;
  ci95: [number, number];
  /** Rollouts behind the value (0: exact, no sampling). */
  n: number;
  exact: boolean;
  /**
   * Present (true) on an exact range rather than a value (a win chance the round does not always
   * decide, see SevnAdvice.winBounds): ci95 holds its ends, mean their midpoint, se 0.
   */
  bounds?: true;
}

export interface SevnActionAdvice {
  action: 'draw' | 'stay';
  /** Expected round score: exact where solvable, else the rollouts' mean. */
  roundScore: AdviceValue;
  /** The rollouts' mean round score (the --then policy after this decision), beside an exact roundScore. */
  rolloutRoundScore: AdviceValue;
  /** Chance to bust this round. */
  bust: AdviceValue;
  /** Best round score minus this one (paired difference). */
  roundLoss: AdviceValue;
  bestRound: boolean;
  /** With totals: the chance to win the game (a shared win counts its share), its loss, and whether best. */
  win: AdviceValue | null;
  winLoss: AdviceValue | null;
  bestWin: boolean;
  /** With --objective at-least:K: the chance the round score reaches K (exact at the last seat in: then played to maximise it). */
  atLeast: AdviceValue | null;
  /** With --objective at-least:K: the best answer's chance of reaching K minus this one's (0 for the best), and whether best. */
  atLeastLoss: AdviceValue | null;
  bestAtLeast: boolean;
}

export interface SevnAdvice {
  rules: string;
  players: number;
  /** Seat by seat: row, points at stake, status, total. */
  seats: { seat: number; row: string; points: number; status: string; total: number | null }[];
  target: number;
  dealer: number;
  nextCard: { unseen: number; duplicates: number; bust: number; secondChance: boolean; fromDiscard: boolean };
  rollouts: number;
  seed: number;
  field: string[];
  then: string;
  /** `ev` or `at-least:K` (--objective). */
  objective: string;
  /** Why the draw's round score is exact (the last seat in), or null. */
  exact: string | null;
  /** Why the win chances are exact (the last seat in, and this round decides the game), or null. */
  winExact: string | null;
  /**
   * Last seat in, in a game this round does not always decide: each answer's exact win-chance range under
   * best play (why: WIN_BOUNDS_WHY). `separate`: the ranges do not overlap or meet, so the best answer is
   * certain and the win chances shown are these ranges; otherwise they are the rollouts'.
   */
  winBounds: { why: string; draw: [number, number]; stay: [number, number]; separate: boolean } | null;
  /** Last seat in but not solved exactly (the state cap), and what was done instead; else null. */
  fallback: string | null;
  actions: SevnActionAdvice[];
}

// ---- Reading a position ----------------------------------------------------------------------------

const ACTION_KINDS = new Set<number>([Kind.FREEZE, Kind.TRIPLE_DRAW, Kind.CROSSROADS, Kind.STORM]);

/** A card name as typed, for lookup: numbers as integers ("07" is 7, "-2" a Ballast); names in lower case without "-", "_" ("Second-Chance" is SecondChance). */
const norm = (s: string): string => (/^-?\d+$/.test(s) ? String(Number(s)) : s.toLowerCase().replace(/[-_]/g, ''));

function cardIndex(cards: SevnCards): Map<string, number> {
  const m = new Map<string, number>();
  for (let c = 0; c < cards.codes; c++) m.set(norm(cards.name(c)), c);
  m.set('sc', cards.secondChance);
  return m;
}

function cardList(cards: SevnCards): string {
  const names: string[] = [];
  for (let c = 0; c < cards.codes; c++) if (cards.copies[c] > 0) names.push(cards.name(c));
  return names.join(' ');
}

/** Card codes from names as `play` prints them (7, -2, x2, +4, SecondChance, Freeze, ...), spaces or commas between. */
export function parseCards(cards: SevnCards, text: string, flag: string): number[] {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'none') return [];
  const index = cardIndex(cards);
  return t.split(/[\s,]+/).map((tok) => {
    const c = index.get(norm(tok));
    if (c === undefined) throw new UserError(`${flag} "${text}": "${tok}" is not a card of rules "${cards.rules.name}" (its cards: ${cardList(cards)})`);
    if (cards.copies[c] === 0) throw new UserError(`${flag} "${text}": rules "${cards.rules.name}" have no ${cards.name(c)} card (its cards: ${cardList(cards)})`);
    return c;
  });
}

/** Non-negative integers separated by commas; "none" or "" for none. */
function parseInts(text: string, flag: string, example: string): number[] {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'none') return [];
  return t.split(/\s*,\s*/).map((x) => {
    if (!/^\d+$/.test(x)) throw new UserError(`${flag} "${text}": "${x}" is not a whole number >= 0 (write e.g. ${example})`);
    return Number(x);
  });
}

interface RowFacts {
  numbers: Map<number, number>;
  duplicate: number | null;
  scoring: number;
  secondChances: number;
}

function rowFacts(cards: SevnCards, row: readonly number[]): RowFacts {
  const numbers = new Map<number, number>();
  let duplicate: number | null = null;
  let scoring = 0;
  let secondChances = 0;
  for (const c of row) {
    const k = cards.kind[c];
    if (k === Kind.NUMBER) {
      const v = cards.value[c];
      if (numbers.has(v)) duplicate = v;
      else scoring++;
      numbers.set(v, (numbers.get(v) ?? 0) + 1);
    } else if (k === Kind.BALLAST) scoring++;
    else if (k === Kind.SECOND_CHANCE) secondChances++;
  }
  return { numbers, duplicate, scoring, secondChances };
}

/** Checks a row that is on the table (yours: `who` = "your row"). */
function checkRow(cards: SevnCards, row: readonly number[], flag: string, text: string, who: string): RowFacts {
  for (const c of row) {
    if (ACTION_KINDS.has(cards.kind[c])) throw new UserError(`${flag} "${text}": ${cards.name(c)} resolves when drawn and never stays in a row; list it in --seen`);
  }
  const f = rowFacts(cards, row);
  if (f.secondChances > 1) throw new UserError(`${flag} "${text}": ${who} holds ${f.secondChances} Second Chances; a row holds at most one (a second one is given away or discarded)`);
  const most = [...f.numbers.entries()].find(([, n]) => n > 2);
  if (f.duplicate !== null && most) throw new UserError(`${flag} "${text}": ${who} holds ${most[0]} ${most[1]} times; a row busts at its first duplicate`);
  if (f.duplicate !== null && [...f.numbers.values()].filter((n) => n > 1).length > 1) throw new UserError(`${flag} "${text}": ${who} holds two duplicates; a row busts at its first`);
  if (f.duplicate !== null && f.secondChances > 0) throw new UserError(`${flag} "${text}": ${who} holds a duplicate ${f.duplicate} and a Second Chance; the Second Chance would have cancelled the duplicate`);
  if (f.scoring >= cards.rules.sevn.distinct) {
    throw new UserError(`${flag} "${text}": ${who} holds ${f.scoring} distinct scoring values, a SEVN (${cards.rules.sevn.distinct}): the round is over, there is nothing to decide`);
  }
  return f;
}

/** Reads and checks a position against the rules' deck; every problem is a one-line UserError. */
export function sevnPosition(rules: SevnRules, p: SevnPositionInput): SevnAdvicePosition {
  const cards = new SevnCards(rules);
  if (p.row.trim() === '') throw new UserError('--row: give your cards, e.g. --row "13 12 +4" (--row none for an empty row)');
  const mine = parseCards(cards, p.row, '--row');
  if (p.secondChance) {
    if (mine.includes(cards.secondChance)) throw new UserError(`--second-chance: --row "${p.row}" already holds a SecondChance; give one or the other`);
    if (cards.copies[cards.secondChance] === 0) throw new UserError(`--second-chance: rules "${rules.name}" have no Second Chance card`);
    mine.push(cards.secondChance);
  }
  const me = checkRow(cards, mine, '--row', p.row, 'your row');
  if (me.duplicate !== null) throw new UserError(`--row "${p.row}": two ${me.duplicate}s; a duplicate busts the row, there is nothing to decide (remove the duplicate, or use --second-chance if it was cancelled)`);

  const oppText = p.atStake === undefined ? [] : p.atStake.split('/');
  oppText.forEach((t, i) => {
    if (t.trim() === '') throw new UserError(`--at-stake "${p.atStake}": seat ${i + 1}'s row is empty; write none for an empty row (rows are separated by "/")`);
  });
  const opps = oppText.map((t, i) => parseCards(cards, t, `--at-stake (seat ${i + 1})`));
  const oppFacts = opps.map((r, i) => checkRow(cards, r, `--at-stake (seat ${i + 1})`, oppText[i].trim(), `seat ${i + 1}'s row`));

  let totals: number[] | null = null;
  if (p.totals !== undefined) {
    totals = parseInts(p.totals, '--totals', '--totals 200,230,180: yours first, then each opponent clockwise');
    if (totals.length === 0) throw new UserError(`--totals "${p.totals}": give your total first, then each opponent's (e.g. 200,230,180)`);
    if (totals.length !== opps.length + 1) {
      throw new UserError(`--totals "${p.totals}" lists ${counted(totals.length, 'player')}, --at-stake ${counted(opps.length, 'opponent row')}: give one row per opponent, separated by "/" ("none" for an empty row), e.g. --at-stake "9 4 / 7 7"`);
    }
    // Alone, the game is won whatever the answer: a win chance of 1 for both would read as a finding.
    if (opps.length === 0) throw new UserError(`--totals "${p.totals}" without --at-stake: a solo game is always won, so there is no win chance to compare; give each opponent's row with --at-stake, or leave out --totals for the round score alone`);
  }
  const players = opps.length + 1;
  if (players > MAX_PLAYERS) throw new UserError(`--at-stake: ${players} players, SEVN seats at most ${MAX_PLAYERS}`);
  if (totals) {
    const best = Math.max(...totals);
    if (best >= rules.target && totals.filter((t) => t === best).length === 1) {
      throw new UserError(`--totals "${p.totals}": seat ${totals.indexOf(best)} already has ${best} >= the target ${rules.target} with a single highest total, so the game is over (totals are before this round)`);
    }
  }

  const status = [Status.ACTIVE as number, ...oppFacts.map((f) => (f.duplicate !== null ? Status.BUSTED : Status.ACTIVE) as number)];
  if (p.stillIn !== undefined) {
    const inSeats = parseInts(p.stillIn, '--still-in', '--still-in 1,3 (opponent seats, 1 = the next clockwise) or --still-in none');
    for (const [i, s] of inSeats.entries()) {
      if (inSeats.indexOf(s) !== i) throw new UserError(`--still-in "${p.stillIn}": seat ${s} is listed twice; give each seat once`);
      if (s < 1 || s >= players) throw new UserError(`--still-in "${p.stillIn}": seat ${s} is not an opponent (opponents are seats 1 to ${players - 1}, in --at-stake order)`);
      if (oppFacts[s - 1].duplicate !== null) throw new UserError(`--still-in "${p.stillIn}": seat ${s}'s row holds a duplicate ${oppFacts[s - 1].duplicate}, so it busted and is out`);
    }
    for (let s = 1; s < players; s++) if (status[s] === Status.ACTIVE && !inSeats.includes(s)) status[s] = Status.STAYED;
  }

  const seen = new Array<number>(cards.codes).fill(0);
  for (const c of parseCards(cards, p.seen ?? '', '--seen')) seen[c]++;
  const used = [...seen];
  for (const row of [mine, ...opps]) for (const c of row) used[c]++;
  for (let c = 0; c < cards.codes; c++) {
    if (used[c] > cards.copies[c]) {
      throw new UserError(`${cards.name(c)}: --row, --at-stake and --seen hold ${used[c]} copies, the deck of rules "${rules.name}" only ${cards.copies[c]}`);
    }
  }

  const dealer = p.dealer ?? players - 1;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) throw new UserError(`--dealer ${p.dealer}: expected a seat from 0 (you) to ${players - 1}`);
  return { players, rows: [mine, ...opps], status, seen, totals, dealer };
}

// ---- Valuing it --------------------------------------------------------------------------------------

export interface SevnAdviceOptions {
  /** One strategy for every opponent, or one per opponent (default DEFAULT_FIELD). */
  field?: string[];
  /** Your strategy after this decision (default DEFAULT_FIELD). */
  then?: string;
  seed?: number;
  rollouts?: number;
  /** Rollout r uses the streams of (seed, firstRollout + r): a review gives each decision its own (default 0). */
  firstRollout?: number;
  /** `ev` (default) or `at-least:K`: adds each answer's chance that the round score reaches K. */
  objective?: string;
  /** The last-seat recursion's state cap (default ADVICE_MAX_STATES). */
  maxStates?: number;
  /** Called now and then with the rollouts done (for a progress bar). */
  onProgress?: (done: number, total: number) => void;
}

/** Stay first: the draw's paired difference needs the stay's outcome. */
const ANSWERS = [Answer.STAY, Answer.DRAW] as const;

const exactValue = (v: number): AdviceValue => ({ mean: v, se: 0, ci95: [v, v], n: 0, exact: true });
const exactRange = (low: number, high: number): AdviceValue => ({ mean: (low + high) / 2, se: 0, ci95: [low, high], n: 0, exact: true, bounds: true });

function sampled(n: number, sum: number, sumSq: number): AdviceValue {
  const e = estimate(n, sum, sumSq);
  return { mean: e.mean, se: e.se, ci95: e.ci95, n, exact: false };
}

/** A sampled chance (bust, win, reach): its CI is shareCi95's, Wilson's when too few rollouts ended one way. */
function sampledShare(n: number, sum: number, sumSq: number): AdviceValue {
  const v = sampled(n, sum, sumSq);
  v.ci95 = shareCi95(v.mean, n, v.se);
  return v;
}

/** The loss of the worse answer: |paired mean difference|, its SE from the paired differences. */
function lossOf(diff: AdviceValue): AdviceValue {
  const m = Math.abs(diff.mean);
  if (diff.bounds) return exactRange(diff.mean >= 0 ? diff.ci95[0] : 0 - diff.ci95[1], diff.mean >= 0 ? diff.ci95[1] : 0 - diff.ci95[0]);
  return { mean: m, se: diff.se, ci95: diff.exact ? [m, m] : [m - Z95 * diff.se, m + Z95 * diff.se], n: diff.n, exact: diff.exact };
}

/** `strategies`: the SEVN strategy list the --field and --then specs name (the catalog's). */
export function adviseSevn(strategies: readonly SevnStrategyDef[], rules: SevnRules, pos: SevnAdvicePosition, o: SevnAdviceOptions = {}): SevnAdvice {
  const rollouts = o.rollouts ?? DEFAULT_ROLLOUTS;
  const seed = o.seed ?? 1;
  checkRollouts(rollouts);
  checkSeed(seed);
  const opponents = pos.players - 1;
  const fieldIn = o.field ?? [DEFAULT_FIELD];
  if (opponents === 0 && o.field !== undefined) throw new UserError('--field: there are no opponents (give their rows with --at-stake)');
  if (opponents > 0 && fieldIn.length !== 1 && fieldIn.length !== opponents) {
    throw new UserError(`--field: ${fieldIn.length} strategies for ${opponents} opponents; give one for all of them or one per opponent`);
  }
  const field = opponents === 0 ? [] : fieldIn.length === 1 ? new Array<string>(opponents).fill(fieldIn[0]) : fieldIn;
  const then = o.then ?? DEFAULT_FIELD;

  const engine = new SevnEngine(rules);
  const cards = engine.cards;
  const deckRng = new Rng();
  const strategyRngs = Array.from({ length: pos.players }, () => new Rng());
  const players = makeSevnPlayers(strategies, rules, [then, ...field], strategyRngs);

  // The engine position: the deck is the unseen cards, the discard pile the seen ones (no order).
  const stride = engine.stride;
  const rows = new Uint8Array(stride * MAX_PLAYERS);
  const deck = Array.from(cards.copies, (n, c) => n - pos.seen[c]);
  pos.rows.forEach((row, s) => row.forEach((c, i) => {
    rows[s * stride + i] = c;
    deck[c]--;
  }));
  const totals = pos.totals ?? new Array<number>(pos.players).fill(0);
  const position: SevnPosition = {
    players: pos.players, dealer: pos.dealer, round: 0, totals, status: pos.status, rows,
    rowLengths: pos.rows.map((r) => r.length), rowStride: stride, deck, discard: pos.seen,
  };
  loadPosition(engine, players, deckRng, position);
  const points = pos.rows.map((_, s) => engine.scoreSeat(s));

  // The next card: from the unseen cards, or from the reshuffled discard pile when none is unseen.
  const unseenTotal = deck.reduce((a, b) => a + b, 0);
  const fromDiscard = unseenTotal === 0;
  const pool = fromDiscard ? pos.seen : deck;
  let duplicates = 0;
  for (let c = 0; c < cards.codes; c++) if (cards.kind[c] === Kind.NUMBER && pos.rows[0].includes(c)) duplicates += pool[c];
  const poolTotal = pool.reduce((a, b) => a + b, 0);
  const hasSecondChance = pos.rows[0].includes(cards.secondChance);

  // Last seat in (nobody else in the round): the recursion over the unseen cards values both answers
  // exactly (src/games/sevn/last-seat.ts), unless the position passes its state cap.
  const nobodyElseIn = pos.status.every((st, s) => s === 0 || st !== Status.ACTIVE);
  const objective = parseSevnObjective(o.objective ?? 'ev');
  const exact = nobodyElseIn ? lastSeatValues(rules, cards, pos, deck, points, objective, o.maxStates) : null;
  let exactWhy: string | null = null;
  let fallback: string | null = null;
  if (exact !== null && 'cap' in exact) {
    fallback = exact.cycle
      ? 'last seat in, but the unseen and discarded cards can cycle through reshuffles without changing your row (the exact recursion leaves that to rollouts): values from rollouts'
      : `last seat in, but the exact recursion passed its cap of ${exact.cap.toLocaleString('en-US')} states: values from rollouts`;
  }
  else if (exact !== null) exactWhy = `last seat in: the recursion over the ${exact.unseen} unseen cards (${counted(exact.states, 'state')}, ${exact.ms.toFixed(0)} ms): draw, then play optimally`;
  const solved = exact !== null && !('cap' in exact) ? exact : null;
  const exactDraw = solved ? solved.drawEv : null;

  // Paired rollouts. Sums per answer (stay, draw): round score, its square, bust, win share, its square;
  // and of the paired differences draw - stay: round, its square, win, its square.
  const game = pos.totals !== null;
  const key = new Int32Array(2);
  const sums = new Float64Array(10);
  const reached = new Float64Array(2); // rollouts reaching K, per answer (stay, draw)
  const diff = new Float64Array(4);
  let stayEndsGame = true;
  try {
    for (let r = 0; r < rollouts; r++) {
      if ((r & 255) === 0) o.onProgress?.(r, rollouts);
      gameKey(seed, (o.firstRollout ?? 0) + r, key);
      let stayRound = 0;
      let stayWin = 0;
      for (const answer of ANSWERS) {
        deckRng.reseedFromKey(key, STREAM_ROLLOUT * 256);
        for (let s = 0; s < pos.players; s++) strategyRngs[s].reseedFromKey(key, STREAM_ROLLOUT_STRATEGY * 256 + s);
        loadPosition(engine, players, deckRng, position);
        playOnRound(engine, 0, answer);
        const round = engine.roundScore[0];
        const bust = engine.status[0] === Status.BUSTED ? 1 : 0;
        let win = 0;
        if (game) {
          finishGame(engine);
          win = engine.winShare[0];
          if (answer === Answer.STAY && engine.roundCount !== 1) stayEndsGame = false;
        }
        const o5 = answer === Answer.STAY ? 0 : 5;
        if (objective.kind === 'at-least' && round >= objective.k) reached[answer === Answer.STAY ? 0 : 1]++;
        sums[o5] += round;
        sums[o5 + 1] += round * round;
        sums[o5 + 2] += bust;
        sums[o5 + 3] += win;
        sums[o5 + 4] += win * win;
        if (answer === Answer.STAY) {
          stayRound = round;
          stayWin = win;
        } else {
          const dr = round - stayRound;
          const dw = win - stayWin;
          diff[0] += dr;
          diff[1] += dr * dr;
          diff[2] += dw;
          diff[3] += dw * dw;
        }
      }
    }
    o.onProgress?.(rollouts, rollouts);
  } catch (e) {
    if (e instanceof RoundCapError) throw new UserError(`${e.message}: a rollout did not finish its game; check --field and --then`);
    throw e;
  }

  const n = rollouts;
  const rolloutRound = [sampled(n, sums[0], sums[1]), sampled(n, sums[5], sums[6])];
  // After staying, with nobody else in, the round is over: when every rollout's game ended there, the win is decided.
  const stayWinExact = game && nobodyElseIn && stayEndsGame;
  const round = [exactValue(points[0]), exactDraw === null ? rolloutRound[1] : exactValue(exactDraw)];
  const roundDiff = exactDraw === null ? sampled(n, diff[0], diff[1]) : exactValue(exactDraw - points[0]);
  const winExact = solved?.win ?? null;
  // Exact ranges apart settle the best answer. Ranges that meet at an end do not: the continuation counted
  // as won (or lost) at the end is a bound, not a value (alone at the table, every open game is won).
  const wb = solved?.winBounds ?? null;
  const separate = wb !== null && (wb.draw[0] > wb.stay[1] || wb.stay[0] > wb.draw[1]);
  const win = !game ? null : winExact ? [exactValue(winExact.stay), exactValue(winExact.draw)]
    : separate ? [exactRange(wb.stay[0], wb.stay[1]), exactRange(wb.draw[0], wb.draw[1])]
    : [stayWinExact ? exactValue(sums[3] / n) : sampledShare(n, sums[3], sums[4]), sampledShare(n, sums[8], sums[9])];
  const winDiff = !game ? null : winExact ? exactValue(winExact.draw - winExact.stay) : separate ? exactRange(wb.draw[0] - wb.stay[1], wb.draw[1] - wb.stay[0]) : sampled(n, diff[2], diff[3]);
  const atLeast = objective.kind === 'ev' ? null : solved?.atLeast ? [exactValue(solved.atLeast.stay), exactValue(solved.atLeast.draw)] : [exactValue(points[0] >= objective.k ? 1 : 0), sampledShare(n, reached[1], reached[1])]; // staying scores points[0], exactly
  // Staying's chance of reaching K is exact (it scores its points now), so draw - stay carries the draw's interval.
  const atLeastDiff: AdviceValue | null = atLeast === null ? null : {
    ...atLeast[1], mean: atLeast[1].mean - atLeast[0].mean, ci95: [atLeast[1].ci95[0] - atLeast[0].mean, atLeast[1].ci95[1] - atLeast[0].mean],
  };
  const bestAtLeast = atLeast !== null && atLeast[1].mean > atLeast[0].mean ? 1 : 0;
  const bust = [exactValue(0), sampledShare(n, sums[7], sums[7])]; // bust is 0 or 1: its square is itself
  // Best by mean; a tie goes to staying (the solver's rule).
  const bestRound = round[1].mean > round[0].mean ? 1 : 0;
  const bestWin = win && win[1].mean > win[0].mean ? 1 : 0;
  const zero = (v: AdviceValue): AdviceValue => ({ mean: 0, se: 0, ci95: [0, 0], n: v.n, exact: v.exact });
  const actions: SevnActionAdvice[] = (['stay', 'draw'] as const).map((action, i) => ({
    action,
    roundScore: round[i],
    rolloutRoundScore: rolloutRound[i],
    bust: bust[i],
    roundLoss: i === bestRound ? zero(roundDiff) : lossOf(roundDiff),
    bestRound: i === bestRound,
    win: win ? win[i] : null,
    winLoss: winDiff ? (i === bestWin ? zero(winDiff) : lossOf(winDiff)) : null,
    bestWin: game && i === bestWin,
    atLeast: atLeast ? atLeast[i] : null,
    atLeastLoss: atLeastDiff === null ? null : i === bestAtLeast ? zero(atLeastDiff) : atLeastDiff.mean >= 0 ? atLeastDiff : { ...atLeastDiff, mean: 0 - atLeastDiff.mean, ci95: [0 - atLeastDiff.ci95[1], 0 - atLeastDiff.ci95[0]] },
    bestAtLeast: atLeast !== null && i === bestAtLeast,
  }));
  actions.reverse(); // draw first, as the command reads: draw or stay

  const statusName = (st: number, s: number) => (s === 0 ? 'deciding' : st === Status.ACTIVE ? 'in' : st === Status.BUSTED ? 'busted' : 'out');
  return {
    rules: rules.name,
    players: pos.players,
    seats: pos.rows.map((row, s) => ({ seat: s, row: row.map((c) => cards.name(c)).join(' '), points: points[s], status: statusName(pos.status[s], s), total: pos.totals ? pos.totals[s] : null })),
    target: rules.target,
    dealer: pos.dealer,
    nextCard: { unseen: poolTotal, duplicates, bust: bustChance(duplicates, poolTotal, hasSecondChance), secondChance: hasSecondChance, fromDiscard },
    rollouts: n,
    seed,
    field: players.slice(1).map((p) => p.label),
    then: players[0].label,
    objective: objectiveName(objective),
    exact: exactWhy,
    winExact: winExact ? WIN_EXACT_WHY : null,
    winBounds: wb === null ? null : { why: WIN_BOUNDS_WHY, draw: wb.draw, stay: wb.stay, separate },
    fallback,
    actions,
  };
}

// ---- Printing ----------------------------------------------------------------------------------------

/** A chance shown with Wilson's interval (shareCi95): too few rollouts ended one way for ± 1.96 SE. */
const wilsonShown = (v: AdviceValue, share: boolean): boolean => share && !v.exact && shareNeedsWilson(v.mean, v.n);

function show(v: AdviceValue, digits: number, share = false): string {
  if (v.bounds && v.ci95[0] !== v.ci95[1]) return `${v.ci95[0].toFixed(digits)} to ${v.ci95[1].toFixed(digits)} exact`;
  if (v.bounds) return `${v.ci95[0].toFixed(digits)} exact`;
  if (v.exact) return `${v.mean.toFixed(digits)} exact`;
  if (wilsonShown(v, share)) return `${v.mean.toFixed(digits)} [${v.ci95[0].toFixed(digits)}, ${v.ci95[1].toFixed(digits)}]`;
  return `${v.mean.toFixed(digits)} ± ${(Z95 * v.se).toFixed(digits)}`;
}

export function formatSevnAdvice(a: SevnAdvice): string {
  const me = a.seats[0];
  const lines = [`SEVN (${a.rules}): your row ${me.row || '(empty)'}, ${counted(me.points, 'point')} at stake${me.total !== null ? `, total ${me.total} (target ${a.target})` : ''}.`];
  for (const s of a.seats.slice(1)) lines.push(`  seat ${s.seat}: row ${s.row || '(empty)'}, ${s.points} points, ${s.status}${s.total !== null ? `, total ${s.total}` : ''}${s.seat === a.dealer ? ' (dealer)' : ''}`);
  const nc = a.nextCard;
  const where = nc.fromDiscard ? 'cards of the discard pile (nothing is unseen: it is reshuffled)' : 'unseen cards';
  lines.push(
    nc.secondChance
      ? `Next card busts: 0 (exact: your Second Chance cancels a duplicate; ${counted(nc.duplicates, 'duplicate')} among ${nc.unseen} ${where}).`
      : `Next card busts: ${(100 * nc.bust).toFixed(3)}% (exact: ${counted(nc.duplicates, 'duplicate')} of your values among ${nc.unseen} ${where}).`,
  );
  const k = a.objective.startsWith('at-least:') ? a.objective.slice('at-least:'.length) : null;
  // With exact round scores (optimal play after a draw) the bust chance still comes from the rollouts, played by --then: the header says so.
  const head = ['action', 'round score', 'loss', a.exact ? `bust this round (${a.then.split(':')[0]} after)` : 'bust this round', ...(k !== null ? [`P(round >= ${k})`, 'loss'] : []), ...(a.actions[0].win ? ['win chance', 'loss'] : [])];
  const body = a.actions.map((x) => [
    x.action,
    show(x.roundScore, 3),
    x.bestRound ? '0 (best)' : show(x.roundLoss, 3),
    show(x.bust, 4, true),
    ...(x.atLeast && x.atLeastLoss ? [show(x.atLeast, 4, true), x.bestAtLeast ? '0 (best)' : show(x.atLeastLoss, 4, true)] : []),
    ...(x.win && x.winLoss ? [show(x.win, 4, true), x.bestWin ? '0 (best)' : show(x.winLoss, 4)] : []),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  for (const r of [head, ...body]) lines.push(`  ${r.map((c, i) => c.padEnd(w[i])).join('   ').trimEnd()}`);
  lines.push(`Values ± 95% CI (1.96 SE) from ${a.rollouts.toLocaleString('en-US')} paired rollouts (the same futures for draw and stay), seed ${a.seed}; losses from the paired differences.`);
  // "(best)" is the higher mean; where the other answer's loss is within its 95% CI of 0, say so.
  const within = (what: string, loss: AdviceValue | null | undefined): void => {
    if (loss && !loss.exact && loss.ci95[0] <= 0) lines.push(`${what}: the two answers are within noise of each other (the loss's 95% CI reaches 0): "best" is only the higher mean; more --rollouts may tell them apart.`);
  };
  within('Round score', a.actions.find((x) => !x.bestRound)?.roundLoss);
  if (k !== null) within(`P(round >= ${k})`, a.actions.find((x) => !x.bestAtLeast)?.atLeastLoss);
  if (a.actions[0].win) within('Win chance', a.actions.find((x) => !x.bestWin)?.winLoss);
  if (a.actions.some((x) => wilsonShown(x.bust, true) || (x.atLeast !== null && wilsonShown(x.atLeast, true)) || (x.win !== null && wilsonShown(x.win, true)))) {
    lines.push('A chance shown as [low, high]: fewer than 5 rollouts ended one way, too few for ± 1.96 SE; Wilson\'s 95% interval instead.');
  }
  // Opponents' strategies matter while one of them is in the round, or for the rounds after it (totals given).
  const opponentsPlay = a.field.length > 0 && (a.seats.some((x) => x.seat !== 0 && x.status === 'in') || a.actions[0].win !== null);
  lines.push(`Rollouts: the unseen cards reshuffled; ${opponentsPlay ? `opponents play ${[...new Set(a.field)].join(', ')}; ` : ''}after this decision you play ${a.then}.`);
  if (a.exact) {
    const d = a.actions.find((x) => x.action === 'draw')!;
    lines.push(`Exact round scores${k !== null ? ` and P(round >= ${k})` : ''}: ${a.exact} (the rollouts with ${a.then} after: ${show(d.rolloutRoundScore, 3)}; the bust chances are theirs, not optimal play's). Staying scores your points now.`);
  } else lines.push('Staying scores your points now (exact).');
  if (a.winExact) lines.push(`Exact win chances: ${a.winExact}.`);
  const wb = a.winBounds;
  if (wb?.separate) lines.push(`Exact win-chance ranges ("x to y"): ${wb.why}. They do not overlap, so the best answer is certain.`);
  else if (wb) lines.push(`Win chances from the rollouts: the exact ranges (draw ${wb.draw[0].toFixed(4)} to ${wb.draw[1].toFixed(4)}, stay ${wb.stay[0].toFixed(4)} to ${wb.stay[1].toFixed(4)}; ${wb.why}) overlap.`);
  if (a.fallback) lines.push(`Note: ${a.fallback}.`);
  return lines.join('\n');
}

/** The position and rollout flags of SEVN (declared in entry.ts), as the CLI hands them over. */
export interface SevnAdviseFlags extends Omit<SevnPositionInput, 'row'> {
  row?: string;
  field?: string[];
  then: string;
  rollouts?: number;
  seed: number;
  objective?: string;
  onProgress?(done: number, total: number): void;
}

/** `advise --game sevn`: the position from --row, --second-chance, --seen, --totals, --at-stake, --still-in, --dealer. */
export function sevnAdviseCommand(strategies: readonly SevnStrategyDef[], rules: SevnRules, args: AnalysisArgs): { report: SevnAdvice; text: string } {
  const a = args as unknown as SevnAdviseFlags;
  if (a.row === undefined) throw new UserError('advise --game sevn: give your row with --row, e.g. --row "13 12 +4"');
  const pos = sevnPosition(rules, { row: a.row, secondChance: a.secondChance, seen: a.seen, totals: a.totals, atStake: a.atStake, stillIn: a.stillIn, dealer: a.dealer });
  const advice = adviseSevn(strategies, rules, pos, { field: a.field, then: a.then, seed: a.seed, rollouts: a.rollouts, objective: a.objective, onProgress: a.onProgress });
  return { report: advice, text: formatSevnAdvice(advice) };
}
