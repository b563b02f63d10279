/** `sevensim advise`: the value of every legal action of a position, or a review of a played game; each game's advice is its catalog capability. */
import type { Argv, Options } from 'yargs';
import { readRegularText } from '../io/input-files.js';
import { catalogEntries, catalogEntry, gamesWith } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import { typedFlags } from '../engine/checks.js';
import type { GameRecord } from '../engine/game-record.js';
import type { AnalysisArgs, AnalysisFlag } from '../games/entry.js';
import { type CommandBody, loadRules } from './options.js';
import { progressBar } from './progress.js';

/** Every game's position flags, each declared once by its game (a flag two games share is offered once). */
function gameFlags<T>(y: Argv<T>): Argv<T> {
  const flags = new Map<string, AnalysisFlag>();
  for (const e of catalogEntries()) for (const [name, f] of Object.entries(e.advise?.flags ?? {})) if (!flags.has(name)) flags.set(name, f);
  for (const [name, f] of flags) y = y.option(name, f as Options) as Argv<T>;
  return y;
}

function adviseOptions<T>(y: Argv<T>) {
  return gameFlags(
    y
      .option('game', { type: 'string', choices: gamesWith('advise'), describe: 'which game (not needed with --review)' })
      .option('preset', { type: 'string', describe: 'a built-in rules preset (default: the game\'s own)' })
      .option('rules', { type: 'string', describe: 'a rules file (JSON) instead of a preset' }),
  )
    .option('review', { type: 'string', describe: 'a game written by `play --json`: each decision of --seat with its loss against the best action (SEVENFALL exact; SEVN draw or stay by paired rollouts, --rollouts and --seed apply)' })
    .option('seat', { type: 'number', default: 0, describe: 'with --review: the seat to review' })
    .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
    .example('$0 advise --game sevn --row "13 12 +4" --totals 200,230,180 --at-stake "9 4 / 7 7" --still-in 1', 'draw or stay: you hold 13 12 +4; seat 1 (9 4) is still in, seat 2 busted on 7 7')
    .example('$0 advise --game sevn --preset sevn-numbers --row "13 12 9"', 'a solo number-only round: the draw\'s round score is exact (the solo solver)')
    .example('$0 advise --game sevenfall --hand "A A B C D W X"', 'every SEVENFALL discard with its exact value');
}

/** The flags on the command line, without their dashes or values. */

export const adviseCommand: CommandBody<Awaited<ReturnType<typeof adviseOptions>['argv']>> = {
  builder: (y) => adviseOptions(y) as never,
  handler: async (a) => {
    const progress = progressBar(a.quiet === true, a.review !== undefined ? 'decisions' : 'rollouts');
    const args: AnalysisArgs = { ...a, onProgress: (done, total) => progress.update(done, total) };
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
        // Format 1 is the only one written so far: another is a newer version's (or an edited) record, not to be read as this one.
        if (record?.format !== 1) throw new UserError(`--review ${a.review}: a game record of format ${JSON.stringify(record?.format ?? null)}; this version reads format 1 (\`play --json\` or \`play --human --save\` writes it)`);
        const entry = catalogEntries().find((e) => e.game.name === record?.game && e.advise?.review);
        if (!entry) throw new UserError(`--review ${a.review}: not a \`play --json\` game of ${catalogEntries().filter((e) => e.advise?.review).map((e) => e.game.name).join(' or ')}`);
        // A flag the review does not use is a mistake (a position flag, another game's), not something to ignore.
        const allowed = ['review', 'json', 'quiet', 'seat', ...(entry.advise!.reviewFlags ?? [])];
        const wrong = typedFlags().find((f) => !allowed.includes(f));
        if (wrong) throw new UserError(`--${wrong} does not apply to ${a.review}, a ${entry.game.name} game record (its "game" field); a ${entry.game.name} review takes --${allowed.join(', --')}`);
        out = await entry.advise!.review!(record, args);
      } else {
        if (a.game === undefined) throw new UserError('advise: give --game (and a position) or --review FILE');
        const entry = catalogEntry(a.game);
        // Another game's position flags are a mistake, not something to ignore.
        const own = Object.keys(entry.advise!.flags);
        const given = typedFlags();
        const wrong = given.find((f) => !own.includes(f) && catalogEntries().some((e) => e.advise && f in e.advise.flags));
        if (wrong) throw new UserError(`--${wrong} is not a flag of a ${entry.game.name} position; ${entry.game.name} takes ${own.map((f) => `--${f}`).join(', ')}`);
        out = await entry.advise!.position(loadRules(entry.game, a.preset, a.rules), args);
      }
    } finally {
      progress.stop();
    }
    console.log(a.json ? JSON.stringify(out.report, null, 2) : out.text);
  },
};
