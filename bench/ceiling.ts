/**
 * `node dist/bench/ceiling.js [BOT...] [--games N] [--repeats R] [--instructions]`: how fast a SEVN bot
 * could play at best, and where its time goes. For each bot (default: ev and race) it plays 4-player
 * `sevn` games in every seat of four forms, against 4 x stay-at 20 (issue 20's reference lineup):
 *
 * - `bot`: the bot as it is.
 * - `choices replayed`: its draw questions answered live (declared rules included, as the engine
 *   answers them), its card choices read back from a recording of the same games.
 * - `answers replayed`: every answer read back from a recording of the same games: the engine's cost
 *   of exactly these games with a strategy called at every decision that costs nothing to answer. No
 *   bot that is asked its decisions plays these games faster: the ceiling of its ratio to stay-at.
 *
 * The recording is made first in the same process and not measured; a replay that does not use up its
 * recording exactly throws (the games diverged). Each form runs in a fresh process (as npm run bench
 * does), the repeats interleaved, the median reported. Time: games a second after a warm-up. With
 * --instructions: instructions a game counted by valgrind, (N games - N/3 games) / (2N/3), both after
 * the same warm-up and the same recording (so they cancel): steady and free of the machine's load.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/engine/rng.js';
import { SevnEngine } from '../src/games/sevn/engine.js';
import { makeSevnPlayers } from '../src/games/sevn/index.js';
import { sevnPreset } from '../src/games/sevn/rules.js';
import type { SevnPlayer, SevnStrategy, SevnView } from '../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';
import { NODE_FLAGS } from './instructions.js';

const METHODS = ['drawOrStay', 'freezeTarget', 'tripleDrawTarget', 'secondChanceTo', 'crossroads', 'ballast'] as const;
const FORMS = ['stay-at 20', 'bot', 'choices replayed', 'answers replayed'] as const;
type Form = (typeof FORMS)[number];
const WARM = 4096;

/** The recorded answers, in the order the engine asked for them. */
class Tape {
  data = new Int32Array(1 << 16);
  length = 0;
  at = 0;
  push(a: number): void {
    if (this.length === this.data.length) {
      const d = new Int32Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = a;
  }
  next = (): number => {
    if (this.at >= this.length) throw new Error('ceiling: the replay asked for more answers than were recorded (the games diverged)');
    return this.data[this.at++];
  };
}

function lineup(specs: string[]): SevnPlayer[] {
  return makeSevnPlayers(SEVN_STRATEGIES, sevnPreset('sevn'), specs, specs.map((_, i) => new Rng(`s${i}`)));
}

/**
 * Players of `bot` whose answers are pushed on the tape: every method when `draws` is false (fresh
 * functions, without the declared rules: the engine asks them all), the card choices alone otherwise
 * (drawOrStay kept as it is, with its declarations).
 */
function recorders(bot: string, tape: Tape, draws: boolean): SevnPlayer[] {
  return lineup([bot, bot, bot, bot]).map((p) => {
    const out: Record<string, unknown> = { label: p.label };
    for (const m of METHODS) {
      const f = p[m] as (v: SevnView) => number;
      out[m] = m === 'drawOrStay' && draws ? f : (v: SevnView): number => {
        const a = f.call(p, v);
        tape.push(a);
        return a;
      };
    }
    return out as unknown as SevnPlayer;
  });
}

/** Players that read their answers from the tape (the draw questions from `live`'s players when given). */
function replayers(tape: Tape, live: SevnPlayer[] | null): SevnPlayer[] {
  return [0, 1, 2, 3].map((s) => {
    const out: Record<string, unknown> = { label: `replay ${s}` };
    for (const m of METHODS) out[m] = m === 'drawOrStay' && live !== null ? live[s].drawOrStay : tape.next;
    return out as unknown as SevnPlayer & SevnStrategy;
  });
}

function play(players: SevnPlayer[], rng: Rng, games: number): number {
  const engine = new SevnEngine(sevnPreset('sevn'));
  let sink = 0;
  for (let g = 0; g < games; g++) {
    engine.playGame(players, rng);
    sink += engine.totals[0];
  }
  return sink;
}

/** The child: plays the warm-up and `games` games of one form; returns games a second (time) or 0. */
function child(form: Form, bot: string, games: number, recorded: number, timed: boolean): number {
  const rng = (): Rng => new Rng('ceiling');
  let players: SevnPlayer[];
  let tape: Tape | null = null;
  if (form === 'stay-at 20') players = lineup(Array(4).fill('stay-at:points=20'));
  else if (form === 'bot') players = lineup([bot, bot, bot, bot]);
  else {
    // Recorded over the warm-up and `recorded` games (the same number in both valgrind runs).
    tape = new Tape();
    const draws = form === 'choices replayed';
    const r = rng();
    play(recorders(bot, tape, draws), r, WARM + recorded);
    players = replayers(tape, draws ? lineup([bot, bot, bot, bot]) : null);
  }
  const r = rng();
  let sink = play(players, r, WARM);
  const t0 = process.hrtime.bigint();
  sink += play(players, r, games);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (tape !== null && games === recorded && tape.at !== tape.length) throw new Error('ceiling: the replay left answers unused (the games diverged)');
  if (sink === -1) console.log(sink);
  return timed ? games / seconds : 0;
}

function parse(args: string[]): { bots: string[]; games: number; repeats: number; instructions: boolean } {
  const value = (flag: string, fallback: number, least: number): number => {
    const i = args.indexOf(flag);
    if (i < 0) return fallback;
    const x = Number(args[i + 1]);
    if (!Number.isInteger(x) || x < least) throw new Error(`${flag} needs an integer of ${least} or more, got ${args[i + 1]}`);
    return x;
  };
  const instructions = args.includes('--instructions');
  const bots = args.filter((a, i) => !a.startsWith('--') && !['--games', '--repeats'].includes(args[i - 1]));
  return { bots: bots.length ? bots : ['ev', 'race'], games: value('--games', instructions ? 3072 : 40_000, 3), repeats: value('--repeats', 3, 1), instructions };
}

function runChild(form: Form, bot: string, games: number, recorded: number, valgrind: boolean): number {
  const me = fileURLToPath(import.meta.url);
  const args = [me, '--child', form, bot, String(games), String(recorded)];
  if (!valgrind) {
    const p = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (p.status !== 0) throw new Error(`ceiling: ${form} (${bot}) failed:\n${p.stderr}`);
    return Number(p.stdout);
  }
  const p = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...NODE_FLAGS, ...args], { encoding: 'utf8' });
  const m = /Collected : (\d+)/.exec(p.stderr);
  if (p.status !== 0 || !m) throw new Error(`ceiling: valgrind on ${form} (${bot}) failed:\n${p.stderr.slice(-2000)}`);
  return Number(m[1]);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  const [form, bot, games, recorded] = argv.slice(1);
  process.stdout.write(String(child(form as Form, bot, Number(games), Number(recorded), true)));
} else {
  const o = parse(argv);
  const unit = o.instructions ? 'instructions a game' : 'games a second';
  console.log(`4-player sevn games, every seat the same; ${unit}, median of ${o.repeats}; ratio to 4 x stay-at 20 (${o.instructions ? 'by instructions: its count over the form\'s' : 'by time'})`);
  const cost = (form: Form, bot: string): number => {
    if (!o.instructions) return runChild(form, bot, o.games, o.games, false);
    const low = Math.floor(o.games / 3);
    return (runChild(form, bot, o.games, o.games, true) - runChild(form, bot, low, o.games, true)) / (o.games - low);
  };
  const forms: [Form, string][] = [['stay-at 20', ''], ...o.bots.flatMap((b) => FORMS.slice(1).map((f) => [f, b] as [Form, string]))];
  const runs = forms.map(() => [] as number[]);
  for (let r = 0; r < o.repeats; r++) forms.forEach(([f, b], i) => runs[i].push(cost(f, b)));
  const base = median(runs[0]);
  forms.forEach(([f, b], i) => {
    const m = median(runs[i]);
    const ratio = o.instructions ? base / m : m / base;
    const label = f === 'stay-at 20' ? '4 x stay-at 20' : `4 x ${b}, ${f}`;
    console.log(`${label.padEnd(34)} ${Math.round(m).toLocaleString('en-US').padStart(10)}  ${ratio.toFixed(3)}x  (runs ${runs[i].map((x) => Math.round(x).toLocaleString('en-US')).join(', ')})`);
  });
}
