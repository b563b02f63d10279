/**
 * The exact half of `advise --game sevn` when the deciding seat is the last one in the round: stay and
 * draw valued by the last-seat recursion (src/games/sevn/last-seat.ts) for the expected round score, for
 * an `at-least:K` objective, and in a game for the win chance when this round decides the game.
 */
import { UserError } from '../../../engine/errors.js';
import type { SevnCards } from '../cards.js';
import { LastSeatCapError, LastSeatSolver, objectiveUtility, winShareBounds } from '../last-seat.js';
import type { SevnRules } from '../rules.js';
import { Status } from '../view.js';

/** States one advice may search (about 1 s on one core at the most); past it the values come from rollouts. */
export const ADVICE_MAX_STATES = 50_000;
/** The cap for a hint at the table (play --human, track): a hint must come within about 200 ms, and a capped recursion costs its cap first. */
export const HINT_MAX_STATES = 1_500;

export type SevnObjective = { kind: 'ev' } | { kind: 'at-least'; k: number };

/** `ev` or `at-least:K` (K a whole number); a UserError naming the flag otherwise. */
export function parseSevnObjective(text: string): SevnObjective {
  const t = String(text).trim();
  if (t === 'ev') return { kind: 'ev' };
  const m = /^at-least:(\d+)$/.exec(t);
  if (m && Number(m[1]) <= 1e6) return { kind: 'at-least', k: Number(m[1]) };
  throw new UserError(`--objective "${text}": expected ev (expected round score) or at-least:K with K a whole number from 0 to 1000000 (the chance the round score reaches K), e.g. at-least:30`);
}

export const objectiveName = (o: SevnObjective): string => (o.kind === 'ev' ? 'ev' : `at-least:${o.k}`);

export const WIN_EXACT_WHY = 'the others\' final totals are known and every round score you can reach ends the game (a win, a loss or a shared win): the win chance is the chance of each round score, played to maximise it';

export const WIN_BOUNDS_WHY = 'some round score you can end with leaves the game undecided (a tied lead plays on, or no total reaches the target): counted as lost, then as won, the best play\'s win chance lies between';

export interface LastSeatPositionIn {
  players: number;
  rows: number[][];
  status: number[];
  seen: number[];
  totals: number[] | null;
}

export interface LastSeatValues {
  unseen: number;
  states: number;
  ms: number;
  drawEv: number;
  atLeast: { stay: number; draw: number } | null;
  win: { stay: number; draw: number } | null;
  /** In a game the round does not always decide: each answer's win chance when the undecided outcomes count 0 and when they count 1 (WIN_BOUNDS_WHY). */
  winBounds: { stay: [number, number]; draw: [number, number] } | null;
}

/** The exact values, or `{ cap }` when the recursion passed its state cap. `deck`: per code, the unseen cards. */
export function lastSeatValues(
  rules: SevnRules, cards: SevnCards, pos: LastSeatPositionIn, deck: readonly number[], points: readonly number[], objective: SevnObjective, maxStates = ADVICE_MAX_STATES,
): LastSeatValues | { cap: number; cycle: boolean } {
  const t0 = performance.now();
  const solver = new LastSeatSolver(rules, cards, maxStates);
  const position = { deck, discard: pos.seen, row: pos.rows[0] };
  let states = 0;
  const solve = (u: Float64Array): { stay: number; draw: number } => {
    solver.load(position, u);
    const draw = solver.drawValue();
    states += solver.states;
    return { stay: solver.stayValue(), draw };
  };
  try {
    const ev = solve(objectiveUtility(rules, { kind: 'ev' }));
    const atLeast = objective.kind === 'at-least' ? solve(objectiveUtility(rules, objective)) : null;
    let win: { stay: number; draw: number } | null = null;
    let winBounds: LastSeatValues['winBounds'] = null;
    if (pos.totals !== null) {
      const finals = pos.totals.map((t, s) => t + (pos.status[s] === Status.BUSTED ? 0 : points[s]));
      const shares = winShareBounds(rules, pos.totals, finals);
      if (shares.decided) win = solve(shares.low);
      else {
        const low = solve(shares.low);
        const high = solve(shares.high);
        // Equal ends: no round score that leaves the game open is reached (from 13 12 the round ends on 0 or
        // 25 and more), so the win chance is exact, as when every score ends the game.
        if (low.stay === high.stay && low.draw === high.draw) win = low;
        else winBounds = { stay: [low.stay, high.stay], draw: [low.draw, high.draw] };
      }
    }
    return { unseen: deck.reduce((a, b) => a + b, 0), states, ms: performance.now() - t0, drawEv: ev.draw, atLeast, win, winBounds };
  } catch (e) {
    if (e instanceof LastSeatCapError) return { cap: maxStates, cycle: e.cycle };
    throw e;
  }
}
