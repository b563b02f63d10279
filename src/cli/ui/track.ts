/**
 * The terminal side of `sevensim track`: reads what happens at a real table one entry a line and shows
 * the state (src/games/sevn/analyses/track.ts keeps it). Commands: `undo`, `save FILE`, `t` (the
 * table), `?` (the entries), `q`; end of input stops (exit 0).
 */
import { createInterface } from 'node:readline';
import type { SevnTrack } from '../../games/sevn/analyses/track.js';
import { writeJsonAtomic } from './save.js';
import type { PlayIo } from './play-human.js';
import { counted } from '../../io/words.js';

export const TRACK_HELP = [
  'Type what happens, one entry a line, as the prompt asks:',
  '  a card as it is revealed (13, -2, x2, +4, SecondChance, Freeze, TripleDraw, Crossroads, Storm, ...), optionally "seat N: CARD";',
  '  at a turn: the card drawn, or stay; an action\'s target: the seat number; Crossroads: the card taken; Ballast: keep or discard.',
  'Commands: undo (take back the last entry), save FILE, t (the table and unseen cards), ? (this), q (stop).',
].join('\n');

/** `loaded`: the file the track came from (--load), which `save` may replace. */
export async function runTrack(track: SevnTrack, io: PlayIo & { loaded?: string }): Promise<void> {
  const say = (s: string) => void io.output.write(`${s}\n`);
  const bold = (s: string) => (io.tty ? `\x1b[1m${s}\x1b[0m` : s);
  const rl = createInterface({ input: io.input, output: io.tty ? io.output : undefined, terminal: io.tty });
  const lines = rl[Symbol.asyncIterator]();
  say(TRACK_HELP);
  let lastHint = '';
  let lastResult: string | null = null;
  let quit = false;
  let saved = track.entries.length; // entries in the file last saved or loaded
  let ours = io.loaded ?? null; // that file, which save may replace (never another existing file)
  // Ctrl-C from a pipe is a signal (a terminal hands it to readline): end the input, as q does.
  const interrupt = () => rl.close();
  process.once('SIGINT', interrupt);
  try {
    for (;;) {
      for (const l of track.lines.slice(track.shown)) say(l);
      track.shown = track.lines.length;
      const result = track.result();
      const hint = result === null ? track.hintText() : null;
      if (hint !== null && hint !== lastHint) {
        say(bold(track.table()));
        say(hint);
      }
      lastHint = hint ?? '';
      // At the end the game waits for commands only: an entry mistyped last can still be undone, the game saved.
      if (result !== null && result !== lastResult) say(bold(result));
      lastResult = result;
      io.output.write(`${bold(result === null ? track.needText() : 'the game is over: undo, save FILE or q')}\n> `);
      const next = await lines.next();
      if (next.done) break;
      const input = next.value.trim();
      if (!io.tty) say(input);
      const save = /^save(?:\s+(.*))?$/.exec(input);
      if (input === 'q' || input === 'quit') {
        const unsaved = track.entries.length - saved;
        if (unsaved > 0) say(`stopped; ${counted(unsaved, 'entry', 'entries')} not saved (save FILE keeps the game; --load FILE continues it)`);
        quit = true;
        break;
      } else if (input === '?') say(TRACK_HELP);
      else if (input === 't' || input === 'table') say(track.table());
      else if (save) {
        const file = save[1]?.trim();
        if (!file) say('refused: save needs a file name: save FILE');
        else {
          try {
            writeJsonAtomic(file, track.save(), file === ours);
            saved = track.entries.length;
            ours = file;
            say(`saved to ${file} (continue with --load ${file})`);
          } catch (e) {
            say(`refused: ${e instanceof Error ? e.message : String(e)}; the game goes on`);
          }
        }
      } else if (input === 'undo') {
        const error = track.undo();
        say(error ?? `undone; ${counted(track.entries.length, 'entry', 'entries')}`);
        track.shown = Math.min(track.shown, track.lines.length);
      } else if (result !== null) say('refused: the game is over (undo, save FILE or q)');
      else {
        const error = track.enter(input);
        if (error !== null) say(`refused: ${error}`);
      }
    }
  } finally {
    process.off('SIGINT', interrupt);
    rl.close();
  }
  const unsaved = track.entries.length - saved;
  if (unsaved > 0 && !quit) say(`input ended; ${counted(unsaved, 'entry', 'entries')} not saved (save FILE keeps the game; --load FILE continues it)`);
  say(bold(track.table()));
}
