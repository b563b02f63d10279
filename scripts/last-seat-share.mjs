#!/usr/bin/env node
/**
 * How often a SEVN draw-or-stay decision is the last seat in (every other player stayed, busted or was
 * frozen), in 4-player games of the default `sevn` rules, and how many of those the exact last-seat
 * recursion (src/games/sevn/last-seat.ts) answers within the advice's state cap, with its time.
 *
 *   npm run build && node scripts/last-seat-share.mjs [--games N] [--seed S] [--solve M]
 *
 * Two lineups: four `ev`, and four `stay-at:points=25`. Each share is a proportion of decisions with a
 * 95% CI over games (a ratio of per-game sums, its variance from the games: the decisions of one game
 * are not independent); the share solved has a Wilson 95% CI. --solve M solves
 * the first M last-seat positions of each lineup (default 200); of those not solved, it counts the ones
 * refused at once (LastSeatSolver.leastStates: the states they need at least pass the cap) and times them.
 */
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../dist/src/engine/rng.js';
import { SevnEngine } from '../dist/src/games/sevn/engine.js';
import { makeSevnPlayers } from '../dist/src/games/sevn/index.js';
import { sevnPreset } from '../dist/src/games/sevn/rules.js';
import { LastSeatCapError, LastSeatSolver, objectiveUtility } from '../dist/src/games/sevn/last-seat.js';
import { ADVICE_MAX_STATES } from '../dist/src/games/sevn/analyses/advise-last-seat.js';
import { Z95 } from '../dist/src/stats/summary.js';
import { SEVN_STRATEGIES } from '../dist/strategies/sevn/index.js';
import { scriptArgs } from './args.mjs';

const { int } = scriptArgs(
  'node scripts/last-seat-share.mjs [--games 2000] [--seed 1] [--solve 200]',
  { games: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' }, solve: { type: 'string', default: '200' } },
);
const games = int('games', 1);
/** The median and 90th percentile of sorted times (none: said so, not NaN). */
const quantiles = (xs, d) => (xs.length === 0 ? 'none timed' : `median ${xs[Math.floor(xs.length / 2)].toFixed(d)} ms, 90th percentile ${xs[Math.floor(0.9 * xs.length)].toFixed(d)} ms`);
const seed = int('seed', 0);
/** The standard error of a ratio of sums over games (sum of a / sum of d), by the delta method over the games. */
function ratioSe(perGame, ratio) {
  const n = perGame.length;
  const meanD = perGame.reduce((t, [d]) => t + d, 0) / n;
  const ss = perGame.reduce((t, [d, a]) => t + (a - ratio * d) ** 2, 0);
  return Math.sqrt(ss / (n * (n - 1))) / meanD;
}
/** The Wilson score 95% interval of k successes in n trials (sensible at 0 or n, unlike the Wald interval). */
function wilson(k, n) {
  const p = k / n;
  const z2 = Z95 * Z95;
  const mid = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [mid - half, mid + half];
}
const solveMax = int('solve', 0);
const rules = sevnPreset('sevn');

for (const lineup of [['ev', 'ev', 'ev', 'ev'], ['stay-at:points=25', 'stay-at:points=25', 'stay-at:points=25', 'stay-at:points=25']]) {
  const engine = new SevnEngine(rules);
  const cards = engine.cards;
  const rngs = lineup.map(() => new Rng());
  const inner = makeSevnPlayers(SEVN_STRATEGIES, rules, lineup, rngs);
  const solver = new LastSeatSolver(rules, cards, ADVICE_MAX_STATES);
  const u = objectiveUtility(rules, { kind: 'ev' });
  let decisions = 0;
  let last = 0;
  const perGame = []; // [decisions, last seat in] of each game, for the CI over games
  let solved = 0;
  let tried = 0;
  let refused = 0; // refused at once: the lower bound on the states alone passes the cap
  const ms = [];
  const capMs = [];
  const players = inner.map((p) => ({
    ...p,
    label: p.label,
    freezeTarget: (v) => p.freezeTarget(v), tripleDrawTarget: (v) => p.tripleDrawTarget(v), crossroads: (v) => p.crossroads(v),
    ballast: (v) => p.ballast(v), secondChanceTo: (v) => p.secondChanceTo(v),
    drawOrStay(v) {
      decisions++;
      let alone = true;
      for (let s = 0; s < v.players; s++) if (s !== v.seat && v.status[s] === 0) alone = false;
      if (alone) {
        last++;
        if (tried < solveMax) {
          tried++;
          // The position the seat sees: the deck is the unseen cards, the discard pile the seen ones off the table.
          const deck = new Array(cards.codes).fill(0);
          const discard = new Array(cards.codes).fill(0);
          const row = [];
          for (let i = 0; i < v.rowLengths[v.seat]; i++) row.push(v.rows[v.seat * v.rowStride + i]);
          for (let c = 0; c < cards.codes; c++) {
            deck[c] = cards.copies[c] - v.seen[c];
            discard[c] = v.seen[c];
          }
          for (let s = 0; s < v.players; s++) for (let i = 0; i < v.rowLengths[s]; i++) discard[v.rows[s * v.rowStride + i]]--;
          const t0 = performance.now();
          try {
            solver.load({ deck, discard, row }, u);
            if (solver.leastStates() - 1 > ADVICE_MAX_STATES) refused++;
            solver.drawValue();
            solved++;
            ms.push(performance.now() - t0);
          } catch (e) {
            if (!(e instanceof LastSeatCapError)) throw e;
            capMs.push(performance.now() - t0);
          }
        }
      }
      return p.drawOrStay(v);
    },
  }));
  const deckRng = new Rng();
  for (let g = 0; g < games; g++) {
    deckRng.reseed(seed, g, STREAM_DECK);
    rngs.forEach((r, s) => r.reseed(seed, g, STREAM_STRATEGY, s));
    const [d0, l0] = [decisions, last];
    engine.playGame(players, deckRng);
    perGame.push([decisions - d0, last - l0]);
  }
  const p = last / decisions;
  const half = Z95 * ratioSe(perGame, p);
  ms.sort((a, b) => a - b);
  const [qLow, qHigh] = wilson(solved, tried);
  console.log(`${lineup[0]} x4, ${games} games (seed ${seed}): ${last} of ${decisions} draw-or-stay decisions are the last seat in: ${(100 * p).toFixed(2)}% (95% CI over games ${(100 * (p - half)).toFixed(2)} to ${(100 * (p + half)).toFixed(2)})`);
  capMs.sort((a, b) => a - b);
  console.log(`  solved exactly within ${ADVICE_MAX_STATES.toLocaleString('en-US')} states: ${solved} of the first ${tried}: ${(100 * solved / tried).toFixed(1)}% (Wilson 95% CI ${(100 * qLow).toFixed(1)} to ${(100 * qHigh).toFixed(1)}); time when solved: ${quantiles(ms, 1)}`);
  console.log(`  not solved: ${capMs.length}, of them ${refused} refused at once by the lower bound on the states (a position not solved: ${quantiles(capMs, 2)}); the others ran to the cap`);
}
