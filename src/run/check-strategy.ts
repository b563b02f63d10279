/**
 * `checkStrategy`: plays a strategy through random games and checks that it answers legally and
 * deterministically, and never writes to its view. The test suite runs it on every strategy and
 * `sevensim check-strategy FILE` on a plugin (see strategies/README.md):
 *
 *   checkSevnStrategy(myDef);                        // default parameters
 *   checkSevnStrategy(myDef, 'points=30', { games: 20 });
 *
 * - Legal: the engines check every answer (a seat that is not a candidate, a draw answer other than
 *   0 or 1, a SEVENFALL discard of a locked tile, ...) and throw an Error naming the strategy; a
 *   strategy that throws fails the same way.
 * - Deterministic: the same games are played twice from the same seeds; every answer of the strategy
 *   must be the same both times (it may use its own `rng` from the context, never Math.random or the
 *   clock).
 * - Read-only: every number array the view shows holds the same values after an answer as before
 *   (a write there cannot change the game, but it corrupts what the strategy reads next).
 * The games vary the rules preset, the number of players (1 to 4, the others `random`; only its
 * `seats` for a strategy that declares them), the seat of the strategy under test and the mode (one
 * round, or a whole game).
 */
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { Rng } from '../engine/rng.js';
import { createStrategy, type StrategyDef } from '../engine/strategy.js';
import { SevenfallEngine } from '../games/sevenfall/engine.js';
import { SEVENFALL_PRESETS, sevenfallPreset } from '../games/sevenfall/rules.js';
import { type SevenfallContext, type SevenfallPlayer, type SevenfallStrategy, type SevenfallStrategyDef, strategySide as sevenfallSide } from '../games/sevenfall/view.js';
import { SevnEngine } from '../games/sevn/engine.js';
import { makeSevnPlayers } from '../games/sevn/index.js';
import { SEVN_PRESETS, sevnPreset } from '../games/sevn/rules.js';
import type { SevnContext, SevnPlayer, SevnStrategy } from '../games/sevn/view.js';
import { strategySide as sevnSide } from '../games/sevn/view-buffer.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';

export interface CheckOptions {
  /** Games (or rounds) to play, each twice (default 30). */
  games?: number;
  /** Rules presets to draw from (default: every preset of the game). */
  presets?: readonly string[];
  /** Seed of the whole check (default `check`). */
  seed?: string;
  /** Seat counts to draw from (default 1 to 4; a SEVENFALL strategy that declares `seats` gets only that). */
  players?: readonly number[];
}

export interface CheckReport {
  /** Answers the strategy gave in one pass (the same in both). */
  decisions: number;
}

/** One game's setup, drawn from the check's seed. */
interface Setup {
  preset: string;
  players: number;
  seat: number;
  wholeGame: boolean;
}

function setups(options: CheckOptions, allPresets: readonly string[]): Setup[] {
  const presets = options.presets ?? allPresets;
  const meta = new Rng(`${options.seed ?? 'check'}/setups`);
  return Array.from({ length: options.games ?? 30 }, () => {
    const players = options.players ? options.players[meta.below(options.players.length)] : 1 + meta.below(4);
    return { preset: presets[meta.below(presets.length)], players, seat: meta.below(players), wholeGame: meta.unit() < 0.5 };
  });
}

/** Runs `pass` twice and throws unless both logs are equal. */
function twice(name: string, pass: () => number[]): CheckReport {
  const first = pass();
  const second = pass();
  const at = first.findIndex((a, i) => !Object.is(a, second[i]));
  if (at >= 0 || first.length !== second.length) {
    const i = at >= 0 ? at : Math.min(first.length, second.length);
    throw new Error(`strategy "${name}" is not deterministic: answer ${i + 1} was ${first[i]} in the first pass and ${second[i]} in the second (same seeds)`);
  }
  return { decisions: first.length };
}

const SEVN_QUESTIONS = ['drawOrStay', 'freezeTarget', 'tripleDrawTarget', 'crossroads', 'ballast', 'secondChanceTo'] as const;

/**
 * The view's number arrays (its getters and public fields; `_` marks the engine's scratch), copied:
 * to find a strategy that writes to them.
 */
function viewArrays(v: unknown): Map<string, number[]> {
  const out = new Map<string, number[]>();
  if (v === null || typeof v !== 'object') return out;
  const keys = new Set<string>(Object.keys(v).filter((k) => !k.startsWith('_')));
  for (let p = Object.getPrototypeOf(v); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) if (d.get) keys.add(k);
  }
  for (const k of keys) {
    const x = (v as Record<string, unknown>)[k];
    if (ArrayBuffer.isView(x) || (Array.isArray(x) && x.every((e) => typeof e === 'number'))) out.set(k, Array.from(x as ArrayLike<number>));
  }
  return out;
}

/** A player that passes each question to `strategy` and appends the answer to `log`. */
function recording<S extends object>(strategy: S & { label: string }, questions: readonly string[], log: number[]): S & { label: string } {
  const out: Record<string, unknown> = { label: strategy.label };
  for (const q of questions) {
    const f = (strategy as Record<string, unknown>)[q];
    if (typeof f !== 'function') throw new Error(`strategy "${strategy.label}" has no ${q}() method`);
    out[q] = (...args: unknown[]): number => {
      const before = viewArrays(args[0]);
      const a = (f as (...x: unknown[]) => number).apply(strategy, args);
      const after = viewArrays(args[0]);
      for (const [k, x] of before) {
        if (x.join() !== after.get(k)!.join()) throw new Error(`strategy "${strategy.label}" wrote to view.${k} in ${q}() (the view is read-only: copy what you need to change)`);
      }
      log.push(a);
      return a;
    };
  }
  return out as S & { label: string };
}

/** Checks a SEVN strategy definition (registered or not) with the parameters `params` (`key=value,...`). */
export function checkSevnStrategy(def: StrategyDef<SevnStrategy, SevnContext>, params = '', options: CheckOptions = {}): CheckReport {
  const spec = params ? `${def.name}:${params}` : def.name;
  const plan = setups(options, Object.keys(SEVN_PRESETS));
  const seed = options.seed ?? 'check';
  return twice(spec, () => {
    const log: number[] = [];
    plan.forEach((g, i) => {
      const rules = sevnPreset(g.preset);
      const side = sevnSide(rules);
      const me: SevnPlayer = recording(createStrategy('sevn', [def], spec, { rules: side.rules, cards: side.cards, rng: new Rng(`${seed}/${i}/strategy`) }), SEVN_QUESTIONS, log);
      const others = makeSevnPlayers(SEVN_STRATEGIES, rules, Array<string>(g.players - 1).fill('random'), Array.from({ length: g.players - 1 }, (_, k) => new Rng(`${seed}/${i}/other${k}`)));
      const players = [...others.slice(0, g.seat), me, ...others.slice(g.seat)];
      const engine = new SevnEngine(rules);
      if (g.wholeGame) engine.playGame(players, new Rng(`${seed}/${i}/deck`));
      else engine.playRound(players, new Rng(`${seed}/${i}/deck`));
    });
    return log;
  });
}

/** Checks a SEVENFALL strategy definition (registered or not) with the parameters `params`. */
export function checkSevenfallStrategy(def: SevenfallStrategyDef, params = '', options: CheckOptions = {}): CheckReport {
  const spec = params ? `${def.name}:${params}` : def.name;
  const plan = setups(def.seats !== undefined && !options.players ? { ...options, players: [def.seats] } : options, Object.keys(SEVENFALL_PRESETS));
  const seed = options.seed ?? 'check';
  return twice(spec, () => {
    const log: number[] = [];
    plan.forEach((g, i) => {
      const rules = sevenfallPreset(g.preset);
      const side = sevenfallSide(rules);
      const make = (d: StrategyDef<SevenfallStrategy, SevenfallContext>, s: string, name: string): SevenfallPlayer =>
        createStrategy('sevenfall', [d], s, { rules: side.rules, table: side.table, rng: new Rng(`${seed}/${i}/${name}`) });
      const random = SEVENFALL_STRATEGIES.find((d) => d.name === 'random')!;
      const me = recording(make(def, spec, 'strategy'), ['decide'], log);
      const others = Array.from({ length: g.players - 1 }, (_, k) => make(random, 'random', `other${k}`));
      const players = [...others.slice(0, g.seat), me, ...others.slice(g.seat)];
      const engine = new SevenfallEngine(rules);
      const deck = new Rng(`${seed}/${i}/deck`);
      if (g.wholeGame) engine.playGame(players, deck);
      else {
        engine.startRound();
        engine.playTurn(me, deck, g.seat, 0, g.players);
      }
    });
    return log;
  });
}

/** One line of `sevensim check-strategy`: a check and what it found. */
export interface CheckLine {
  ok: boolean;
  text: string;
}

/**
 * The contract checks on a plugin's definition for `game`: legal and deterministic answers that never
 * write to the view, with its default parameters and at each end of every numeric parameter's range
 * (the loader has checked the declarations), then its speed against the game's baseline
 * (`baseline`, in every seat of a round) on one thread: reported, not judged.
 */
export function checkPluginDefinition(game: 'sevn' | 'sevenfall', def: StrategyDef<unknown, never>, speed: (spec: string) => number, baseline: string): CheckLine[] {
  const check = (params: string, games: number): void => {
    if (game === 'sevn') checkSevnStrategy(def as never, params, { games });
    else checkSevenfallStrategy(def as never, params, { games });
  };
  const lines: CheckLine[] = [];
  const run = (what: string, f: () => void): boolean => {
    try {
      f();
      lines.push({ ok: true, text: what });
      return true;
    } catch (e) {
      lines.push({ ok: false, text: `${what}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}` });
      return false;
    }
  };
  const fine = run(`${game}: legal, deterministic, read-only answers with the default parameters (30 games, each twice)`, () => check('', 30));
  for (const p of def.params) {
    if (p.type === 'enum') for (const v of p.values) run(`${game}: the same with ${p.name}=${v} (5 games)`, () => check(`${p.name}=${v}`, 5));
    else for (const v of new Set([p.min, p.max])) run(`${game}: the same with ${p.name}=${v} (5 games)`, () => check(`${p.name}=${v}`, 5));
  }
  if (fine) {
    const mine = speed(def.name);
    const base = speed(baseline);
    lines.push({ ok: true, text: `${game}: speed ${Math.round(mine).toLocaleString('en-US')} rounds/s in every seat of a 4-player round, ${(mine / base).toFixed(2)}x ${baseline}'s ${Math.round(base).toLocaleString('en-US')} (one thread, about 1 s each; timing varies with the machine)` });
  }
  return lines;
}
