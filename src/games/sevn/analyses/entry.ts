/** SEVN's catalog entry: the game made from its strategies, its lineups, and its analyses (imported on use). */
import { checkInteger, checkNumber, checkSeed } from '../../../engine/checks.js';
import { UserError } from '../../../engine/errors.js';
import type { GameModule } from '../../../engine/game.js';
import { type CatalogEntry, type GameBounds, OBJECTIVE_HELP } from '../../entry.js';
import { createSevnModule } from '../index.js';
import { deckSize, type SevnRules } from '../rules.js';
import { SOLO_PASS_EPSILON } from '../solo-pass.js';
import { SEVN_STRATEGIES } from '../../../../strategies/sevn/index.js';
import { sevnCharts } from './charts.js';
import { DEFAULT_FIELD, DEFAULT_REVIEW_ROLLOUTS, DEFAULT_ROLLOUTS, checkRollouts } from './rollout-defaults.js';

export const sevnModule = createSevnModule(SEVN_STRATEGIES);

const SEVN_FIELD = ['stay-at:points=15', 'stay-at:points=25', 'stay-at-cards:cards=4', 'bust-cap:p=0.3'];


/** What the rules allow a SEVN round and game (see GameBounds). */
export function sevnBounds(r: SevnRules, players: number): GameBounds {
  // Most points: a round ends at once when a row holds sevn.distinct scoring values, and a duplicate
  // busts, so a row holds at most that many distinct numbers: the largest values, times every multiply
  // modifier, plus every + modifier, each bonus card's points (a Ladder's run is at most that many
  // cards long) and the SEVN bonus. A score is never below 0 (a bust scores 0; scores clamp at 0).
  const values = [...new Set(r.numbers.filter((n) => n.copies > 0).map((n) => n.value))].sort((a, b) => b - a);
  const held = Math.min(r.sevn.distinct, values.length);
  const top = values.slice(0, held).reduce((a, v) => a + v, 0);
  let times = 1;
  let plus = 0;
  for (const m of r.modifiers) {
    if (m.kind === 'multiply') times *= m.value ** m.count;
    else plus += m.value * m.count;
  }
  const b = r.bonuses;
  const bonus = (b.featherweight.count > 0 ? b.featherweight.points : 0) + (b.heavyweight.count > 0 ? b.heavyweight.points : 0) + (b.ladder.count > 0 ? b.ladder.pointsPerCard * held : 0);
  // Most decisions: a round reshuffles its discard pile at most once per card of the deck (deck.ts),
  // so it draws at most size x (size + 1) cards. A decision is a draw answer (a draw follows, or the
  // exhausted deck ends the round: + 1), a stay (once a seat), or a choice a drawn card asks for.
  const size = deckSize(r);
  return { roundScore: { min: 0, max: top * times + plus + bonus + r.sevn.bonus }, maxRounds: r.maxRounds, maxDecisionsPerRound: 2 * size * (size + 1) + players + 1 };
}

const entry: CatalogEntry = {
  game: sevnModule as GameModule,
  module: import.meta.url,
  testLineup: ['random', 'stay-at', 'bust-cap', 'stay-at-cards'],
  bounds: (rules, players) => sevnBounds(rules as SevnRules, players),
  baseline: 'stay-at',
  // A search decision plays its rollouts to the end of the game: a few, to the end of the round.
  testPins: { search: 'rollouts=2,min=2,objective=round,ms=0' },
  bench: [
    { mode: 'round', players: ['stay-at'] },
    { mode: 'game', players: ['stay-at', 'stay-at-cards', 'bust-cap', 'random'] },
  ],
  study: [
    { name: 'sevn-round', question: 'SEVN: which stopping rule scores most in one 4-player round?', mode: 'round', players: SEVN_FIELD, scale: 1 },
    { name: 'sevn-game', question: 'SEVN: who wins a 4-player game to 250?', mode: 'game', players: SEVN_FIELD, scale: 0.25 },
  ],
  async solve(rules, { preset, objective, players, table, out, force }) {
    if (players !== 1) throw new UserError(`--players ${players}: SEVN solves the solo round (--players 1)`);
    if (objective !== 'ev') throw new UserError(`--objective ${objective}: SEVN solves the expected solo round score only (ev)`);
    const { formatSevnSolve, sevnStopBoundary, solveSevnCommand } = await import('./solve.js');
    const { report, solution } = await solveSevnCommand(rules as SevnRules, preset, out, force);
    // --table: the stop boundary, distinct values x points (coloured on a terminal).
    if (table) report.stopBoundary = sevnStopBoundary(solution.policyRows());
    return { report, text: formatSevnSolve(report, Boolean(process.stdout.isTTY)) };
  },
  humanGame: async (rules, specs, seat, seed, options) => new (await import('./human-game.js')).SevnHumanGame(SEVN_STRATEGIES, rules as SevnRules, specs, seat, seed, options),
  record: async (rules, specs, seed) => (await import('./record.js')).sevnGameRecord(SEVN_STRATEGIES, rules as SevnRules, specs, seed),
  advise: {
    flags: {
      row: { type: 'string', describe: 'SEVN: your row, cards as `play` prints them, spaces or commas between (the same card list as bust-table --held): numbers 13, Ballast -2, modifiers x2 +4, SecondChance, Featherweight, Heavyweight, Ladder; e.g. "13 12 +4" ("none": empty); required with --game sevn' },
      'second-chance': { type: 'boolean', default: false, describe: 'SEVN: your row also holds a Second Chance (the same as SecondChance in --row)' },
      seen: { type: 'string', default: 'none', describe: 'SEVN: cards seen since the last reshuffle that are off the table (the discard pile: earlier rounds\' rows, action cards, Crossroads rejects); they are not in the deck' },
      totals: { type: 'string', defaultDescription: 'none: the round only', describe: 'SEVN: game totals before this round, yours first, then each opponent clockwise, e.g. 200,230,180; gives the chance to win the game' },
      'at-stake': { type: 'string', defaultDescription: 'no opponents: a solo round', describe: 'SEVN: each opponent\'s row (its points at stake), clockwise from you (seats 1, 2, ...), separated by "/", e.g. "9 4 / 7 7 / none"; a row with a duplicate busted' },
      'still-in': { type: 'string', defaultDescription: 'every opponent whose row has no duplicate', describe: 'SEVN: the opponent seats still in the round, e.g. 1,3, or none (the others stayed, were frozen or busted)' },
      dealer: { type: 'number', defaultDescription: 'the last seat: you played first this round', describe: 'SEVN: the seat that dealt this round (0 = you); the deal moves clockwise each round' },
      field: { type: 'string', array: true, defaultDescription: DEFAULT_FIELD, describe: 'SEVN: the opponents\' strategies in the rollouts: one for all, or one per opponent' },
      then: { type: 'string', default: DEFAULT_FIELD, describe: 'SEVN: your own strategy after this decision, in the rollouts' },
      rollouts: { type: 'number', coerce: checkRollouts, defaultDescription: `${DEFAULT_ROLLOUTS}; with --review ${DEFAULT_REVIEW_ROLLOUTS} a decision`, describe: 'SEVN: paired rollouts (each plays draw and stay on the same shuffled unseen cards)' },
      seed: { type: 'number', default: 1, coerce: checkSeed, describe: 'SEVN: random seed of the rollouts (same seed, same numbers)' },
      quiet: { type: 'boolean', default: false, describe: 'SEVN: no progress bar (it is also off when stderr is not a terminal)' },
      objective: { type: 'string', default: 'ev', describe: OBJECTIVE_HELP },
    },
    position: async (rules, args) => (await import('./advise.js')).sevnAdviseCommand(SEVN_STRATEGIES, rules as SevnRules, args),
    review: async (record, args) => (await import('./review.js')).sevnReviewCommand(SEVN_STRATEGIES, record, args),
    reviewFlags: ['rollouts', 'seed'],
  },
  bustTable: {
    flags: {
      held: { type: 'string', describe: 'your row, the same card list as advise --row: cards as `play` prints them, spaces or commas between: numbers 13, Ballast -2, SecondChance, modifiers x2 +4 (they only leave the unseen cards); e.g. "13 12 9" or 13,12,9 ("none": empty); without it, the full table' },
      'second-chance': { type: 'boolean', default: false, describe: 'the row holds a Second Chance' },
      unseen: { type: 'string', describe: 'card:count pairs replacing those unseen counts, e.g. 13:5,12:0,sc:1,ballast:0,other:20: a number value, sc (Second Chance), ballast (every Ballast card), other (every other card: modifiers, bonus cards, Freeze, Triple Draw, Crossroads, Storm); cards not named keep the full deck\'s count less the row (default: the full deck less the row)' },
      strategy: { type: 'string', default: 'stay-at:points=25', describe: 'full table: the solo strategy whose reach weights the states' },
      rounds: { type: 'number', default: 1000000, describe: 'full table: simulated solo rounds beside the exact values (0: exact only)', coerce: (v: number) => checkInteger('--rounds', v, 0) },
      seed: { type: 'number', default: 1, coerce: checkSeed, describe: 'full table: random seed of the simulation' },
      band: { type: 'number', default: 10, describe: 'full table: round points per row of the terminal table', coerce: (v: number) => checkInteger('--band', v, 1) },
      'drop-below': {
        type: 'number', default: SOLO_PASS_EPSILON, coerce: (v: number) => checkNumber('--drop-below', v, 0, 0.01, true),
        describe: 'full table on a deck with other cards than numbers: the exact pass drops the states whose chance is below this, and prints the most they could change (smaller: tighter and slower; 0: none dropped, which on a full deck passes the work cap)',
      },
      out: { type: 'string', describe: 'full table: directory for bust-table.arrow, bust-table.json and run.json' },
    },
    run: async (rules, preset, args) => (await import('./bust-table.js')).sevnBustTable(SEVN_STRATEGIES, rules as SevnRules, preset, args),
  },
  charts: sevnCharts,
};
export default entry;
