/** `sevensim advise`: the value of every legal action of a position, or a review of a played game. */
import { readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { UserError } from '../engine/errors.js';
import type { SevenfallRules } from '../games/sevenfall/rules.js';
import type { SevnRules } from '../games/sevn/rules.js';
import type { SevnStrategyDef } from '../games/sevn/view.js';
import { adviseSevenfall, formatSevenfallAdvice, sevenfallPosition } from '../run/advise.js';
import { DEFAULT_FIELD, DEFAULT_ROLLOUTS, type SevnAdvice, adviseSevn, checkRollouts, formatSevnAdvice, sevnPosition } from '../run/advise-sevn.js';
import { DEFAULT_REVIEW_ROLLOUTS, type SevnReview, formatSevnReview, reviewSevn } from '../run/review-sevn.js';
import { type GameRecord, formatReview, reviewSevenfall } from '../run/play-json.js';
import { gameModule } from '../catalog.js';
import { loadRules, quietOption, seedOption } from './options.js';
import { progressBar } from './progress.js';

/** The SEVN strategies the --field, --then and review specs name: the catalog's. */
const sevnStrategies = () => gameModule('sevn').strategies as readonly SevnStrategyDef[];

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
    .option('row', { type: 'string', describe: 'SEVN: your row, cards as `play` prints them: numbers 13, Ballast -2, modifiers x2 +4, SecondChance, Featherweight, Heavyweight, Ladder; e.g. "13 12 +4" ("none": empty); required with --game sevn' })
    .option('second-chance', { type: 'boolean', default: false, describe: 'SEVN: your row also holds a Second Chance (the same as SecondChance in --row)' })
    .option('seen', { type: 'string', default: 'none', describe: 'SEVN: cards seen since the last reshuffle that are off the table (the discard pile: earlier rounds\' rows, action cards, Crossroads rejects); they are not in the deck' })
    .option('totals', { type: 'string', defaultDescription: 'none: the round only', describe: 'SEVN: game totals before this round, yours first, then each opponent clockwise, e.g. 200,230,180; gives the chance to win the game' })
    .option('at-stake', { type: 'string', defaultDescription: 'no opponents: a solo round', describe: 'SEVN: each opponent\'s row (its points at stake), clockwise from you (seats 1, 2, ...), separated by "/", e.g. "9 4 / 7 7 / none"; a row with a duplicate busted' })
    .option('still-in', { type: 'string', defaultDescription: 'every opponent whose row has no duplicate', describe: 'SEVN: the opponent seats still in the round, e.g. 1,3, or none (the others stayed, were frozen or busted)' })
    .option('dealer', { type: 'number', defaultDescription: 'the last seat: you played first this round', describe: 'SEVN: the seat that dealt this round (0 = you); the deal moves clockwise each round' })
    .option('field', { type: 'string', array: true, defaultDescription: DEFAULT_FIELD, describe: 'SEVN: the opponents\' strategies in the rollouts: one for all, or one per opponent' })
    .option('then', { type: 'string', default: DEFAULT_FIELD, describe: 'SEVN: your own strategy after this decision, in the rollouts' })
    .option('rollouts', { type: 'number', coerce: checkRollouts, defaultDescription: `${DEFAULT_ROLLOUTS}; with --review ${DEFAULT_REVIEW_ROLLOUTS} a decision`, describe: 'SEVN: paired rollouts (each plays draw and stay on the same shuffled unseen cards)' })
    .option('seed', seedOption('SEVN: random seed of the rollouts (same seed, same numbers)'))
    .option('quiet', { ...quietOption, describe: `SEVN: ${quietOption.describe}` })
    .option('review', { type: 'string', describe: 'a game written by `play --json`: each decision of --seat with its loss against the best action (SEVENFALL exact; SEVN draw or stay by paired rollouts, --rollouts and --seed apply)' })
    .option('seat', { type: 'number', default: 0, describe: 'with --review: the seat to review' })
    .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
    .example('$0 advise --game sevn --row "13 12 +4" --totals 200,230,180 --at-stake "9 4 / 7 7" --still-in 1', 'draw or stay: you hold 13 12 +4; seat 1 (9 4) is still in, seat 2 busted on 7 7')
    .example('$0 advise --game sevn --preset sevn-numbers --row "13 12 9"', 'a solo number-only round: the draw\'s round score is exact (the solo solver)')
    .example('$0 advise --game sevenfall --hand "A A B C D W X"', 'every SEVENFALL discard with its exact value');
}

export const adviseCommand: CommandModule<object, Awaited<ReturnType<typeof adviseOptions>['argv']>> = {
  command: 'advise',
  describe: 'The value of every legal action of a position and its loss against the best: SEVN draw or stay (paired rollouts, exact where solvable), SEVENFALL every discard (exact); or --review a played game',
  builder: (y) => adviseOptions(y) as never,
  handler: (a) => {
    if (a.review !== undefined) {
      let record: GameRecord;
      try {
        record = JSON.parse(readFileSync(a.review, 'utf8')) as GameRecord;
      } catch (e) {
        throw new UserError(`--review ${a.review}: cannot read it as a \`play --json\` game (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      if (record?.game === 'sevn') {
        const progress = progressBar(a.quiet, 'decisions');
        let r: SevnReview;
        try {
          r = reviewSevn(sevnStrategies(), record, a.seat, { rollouts: a.rollouts, seed: a.seed, onProgress: (done, total) => progress.update(done, total) });
        } finally {
          progress.stop();
        }
        console.log(a.json ? JSON.stringify(r, null, 2) : formatSevnReview(r));
        return;
      }
      const r = reviewSevenfall(record, a.seat, a.objective);
      console.log(a.json ? JSON.stringify(r, null, 2) : formatReview(r));
      return;
    }
    if (a.game === undefined) throw new UserError('advise: give --game (and a position) or --review FILE');
    const game = gameModule(a.game);
    const given = (flags: string[]) => flags.filter((f) => process.argv.slice(2).some((x) => x === `--${f}` || x.startsWith(`--${f}=`)));
    if (game.name === 'sevn') {
      const wrong = given(['hand', 'locked', 'discarded', 'discards-left', 'objective']);
      if (wrong.length) throw new UserError(`--${wrong[0]} is a SEVENFALL flag; a SEVN position is --row, --second-chance, --seen, --totals, --at-stake, --still-in`);
      if (a.row === undefined) throw new UserError('advise --game sevn: give your row with --row, e.g. --row "13 12 +4"');
      const rules = loadRules(game, a.preset, a.rules) as SevnRules;
      const pos = sevnPosition(rules, { row: a.row, secondChance: a.secondChance, seen: a.seen, totals: a.totals, atStake: a.atStake, stillIn: a.stillIn, dealer: a.dealer });
      const progress = progressBar(a.quiet, 'rollouts');
      let advice: SevnAdvice;
      try {
        advice = adviseSevn(sevnStrategies(), rules, pos, { field: a.field, then: a.then, seed: a.seed, rollouts: a.rollouts, onProgress: (done, total) => progress.update(done, total) });
      } finally {
        progress.stop();
      }
      console.log(a.json ? JSON.stringify(advice, null, 2) : formatSevnAdvice(advice));
      return;
    }
    const wrong = given(['row', 'second-chance', 'seen', 'totals', 'at-stake', 'still-in', 'dealer', 'field', 'then', 'rollouts', 'seed', 'quiet']);
    if (wrong.length) throw new UserError(`--${wrong[0]} is a SEVN flag; a SEVENFALL position is --hand, --locked, --discarded, --discards-left`);
    if (a.hand === undefined) throw new UserError('advise --game sevenfall: give the row with --hand, e.g. --hand "A A B C W X D"');
    const rules = loadRules(game, a.preset, a.rules) as SevenfallRules;
    const advice = adviseSevenfall(rules, sevenfallPosition(rules, a.hand, a.locked, a.discarded, a.discardsLeft), a.objective);
    console.log(a.json ? JSON.stringify(advice, null, 2) : formatSevenfallAdvice(advice));
  },
};
