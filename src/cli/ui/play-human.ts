/**
 * The terminal side of `play --human`: shows the table, asks the person, reads one answer a line
 * (Node's readline), plain ANSI colour on a terminal only. The game itself is a TableGame
 * (src/run/table-game.ts); this file only moves text between it and the person.
 *
 * The line protocol (stdin not a terminal, or a terminal alike): one answer a line, in the words the
 * prompt lists or their keys; an empty line takes the suggested answer; `?` shows the keys, `h` the
 * hint panel, `q` stops and saves; end of input stops the game (saved with --save).
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { TableGame } from '../../games/table-game.js';
import { freeName, writeJsonAtomic } from './save.js';

export interface PlayIo {
  input: Readable;
  output: Writable;
  /** Colours and a readline prompt (a terminal); plain lines otherwise. */
  tty: boolean;
}

export interface PlayHumanOptions {
  hints: boolean;
  /** Where the game is saved at its end, at `q` and at end of input (null: only `q` saves, to `defaultSave`). */
  save: string | null;
  /** Whether `save` may replace an existing file (--force); `defaultSave` never does (another name is taken). */
  replace?: boolean;
  defaultSave: string;
  /** Called with each hint's milliseconds (the p95 measurement). */
  onHintTime?: (ms: number) => void;
  onReviewProgress?: (done: number, total: number) => void;
}

const ansi = (tty: boolean) => ({
  bold: (s: string) => (tty ? `\x1b[1m${s}\x1b[0m` : s),
  dim: (s: string) => (tty ? `\x1b[2m${s}\x1b[0m` : s),
  cyan: (s: string) => (tty ? `\x1b[36m${s}\x1b[0m` : s),
  red: (s: string) => (tty ? `\x1b[31m${s}\x1b[0m` : s),
});

export const HELP = 'Answer with a word or its key; an empty line takes the suggested answer; ? shows the keys, h the hint panel, q stops and saves the game.';

/** Plays the game to its end or until the person stops; resolves when done (the caller exits 0). */
export async function playHuman(game: TableGame, io: PlayIo, o: PlayHumanOptions): Promise<void> {
  const c = ansi(io.tty);
  const say = (s: string) => void io.output.write(`${s}\n`);
  const rl = createInterface({ input: io.input, output: io.tty ? io.output : undefined, terminal: io.tty });
  const lines = rl[Symbol.asyncIterator]();
  const hint = () => {
    const t0 = performance.now();
    const text = game.hintText();
    o.onHintTime?.(performance.now() - t0);
    return text;
  };
  say(c.dim(HELP));
  let stopped: 'eof' | 'quit' | null = null;
  // A terminal hands Ctrl-C to readline, which ends the input; from a pipe it is a signal: end the input
  // too, so the game is saved as at end of input instead of the process dying with nothing written.
  const interrupt = () => rl.close();
  process.once('SIGINT', interrupt);
  try {
    while (!game.over) {
      for (const l of game.lines.slice(game.shown)) say(l);
      game.shown = game.lines.length;
      say(c.bold(game.table()));
      if (o.hints) say(c.cyan(hint()));
      let done = false;
      while (!done) {
        io.output.write(`${c.bold(game.question())} ${c.dim(`[${game.keys()}]`)}\n> `);
        const next = await lines.next();
        if (next.done) {
          stopped = 'eof';
          break;
        }
        const input = next.value.trim();
        if (!io.tty) say(input === '' ? `(suggested: ${game.suggestedInput()})` : input); // a transcript reads as typed
        if (input === '?') say(`${game.keys()}\n${HELP}`);
        else if (input === 'h' || input === 'hint') say(c.cyan(hint()));
        else if (input === 'q' || input === 'quit') stopped = 'quit';
        else {
          const error = game.answer(input === '' ? game.suggestedInput() : input);
          if (error === null) done = true;
          else say(c.red(error));
        }
        if (stopped) break;
      }
      if (stopped) break;
    }
  } finally {
    process.off('SIGINT', interrupt);
    rl.close();
  }
  for (const l of game.lines.slice(game.shown)) say(l);
  game.shown = game.lines.length;
  say(c.bold(game.result()));
  if (game.over) say(game.review(o.onReviewProgress));
  const file = o.save ?? (stopped === 'quit' ? freeName(o.defaultSave) : null);
  if (file !== null) {
    const record = game.record();
    writeJsonAtomic(file, record, o.save !== null && o.replace === true);
    // SEVENFALL's review replays whole turns to the game's end; a SEVN review takes a stopped game too.
    if (game.over) say(`game saved to ${file} (\`${game.reviewCommand(file)}\` gives this review again; another --seat reviews that seat)`);
    else if (record.game !== 'sevenfall') say(`game saved to ${file} (stopped before its end: \`${game.reviewCommand(file)}\` reviews the decisions played so far)`);
    else say(`game saved to ${file} (stopped before its end: \`advise --review\` takes a SEVENFALL game once it is finished)`);
  }
}
