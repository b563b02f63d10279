/**
 * `endgame`: plays `optimal` (objective ev) before the last round; in the last round it plays, for
 * the whole turn, the solved policy (ev, or at-least:K for some K) that maximises its probability of
 * winning the game given every seat's total.
 *
 * The last-round choice, made at the first decision of the turn (and again whenever round, seat or
 * totals change):
 * - Candidates: the ev policy and the at-least:K policy for every distinct positive category value K
 *   (1, 3, 5, 6, 8, 10, 12, 15, 16, 18 on the default table; any other K gives the same objective as
 *   the next value up). For each, the exact distribution of its own turn score is known
 *   (`SevenfallSolution.scoreDistribution`).
 * - Seats before it have played their last turn: their totals are final. Seats after it have one turn
 *   left, modelled as independent draws from the score distribution of a reference policy
 *   (parameter `model`, default the optimal ev policy, which is what `optimal` plays).
 * - P(win) of a candidate = sum over its turn score y of P(y) * w(total + y), where w(m) is the
 *   expected win share with final total m: 0 if any other final total exceeds m, else 1/k with k the
 *   number of seats tied at m (itself included). Ties between candidates go to ev, then to the
 *   smaller K.
 * Every solution is solved once per thread (worker) and cached at module level, as `optimal` does;
 * a last-round choice costs about (candidates x scores x seats) arithmetic and allocates nothing.
 *
 * With `choose=exact` it instead solves the last turn for the win chance itself (the solver's
 * `utility` objective, values[y] = expected win share with final total total + y, under the same
 * model of the later seats): never worse than the best K under the model, but one solve (about 0.1 s)
 * per distinct normalised utility vector, cached per thread (least recently used dropped past 128 solutions of about 3 MB each).
 * With 2 players there are a few dozen distinct vectors (the start-up cost is then about 10 s per
 * thread); with 3 or more players nearly every last turn needs its own solve (4 players: about 35
 * paired games per second on 2 threads), so it is practical only for 2 players, where `solved`
 * (solved.ts) plays every round of the game exactly.
 *
 * Measured (compare, game mode, default preset, seed 2026, 2 threads, A = endgame, B = optimal):
 * field `optimal`, 400,000 games: win share +0.00469 (95% CI [0.00441, 0.00497], p < 1e-6);
 * field `optimal optimal optimal`, 400,000 games: +0.00268 ([0.00245, 0.00290], p < 1e-6);
 * `endgame:choose=exact`, field `optimal`, 200,000 games: +0.00602 ([0.00557, 0.00647], p < 1e-6).
 *
 * Parameters: `choose` = `k` (default) or `exact`; `model` = `ev` (default) or `at-least` with `modelk` (default 15): the policy the later
 * seats are assumed to play in the last round. Examples: `endgame`, `endgame:choose=exact`, `endgame:model=at-least,modelk=10`.
 */
import type { SevenfallRules } from '../../src/games/sevenfall/rules.js';
import type { RowScorer } from '../../src/games/sevenfall/scoring.js';
import { type Objective, objectiveText } from '../../src/games/sevenfall/objective.js';
import { type SevenfallSolution, solveSevenfall } from '../../src/games/sevenfall/solution.js';
import type { SevenfallStrategyDef, SevenfallView } from '../../src/games/sevenfall/view.js';
import { defineParams, int, oneOf } from '../../src/engine/params.js';
import { PolicyMove, cachedSolution } from './optimal.js';

export interface EndgameCandidate {
  objective: Objective;
  solution: SevenfallSolution;
  /** P(turn score = s), s = 0..maxScore, under this candidate's policy. */
  distribution: Float64Array;
}

/** The candidates for one rules set: ev first, then at-least:K for each distinct positive category value, ascending. */
export function endgameCandidates(rules: SevenfallRules, table?: RowScorer): EndgameCandidate[] {
  const ks = [...new Set(rules.categories.map((c) => c.points).filter((p) => p > 0))].sort((a, b) => a - b);
  const objectives: Objective[] = [{ kind: 'ev' }, ...ks.map((k): Objective => ({ kind: 'at-least', k }))];
  return objectives.map((objective) => {
    const solution = cachedSolution(rules, objective, table);
    return { objective, solution, distribution: solution.scoreDistribution() };
  });
}

const candidateCache = new Map<string, EndgameCandidate[]>();

function cachedCandidates(rules: SevenfallRules, table?: RowScorer): EndgameCandidate[] {
  const key = JSON.stringify(rules);
  let c = candidateCache.get(key);
  if (c === undefined) {
    c = endgameCandidates(rules, table);
    candidateCache.set(key, c);
  }
  return c;
}

/**
 * Scratch space for winChance: `tie[c]` = P(no later seat beats m and exactly c of them tie it).
 * Pass one per caller to stay allocation-free.
 */
export class WinScratch {
  readonly tie: Float64Array;
  constructor(maxPlayers = 64) {
    this.tie = new Float64Array(maxPlayers + 1);
  }
}

/**
 * Expected win share of `seat` in the last round if its final total is `m`: seats before `seat` have
 * final totals `totals[j]`, seats after it add an independent draw from `field` (a score
 * distribution, index = score) to `totals[j]`; a tie for the lead among k seats is worth 1/k.
 */
export function winShareAt(m: number, field: ArrayLike<number>, totals: ArrayLike<number>, seat: number, players: number, scratch: WinScratch): number {
  const tie = scratch.tie;
  // Seats that have played: beaten or tied for sure.
  let ties = 0;
  for (let j = 0; j < seat; j++) {
    if (totals[j] > m) return 0;
    if (totals[j] === m) ties++;
  }
  // Later seats: Poisson-binomial over the number that tie, given none exceeds m.
  let n = 0;
  tie[0] = 1;
  for (let j = seat + 1; j < players; j++) {
    const gap = m - totals[j]; // the later seat ties with score gap, stays below with less
    let below = 0;
    const top = Math.min(gap, field.length);
    for (let x = 0; x < top; x++) below += field[x];
    const eq = gap >= 0 && gap < field.length ? field[gap] : 0;
    tie[n + 1] = 0;
    for (let c = n + 1; c >= 0; c--) tie[c] = tie[c] * below + (c > 0 ? tie[c - 1] * eq : 0);
    n++;
  }
  let w = 0;
  for (let c = 0; c <= n; c++) w += tie[c] / (1 + ties + c);
  return w;
}

/** Expected win share of `seat` if its own last turn score is drawn from `own` (see winShareAt). */
export function winChance(own: ArrayLike<number>, field: ArrayLike<number>, totals: ArrayLike<number>, seat: number, players: number, scratch = new WinScratch(players)): number {
  let p = 0;
  for (let y = 0; y < own.length; y++) if (own[y] !== 0) p += own[y] * winShareAt(totals[seat] + y, field, totals, seat, players, scratch);
  return p;
}

/**
 * The index in `candidates` of the policy with the highest win chance (ties: the earlier one, so ev
 * first), and every candidate's win chance in `chances` if given.
 */
export function chooseCandidate(candidates: readonly EndgameCandidate[], field: ArrayLike<number>, totals: ArrayLike<number>, seat: number, players: number, scratch = new WinScratch(players), chances?: Float64Array): number {
  let best = 0;
  let bestP = -1;
  for (let i = 0; i < candidates.length; i++) {
    const p = winChance(candidates[i].distribution, field, totals, seat, players, scratch);
    if (chances) chances[i] = p;
    if (p > bestP + 1e-12) {
      best = i;
      bestP = p;
    }
  }
  return best;
}

/** Per rules: the utility solutions by normalised utility vector, least recently used first (at most UTILITY_CACHE_MAX). */
const utilityCaches = new Map<string, Map<string, SevenfallSolution>>();
export const UTILITY_CACHE_MAX = 128;

function utilityCache(rules: SevenfallRules): Map<string, SevenfallSolution> {
  const key = JSON.stringify(rules);
  let c = utilityCaches.get(key);
  if (c === undefined) {
    c = new Map();
    utilityCaches.set(key, c);
  }
  return c;
}

/**
 * The policy maximising the exact win chance of the last turn: the solver's `utility` objective with
 * values[y] = winShareAt(total + y). Utilities are normalised to [0, 1] (the optimal policy is the
 * same under a positive affine change); a flat utility (won or lost whatever happens) plays ev.
 */
function exactSolution(
  cache: Map<string, SevenfallSolution>, rules: SevenfallRules, table: RowScorer, evSolution: SevenfallSolution, field: ArrayLike<number>,
  totals: ArrayLike<number>, seat: number, players: number, scratch: WinScratch, shares: Float64Array,
): SevenfallSolution {
  let lo = Infinity;
  let hi = -Infinity;
  for (let y = 0; y < shares.length; y++) {
    shares[y] = winShareAt(totals[seat] + y, field, totals, seat, players, scratch);
    lo = Math.min(lo, shares[y]);
    hi = Math.max(hi, shares[y]);
  }
  if (hi - lo < 1e-12) return evSolution;
  const values: number[] = [];
  for (let y = 0; y < shares.length; y++) values.push(Math.round(((shares[y] - lo) / (hi - lo)) * 1e12) / 1e12);
  const key = values.join(',');
  let sol = cache.get(key);
  if (sol === undefined) {
    if (cache.size >= UTILITY_CACHE_MAX) cache.delete(cache.keys().next().value!);
    sol = solveSevenfall(rules, { kind: 'utility', values }, table);
  } else {
    cache.delete(key); // most recently used last
  }
  cache.set(key, sol);
  return sol;
}

const PARAMS = defineParams({
  choose: oneOf(['k', 'exact'], 'k', 'k: best of the ev and at-least:K policies; exact: solve the last turn for the win chance itself (about 0.1 s per distinct situation, cached; practical for 2 players only)'),
  model: oneOf(['ev', 'at-least'], 'ev', 'policy assumed for the seats still to play in the last round: ev (what optimal plays) or at-least with modelk'),
  modelk: int(0, 10000, 15, 'K of the at-least policy assumed for later seats when model=at-least (ignored for ev)'),
});

export const endgame: SevenfallStrategyDef<typeof PARAMS> = {
  name: 'endgame',
  fullCanister: true,
  doc: 'optimal (ev) before the last round; in the last round plays the solved policy (ev or at-least:K) with the highest chance of winning given the totals, later seats modelled by the exact score distribution of a reference policy.',
  params: PARAMS,
  create: (params, { rules, table }) => {
    const candidates = cachedCandidates(rules, table);
    const model: Objective = params.model === 'ev' ? { kind: 'ev' } : { kind: 'at-least', k: params.modelk };
    const field = objectiveText(model) === 'ev' ? candidates[0].distribution : cachedSolution(rules, model, table).scoreDistribution();
    const evSolution = candidates[0].solution;
    const move = new PolicyMove(rules.symbols + 2);
    const scratch = new WinScratch(64);
    // The last-round situation the current choice was made for.
    const seenTotals = new Int32Array(64);
    let seenRound = -1;
    let seenSeat = -1;
    let seenPlayers = -1;
    let chosen: SevenfallSolution = evSolution;
    const exact = params.choose === 'exact';
    const size = candidates[0].distribution.length;
    const shares = new Float64Array(size);
    const exactCache = exact ? utilityCache(rules) : null;
    const choose = (v: SevenfallView): SevenfallSolution => {
      if (v.round < rules.rounds - 1) return evSolution;
      let same = v.round === seenRound && v.seat === seenSeat && v.players === seenPlayers;
      for (let j = 0; same && j < v.players; j++) same = seenTotals[j] === v.totals[j];
      if (!same) {
        seenRound = v.round;
        seenSeat = v.seat;
        seenPlayers = v.players;
        for (let j = 0; j < v.players; j++) seenTotals[j] = v.totals[j];
        chosen = exact
          ? exactSolution(exactCache!, rules, table, evSolution, field, v.totals, v.seat, v.players, scratch, shares)
          : candidates[chooseCandidate(candidates, field, v.totals, v.seat, v.players, scratch)].solution;
      }
      return chosen;
    };
    return {
      decide(v: SevenfallView): number {
        return move.action(choose(v), v);
      },
    };
  },
};
