/** `sevensim advise`: the value of every legal action of a position, or a review of a played game. */
import { readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { UserError } from '../engine/errors.js';
import type { SevenfallRules } from '../games/sevenfall/rules.js';
import { adviseSevenfall, formatSevenfallAdvice, sevenfallPosition } from '../run/advise.js';
import { type GameRecord, formatReview, reviewSevenfall } from '../run/play-json.js';
import { gameModule, loadRules } from './games.js';

function adviseOptions<T>(y: Argv<T>) {
  return y
    .option('game', { type: 'string', choices: ['sevn', 'sevenfall'], describe: 'which game (not needed with --review)' })
    .option('preset', { type: 'string', describe: 'a built-in rules preset (default: the game\'s own)' })
    .option('rules', { type: 'string', describe: 'a rules file (JSON) instead of a preset' })
    .option('hand', { type: 'string', describe: 'SEVENFALL: the row, e.g. "A A B C W X D" (letters A.. symbols, W Wild, X Break)' })
    .option('locked', { type: 'string', default: '', describe: 'SEVENFALL: which tiles of the hand are locked replacements, e.g. "B X"' })
    .option('discarded', { type: 'string', default: '', describe: 'SEVENFALL: tiles discarded earlier this turn (out of the canister until the turn ends)' })
    .option('discards-left', { type: 'number', describe: 'SEVENFALL: discards left; a check: it must be the budget minus the tiles in --discarded' })
    .option('objective', { type: 'string', default: 'ev', describe: 'SEVENFALL: ev (expected turn score) or at-least:K (chance to score at least K)' })
    .option('review', { type: 'string', describe: 'a game written by `play --json`: each decision of --seat with its loss against the best action' })
    .option('seat', { type: 'number', default: 0, describe: 'with --review: the seat to review' })
    .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' });
}

export const adviseCommand: CommandModule<object, Awaited<ReturnType<typeof adviseOptions>['argv']>> = {
  command: 'advise',
  describe: 'The exact value of every legal action of a SEVENFALL position and its loss against the best, ranked; or --review a played game',
  builder: (y) => adviseOptions(y) as never,
  handler: (a) => {
    if (a.review !== undefined) {
      let record: GameRecord;
      try {
        record = JSON.parse(readFileSync(a.review, 'utf8')) as GameRecord;
      } catch (e) {
        throw new UserError(`--review ${a.review}: cannot read it as a \`play --json\` game (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      const r = reviewSevenfall(record, a.seat, a.objective);
      console.log(a.json ? JSON.stringify(r, null, 2) : formatReview(r));
      return;
    }
    if (a.game === undefined) throw new UserError('advise: give --game (and a position) or --review FILE');
    const game = gameModule(a.game);
    if (game.name === 'sevn') throw new UserError('advise --game sevn: not available yet; `bust-table --held` gives the exact next-card bust chance of a row and `solve --game sevn` the exact solo stopping values');
    if (a.hand === undefined) throw new UserError('advise --game sevenfall: give the row with --hand, e.g. --hand "A A B C W X D"');
    const rules = loadRules(game, a.preset, a.rules) as SevenfallRules;
    const advice = adviseSevenfall(rules, sevenfallPosition(rules, a.hand, a.locked, a.discarded, a.discardsLeft), a.objective);
    console.log(a.json ? JSON.stringify(advice, null, 2) : formatSevenfallAdvice(advice));
  },
};
