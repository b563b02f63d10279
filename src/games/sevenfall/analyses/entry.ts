/** SEVENFALL's catalog entry: the game made from its strategies, its lineups, and its analyses (imported on use). */
import { UserError } from '../../../engine/errors.js';
import type { GameModule } from '../../../engine/game.js';
import { type CatalogEntry, type GameBounds, OBJECTIVE_HELP } from '../../entry.js';
import { createSevenfallModule } from '../index.js';
import type { SevenfallRules } from '../rules.js';
import { SEVENFALL_STRATEGIES } from '../../../../strategies/sevenfall/index.js';
import { sevenfallCharts } from './charts.js';

export const sevenfallModule = createSevenfallModule(SEVENFALL_STRATEGIES);

/** What the rules allow a SEVENFALL turn and game (see GameBounds). */
export function sevenfallBounds(r: SevenfallRules, players: number): GameBounds {
  // A row scores its best category's points, or 0 with none (category points are at least 0). A game
  // is `rounds` rounds of one turn a seat; a turn asks until the seat stops, each discard taking at
  // least one tile of the discard budget: at most budget + 1 decisions.
  return { roundScore: { min: 0, max: Math.max(0, ...r.categories.map((c) => c.points)) }, maxRounds: r.rounds, maxDecisionsPerRound: players * (r.discardBudget + 1) };
}

const entry: CatalogEntry = {
  game: sevenfallModule as GameModule,
  module: import.meta.url,
  testLineup: ['random', 'greedy', 'stand', 'optimal'],
  bounds: (rules, players) => sevenfallBounds(rules as SevenfallRules, players),
  baseline: 'stand',
  // choose=exact solves each last-turn situation for the win (about 0.1 s each): practical for 2 players only.
  testPins: { endgame: 'choose=k' },
  bench: [
    { mode: 'round', players: ['greedy'] },
    { mode: 'game', players: ['greedy', 'greedy', 'stand', 'random'] },
  ],
  study: [
    { name: 'sevenfall-turn', question: 'SEVENFALL: how much is a discard policy worth on one turn?', mode: 'round', players: ['stand', 'greedy', 'greedy:margin=1', 'random'], scale: 1 },
    { name: 'sevenfall-game', question: 'SEVENFALL: who wins a 4-player game?', mode: 'game', players: ['greedy', 'greedy:margin=1', 'stand', 'random'], scale: 0.25 },
  ],
  async solve(rules, { preset, objective, players, table, out, force, signal }) {
    if (objective === 'win') {
      if (players !== 2) throw new UserError(`--objective win: solves the 2-player game only; give --players 2 (got ${players})`);
      const { formatSevenfallWin, solveSevenfallWinCommand } = await import('./solve-win.js');
      const solved = await solveSevenfallWinCommand(rules as SevenfallRules, preset, out, force, { table, signal });
      return { report: solved.report, text: formatSevenfallWin(solved.report) + (solved.table !== null ? '\n\n' + solved.table : '') };
    }
    if (players !== 1) throw new UserError(`--players ${players}: SEVENFALL solves one turn (--players 1) or, with --objective win, the 2-player game`);
    if (table) throw new UserError('--table: prints the 2-player win table; give --players 2 --objective win');
    const { formatSevenfallSolve, solveSevenfallCommand } = await import('./solve.js');
    const { report } = await solveSevenfallCommand(rules as SevenfallRules, preset, objective, out, force);
    return { report, text: formatSevenfallSolve(report) };
  },
  humanGame: async (rules, specs, seat, seed) => new (await import('./human-game.js')).SevenfallHumanGame(SEVENFALL_STRATEGIES, rules as SevenfallRules, specs, seat, seed),
  record: async (rules, specs, seed) => (await import('./record.js')).sevenfallGameRecord(SEVENFALL_STRATEGIES, rules as SevenfallRules, specs, seed),
  advise: {
    flags: {
      hand: { type: 'string', describe: 'SEVENFALL: the row, e.g. "A A B C W X D" (letters A.. symbols, W Wild, X Break)' },
      locked: { type: 'string', default: '', describe: 'SEVENFALL: which tiles of the hand are locked replacements, e.g. "B X"' },
      discarded: { type: 'string', default: '', describe: 'SEVENFALL: tiles discarded earlier this turn (out of the canister until the turn ends)' },
      'discards-left': { type: 'number', describe: 'SEVENFALL: discards left; a check: it must be the budget minus the tiles in --discarded (default: not checked, taken from --discarded)' },
      objective: { type: 'string', default: 'ev', describe: OBJECTIVE_HELP },
    },
    position: async (rules, args) => (await import('./advise.js')).sevenfallAdviseCommand(rules as SevenfallRules, args),
    review: async (record, args) => (await import('./review.js')).sevenfallReviewCommand(SEVENFALL_STRATEGIES, record, args),
    reviewFlags: ['objective'],
  },
  charts: sevenfallCharts,
};
export default entry;
