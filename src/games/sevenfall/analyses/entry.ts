/** SEVENFALL's catalog entry: the game made from its strategies, its lineups, and its analyses (imported on use). */
import type { GameModule } from '../../../engine/game.js';
import type { CatalogEntry } from '../../entry.js';
import { createSevenfallModule } from '../index.js';
import type { SevenfallRules } from '../rules.js';
import { SEVENFALL_STRATEGIES } from '../../../../strategies/sevenfall/index.js';
import { sevenfallCharts } from './charts.js';

export const sevenfallModule = createSevenfallModule(SEVENFALL_STRATEGIES);

const entry: CatalogEntry = {
  game: sevenfallModule as GameModule,
  testLineup: ['random', 'greedy', 'stand', 'optimal'],
  bench: [
    { mode: 'round', players: ['greedy'] },
    { mode: 'game', players: ['greedy', 'greedy', 'stand', 'random'] },
  ],
  study: [
    { name: 'sevenfall-turn', question: 'SEVENFALL: how much is a discard policy worth on one turn?', mode: 'round', players: ['stand', 'greedy', 'greedy:margin=1', 'random'], scale: 1 },
    { name: 'sevenfall-game', question: 'SEVENFALL: who wins a 4-player game?', mode: 'game', players: ['greedy', 'greedy:margin=1', 'stand', 'random'], scale: 0.25 },
  ],
  async solve(rules, preset, objective, out, force) {
    const { formatSevenfallSolve, solveSevenfallCommand } = await import('./solve.js');
    const { report } = await solveSevenfallCommand(rules as SevenfallRules, preset, objective, out, force);
    return { report, text: formatSevenfallSolve(report) };
  },
  record: async (rules, specs, seed) => (await import('./record.js')).sevenfallGameRecord(SEVENFALL_STRATEGIES, rules as SevenfallRules, specs, seed),
  advise: {
    flags: {
      hand: { type: 'string', describe: 'SEVENFALL: the row, e.g. "A A B C W X D" (letters A.. symbols, W Wild, X Break)' },
      locked: { type: 'string', default: '', describe: 'SEVENFALL: which tiles of the hand are locked replacements, e.g. "B X"' },
      discarded: { type: 'string', default: '', describe: 'SEVENFALL: tiles discarded earlier this turn (out of the canister until the turn ends)' },
      'discards-left': { type: 'number', describe: 'SEVENFALL: discards left; a check: it must be the budget minus the tiles in --discarded' },
      objective: { type: 'string', default: 'ev', describe: 'SEVENFALL: ev (expected turn score) or at-least:K (chance to score at least K)' },
    },
    position: async (rules, args) => (await import('./advise.js')).sevenfallAdviseCommand(rules as SevenfallRules, args),
    review: async (record, args) => (await import('./review.js')).sevenfallReviewCommand(record, args),
  },
  charts: sevenfallCharts,
};
export default entry;
