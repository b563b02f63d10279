/** `sevensim track`: follow a real SEVN table game entry by entry, with the state, card counting and hints at your decisions. */
import { UserError } from '../engine/errors.js';
import { readRegularText } from '../io/input-files.js';
import type { SevnRules } from '../games/sevn/rules.js';
import { checkInteger } from '../engine/checks.js';
import { DEFAULT_TABLE_OPTIONS } from '../games/table-game.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { sevnModule } from '../catalog.js';
import { command, loadRules } from './options.js';
import { runTrack } from './ui/track.js';

export const trackCommand = command(
  (y) =>
    y
      .option('game', { type: 'string', choices: ['sevn'], default: 'sevn', describe: 'which game (SEVN only)' })
      .option('seats', { type: 'number', describe: 'players at the table (2 to 8); seat 0 deals the first round, the others clockwise from it (not needed with --load)' })
      .option('me', { type: 'number', describe: 'your seat, counted clockwise from the first dealer (not needed with --load)' })
      .option('preset', { type: 'string', describe: 'a built-in rules preset (default: sevn)' })
      .option('rules', { type: 'string', describe: 'a rules file (JSON) instead of a preset' })
      .option('load', { type: 'string', describe: 'continue a track written by `save FILE` (its rules, seats and entries); `save` may replace this file, never another existing one' })
      .option('hint-rollouts', { type: 'number', default: DEFAULT_TABLE_OPTIONS.hintRollouts, describe: 'paired rollouts behind a draw-or-stay hint' })
      .example('$0 track --seats 4 --me 2', 'a 4-player game in which you sit third from the first dealer')
      .example('printf "7\\n9\\nstay\\n" | $0 track --seats 2 --me 1', 'entries from a file or a pipe, one a line'),
  async (a) => {
    const rollouts = checkInteger('--hint-rollouts', a['hint-rollouts'] as number, 2, 10_000_000);
    let track;
    if (a.load !== undefined) {
      for (const f of ['seats', 'me', 'preset', 'rules'] as const) if (a[f] !== undefined) throw new UserError(`--${f} and --load: the track file holds its seats, seat and rules`);
      let file;
      try {
        file = JSON.parse(readRegularText(a.load, `--load ${a.load}`)); // a FIFO or /dev/zero is refused, not read forever
      } catch (e) {
        if (e instanceof UserError) throw e;
        throw new UserError(`--load ${a.load}: cannot read it as a saved track (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      const { validateSevnRules } = await import('../games/sevn/rules.js');
      const rules = validateSevnRules(file?.rules, `--load ${a.load} rules`);
      const { SevnTrack } = await import('../games/sevn/analyses/track.js');
      track = SevnTrack.load(SEVN_STRATEGIES, rules, file, `--load ${a.load}`, rollouts);
    } else {
      if (a.seats === undefined || a.me === undefined) throw new UserError('track: give --seats N and --me K (or --load FILE)');
      const rules = loadRules(sevnModule, a.preset, a.rules) as SevnRules;
      const { SevnTrack } = await import('../games/sevn/analyses/track.js');
      track = new SevnTrack(SEVN_STRATEGIES, rules, a.seats, a.me, rollouts);
    }
    await runTrack(track, { input: process.stdin, output: process.stdout, tty: Boolean(process.stdin.isTTY && process.stdout.isTTY), loaded: a.load });
  },
);
