/** `sevensim advise`: the value of every legal action of a position, or a review of a played game; each game's advice is its catalog capability. */
import { readRegularText } from '../io/input-files.js';
import type { Argv, CommandModule } from 'yargs';
import { catalogEntries, catalogEntry, gamesWith } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import type { AdviseArgs } from '../run/advise.js';
import { DEFAULT_FIELD, DEFAULT_ROLLOUTS, checkRollouts } from '../run/advise-sevn.js';
import type { GameRecord } from '../run/play-json.js';
import { DEFAULT_REVIEW_ROLLOUTS } from '../run/review-sevn.js';
import { loadRules, quietOption, seedOption } from './options.js';
import { progressBar } from './progress.js';

function adviseOptions<T>(y: Argv<T>) {
  return y
    .option('game', { type: 'string', choices: gamesWith('advise'), describe: 'which game (not needed with --review)' })
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

/** The flags on the command line, without their dashes or values. */
const givenFlags = (): string[] => process.argv.slice(2).flatMap((x) => (x.startsWith('--') ? [x.slice(2).split('=')[0]!.replace(/^no-/, '')] : []));

export const adviseCommand: CommandModule<object, Awaited<ReturnType<typeof adviseOptions>['argv']>> = {
  command: 'advise',
  describe: 'The value of every legal action of a position and its loss against the best: SEVN draw or stay (paired rollouts, exact where solvable), SEVENFALL every discard (exact); or --review a played game',
  builder: (y) => adviseOptions(y) as never,
  handler: async (a) => {
    const progress = progressBar(a.quiet, a.review !== undefined ? 'decisions' : 'rollouts');
    const args: AdviseArgs = { ...a, onProgress: (done, total) => progress.update(done, total) };
    let out: { report: unknown; text: string };
    try {
      if (a.review !== undefined) {
        let record: GameRecord;
        try {
          record = JSON.parse(readRegularText(a.review, `--review ${a.review}`)) as GameRecord;
        } catch (e) {
          if (e instanceof UserError) throw e;
          throw new UserError(`--review ${a.review}: cannot read it as a \`play --json\` game (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
        }
        const entry = catalogEntries().find((e) => e.game.name === record?.game && e.review);
        if (!entry) throw new UserError(`--review ${a.review}: not a \`play --json\` game of ${catalogEntries().filter((e) => e.review).map((e) => e.game.name).join(' or ')}`);
        // A flag the review does not use is a mistake (a position flag, another game's), not something to ignore.
        const allowed = ['review', 'json', 'quiet', ...(entry.reviewFlags ?? [])];
        const wrong = givenFlags().find((f) => !allowed.includes(f));
        if (wrong) throw new UserError(`--${wrong} does not apply to a ${entry.game.name} review; it takes --${allowed.join(', --')}`);
        out = await entry.review!(record, args);
      } else {
        if (a.game === undefined) throw new UserError('advise: give --game (and a position) or --review FILE');
        const entry = catalogEntry(a.game);
        // Another game's position flags are a mistake, not something to ignore.
        const own = entry.adviseFlags ?? [];
        const given = givenFlags();
        const wrong = given.find((f) => !own.includes(f) && catalogEntries().some((e) => e.adviseFlags?.includes(f)));
        if (wrong) throw new UserError(`--${wrong} is not a flag of a ${entry.game.name} position; ${entry.game.name} takes ${own.map((f) => `--${f}`).join(', ')}`);
        out = await entry.advise!(loadRules(entry.game, a.preset, a.rules), args);
      }
    } finally {
      progress.stop();
    }
    console.log(a.json ? JSON.stringify(out.report, null, 2) : out.text);
  },
};
