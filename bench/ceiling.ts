/**
 * `node dist/bench/ceiling.js [BOT...] [--games N] [--repeats R]`: how fast a SEVN bot could play at
 * best, and where its time goes. For each bot (default: ev and race) it times 4-player `sevn` games with
 * the bot in every seat, in three forms, against 4 x stay-at 20 (issue 20's reference lineup):
 *
 * - `bot`: the bot as it is.
 * - `choices replayed`: its draw questions answered live (with the rules it declares, as the engine
 *   answers them), its card choices read back from a recording of the same games.
 * - `answers replayed`: every answer read back from a recording of the same games: what exactly these
 *   games cost with a strategy asked every question that costs nothing to answer. No bot that is asked
 *   its decisions plays them faster: the ceiling of its ratio to stay-at.
 *
 * The recording is made first in the same process, untimed. Each replayed game must end with the totals
 * it was recorded with, or the run stops (a bot whose draws read its own random stream, as `random` and
 * `search` do, drifts in `choices replayed`: its card choices, not asked, no longer take their draws).
 * Each form runs in a fresh process (as npm run bench does), the repeats interleaved, the median
 * reported: games a second after a 4,096-game warm-up.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/engine/rng.js';
import { SevnEngine } from '../src/games/sevn/engine.js';
import { makeSevnPlayers } from '../src/games/sevn/index.js';
import { sevnPreset } from '../src/games/sevn/rules.js';
import type { SevnPlayer, SevnView } from '../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';

const METHODS = ['drawOrStay', 'freezeTarget', 'tripleDrawTarget', 'secondChanceTo', 'crossroads', 'ballast'] as const;
const FORMS = ['stay-at 20', 'bot', 'choices replayed', 'answers replayed'] as const;
type Form = (typeof FORMS)[number];
const WARM = 4096;

/** The recorded answers, in the order the engine asked for them, and each game's totals. */
class Tape {
  data = new Int32Array(1 << 16);
  length = 0;
  at = 0;
  /** Per game, the four seats' final totals. */
  totals: number[] = [];
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
    return out as unknown as SevnPlayer;
  });
}

/** Plays `games` games from game `first` on; with `tape`, records each game's totals or (`check`) holds them to the recorded ones. */
function play(players: SevnPlayer[], rng: Rng, first: number, games: number, tape: Tape | null, check: boolean): number {
  const engine = new SevnEngine(sevnPreset('sevn'));
  let sink = 0;
  for (let g = first; g < first + games; g++) {
    try {
      engine.playGame(players, rng);
    } catch (e) {
      throw tape !== null && check ? new Error(`ceiling: replayed game ${g} failed, so the games diverged from the recording (${(e as Error).message.split('\n')[0]})`) : e;
    }
    for (let s = 0; tape !== null && s < 4; s++) {
      if (!check) tape.totals.push(engine.totals[s]);
      else if (tape.totals[g * 4 + s] !== engine.totals[s]) throw new Error(`ceiling: replayed game ${g} ended with other totals than recorded (the games diverged)`);
    }
    sink += engine.totals[0];
  }
  return sink;
}

/** The child: plays the warm-up and `games` games of one form; returns games a second. */
function child(form: Form, bot: string, games: number): number {
  const rng = (): Rng => new Rng('ceiling');
  let players: SevnPlayer[];
  let tape: Tape | null = null;
  if (form === 'stay-at 20') players = lineup(Array(4).fill('stay-at:points=20'));
  else if (form === 'bot') players = lineup([bot, bot, bot, bot]);
  else {
    tape = new Tape();
    const draws = form === 'choices replayed';
    play(recorders(bot, tape, draws), rng(), 0, WARM + games, tape, false);
    players = replayers(tape, draws ? lineup([bot, bot, bot, bot]) : null);
  }
  const r = rng();
  let sink = play(players, r, 0, WARM, tape, true);
  const t0 = process.hrtime.bigint();
  sink += play(players, r, WARM, games, tape, true);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (tape !== null && tape.at !== tape.length) throw new Error('ceiling: the replay left answers unused (the games diverged)');
  if (sink === -1) console.log(sink);
  return games / seconds;
}

function parse(args: string[]): { bots: string[]; games: number; repeats: number } {
  const value = (flag: string, fallback: number, least: number): number => {
    const i = args.indexOf(flag);
    if (i < 0) return fallback;
    const x = Number(args[i + 1]);
    if (!Number.isInteger(x) || x < least) throw new Error(`${flag} needs an integer of ${least} or more, got ${args[i + 1]}`);
    return x;
  };
  const bots = args.filter((a, i) => !a.startsWith('--') && !['--games', '--repeats'].includes(args[i - 1]));
  return { bots: bots.length ? bots : ['ev', 'race'], games: value('--games', 40_000, 1), repeats: value('--repeats', 3, 1) };
}

function runChild(form: Form, bot: string, games: number): number {
  const p = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', form, bot, String(games)], { encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`ceiling: ${form} (${bot}) failed:\n${p.stderr}`);
  return Number(p.stdout);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  const [form, bot, games] = argv.slice(1);
  process.stdout.write(String(child(form as Form, bot, Number(games))));
} else {
  const o = parse(argv);
  console.log(`4-player sevn games, every seat the same: games a second (median of ${o.repeats} fresh processes, ${o.games.toLocaleString('en-US')} games each) and the ratio to 4 x stay-at 20`);
  const forms: [Form, string][] = [['stay-at 20', ''], ...o.bots.flatMap((b) => FORMS.slice(1).map((f) => [f, b] as [Form, string]))];
  const runs = forms.map(() => [] as number[]);
  for (let r = 0; r < o.repeats; r++) forms.forEach(([f, b], i) => runs[i].push(runChild(f, b, o.games)));
  const base = median(runs[0]);
  forms.forEach(([f, b], i) => {
    const m = median(runs[i]);
    const label = f === 'stay-at 20' ? '4 x stay-at 20' : `4 x ${b}, ${f}`;
    console.log(`${label.padEnd(34)} ${Math.round(m).toLocaleString('en-US').padStart(9)}  ${(m / base).toFixed(3)}x  (runs ${runs[i].map((x) => Math.round(x).toLocaleString('en-US')).join(', ')})`);
  });
}
