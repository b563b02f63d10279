/**
 * `checkStrategy`: plays a strategy through random games of any game in the catalog and checks that it
 * answers legally and deterministically, and never writes to its view. The test suite runs it on every
 * strategy and `sevensim check-strategy FILE` on a plugin (see strategies/README.md):
 *
 *   checkStrategy(catalogEntry('sevn'), myDef);                        // default parameters
 *   checkStrategy(catalogEntry('sevn'), myDef, 'points=30', { games: 20 });
 *
 * - Legal: the engines check every answer (a seat that is not a candidate, a draw answer other than
 *   0 or 1, a SEVENFALL discard of a locked tile, ...) and throw an Error naming the strategy; a
 *   strategy that throws fails the same way.
 * - Deterministic: the same games are played twice from the same seeds; every answer of the strategy
 *   must be the same both times (it may use its own `rng` from the context, never Math.random or the
 *   clock).
 * - Read-only: every number array the view shows holds the same values after an answer as before
 *   (a write there cannot change the game, but it corrupts what the strategy reads next).
 * - A SEVN solo draw rule (soloDrawRule), if declared, answers as drawOrStay in solo rounds of every
 *   number-only preset (checkSoloRule): the runner plays those rounds by the rule alone.
 * The games vary the rules preset, the number of players (1 to 4, the others drawn from the game's
 * test lineup; a lineup the rules refuse, e.g. a seat count the strategy does not play, is drawn
 * again), the seat of the strategy under test and the mode (one round, or a whole game). Each game is
 * played by the game's own runner, seeded by the check's seed and the game's index.
 */
import type { CatalogEntry } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import type { GameModule, Mode, UnitRunner } from '../engine/game.js';
import { Rng } from '../engine/rng.js';
import type { StrategyDef } from '../engine/strategy.js';

export interface CheckOptions {
  /** Games (or rounds) to play, each twice (default 30). */
  games?: number;
  /** Rules presets to draw from (default: every preset of the game). */
  presets?: readonly string[];
  /** Seed of the whole check (default 1). */
  seed?: number;
  /** Seat counts to draw from (default 1 to 4, within the game's). */
  players?: readonly number[];
}

export interface CheckReport {
  /** Answers the strategy gave in one pass (the same in both). */
  decisions: number;
}

/** One game's setup, drawn from the check's seed. */
interface Setup {
  preset: string;
  specs: string[];
  mode: Mode;
}

/** Draws the games' setups; a lineup the rules refuse is drawn again (up to 100 times). */
function setups(entry: CatalogEntry, spec: string, options: CheckOptions): Setup[] {
  const g = entry.game;
  const presets = options.presets ?? g.presets;
  const counts = options.players ?? Array.from({ length: Math.min(4, g.maxPlayers) - g.minPlayers + 1 }, (_, k) => g.minPlayers + k);
  const meta = new Rng(`${options.seed ?? 1}/setups`);
  const pick = <T>(xs: readonly T[]): T => xs[meta.below(xs.length)];
  return Array.from({ length: options.games ?? 30 }, () => {
    for (let tries = 0; tries < 100; tries++) {
      const preset = pick(presets);
      const players = pick(counts);
      const specs = Array.from({ length: players }, () => pick(entry.testLineup));
      specs[meta.below(players)] = spec;
      const mode: Mode = meta.unit() < 0.5 ? 'game' : 'round';
      try {
        g.checkLineup?.(g.preset(preset), specs, mode);
        return { preset, specs, mode };
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
      }
    }
    throw new Error(`check of ${spec}: the ${g.name} rules refused 100 lineups in a row; give presets or players it can play`);
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

/**
 * The view's fields (its getters and public fields; `_` marks the engine's scratch) as text: number
 * arrays and single numbers, booleans and strings, to find a strategy that writes to any of them.
 */
function viewFields(v: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (v === null || typeof v !== 'object') return out;
  const keys = new Set<string>(Object.keys(v).filter((k) => !k.startsWith('_')));
  for (let p = Object.getPrototypeOf(v); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) if (d.get) keys.add(k);
  }
  for (const k of keys) {
    const x = (v as Record<string, unknown>)[k];
    if (ArrayBuffer.isView(x) || (Array.isArray(x) && x.every((e) => typeof e === 'number'))) out.set(k, Array.from(x as ArrayLike<number>).join());
    else if (typeof x === 'number' || typeof x === 'boolean' || typeof x === 'string') out.set(k, String(x));
  }
  return out;
}

/**
 * The strategy as the engine sees it, with every question the engine asks (a method it calls)
 * appending the answer to `log()` and checked for writes to the view (its first argument). The
 * strategy's calls to its own methods are not questions: they go to the strategy itself.
 */
function recording<S extends object>(strategy: S, log: () => number[], watch: () => Watch | null): S {
  return new Proxy(strategy, {
    get(target, key) {
      const f: unknown = Reflect.get(target, key);
      if (typeof f !== 'function') return f;
      return (...args: unknown[]): unknown => {
        const before = viewFields(args[0]);
        const a = (f as (...x: unknown[]) => unknown).apply(target, args);
        const after = viewFields(args[0]);
        for (const [k, x] of before) {
          if (x !== after.get(k)) throw new Error(`strategy "${(target as { label?: string }).label}" wrote to view.${k} in ${String(key)}() (the view is read-only: copy what you need to change)`);
        }
        log().push(a as number);
        watch()?.(String(key), args[0], a as number);
        return a;
      };
    },
  });
}

/** Sees every question and answer (the method's name, the view, the answer). */
type Watch = (question: string, view: unknown, answer: number) => void;

/**
 * What a runner that plays solo rounds from its strategy's declared draw rule shows (SevnRunner.solo,
 * games/sevn/numbers.ts): whether it draws holding a set of values (bit v: value v). Null sends every round to the
 * general path, which asks the strategy.
 */
interface SoloRuleRunner {
  solo?: { drawsOn(held: number): boolean } | null;
}

/** Solo rounds per preset in which a declared solo draw rule is held to drawOrStay. */
const SOLO_RULE_ROUNDS = 300;

/**
 * A SEVN strategy that declares soloDrawRule is played in solo rounds of a number-only deck from a
 * table of that rule, without asking drawOrStay: the two must agree. In each preset where the runner
 * builds the table, SOLO_RULE_ROUNDS rounds are played by the general path and every drawOrStay answer
 * is compared with the table's for the held values.
 */
function checkSoloRule(game: GameModule, spec: string, seed: number, setWatch: (w: Watch | null) => void): void {
  for (const preset of game.presets) {
    const runner = game.createRunner(game.preset(preset), [spec], 'round') as UnitRunner & SoloRuleRunner;
    const table = runner.solo;
    if (!table) continue;
    runner.solo = null;
    setWatch((question, view, answer) => {
      if (question !== 'drawOrStay') return;
      const held = (view as { held: number }).held;
      const draws = table.drawsOn(held);
      if ((draws ? 1 : 0) !== answer) {
        const values = Array.from({ length: 31 }, (_, v) => v).filter((v) => (held >>> v) & 1);
        throw new Error(`strategy "${spec}": its soloDrawRule answers ${draws ? 'draw' : 'stay'} holding ${values.join(', ')} in a solo round of the ${preset} preset, where drawOrStay answered ${answer === 1 ? 'draw' : 'stay'} (${answer}): the runner plays such rounds by the rule, so the two must agree`);
      }
    });
    try {
      for (let g = 0; g < SOLO_RULE_ROUNDS; g++) {
        runner.reseedGame(seed, g);
        runner.playOne();
      }
    } finally {
      setWatch(null);
    }
  }
}

/**
 * Runs `f` with `def` in the game's strategy list (in place of a strategy of its name), so that the
 * game's own runner builds it; the list is restored after.
 */
export function withStrategy<T>(game: GameModule, def: StrategyDef<unknown, never>, f: () => T): T {
  const list = game.strategies as StrategyDef<unknown, never>[];
  const i = list.findIndex((d) => d.name === def.name);
  const was = list[i];
  if (i >= 0) list[i] = def;
  else list.push(def);
  try {
    return f();
  } finally {
    if (i >= 0) list[i] = was;
    else list.pop();
  }
}

/** Checks a strategy definition of `entry`'s game (registered or not) with the parameters `params` (`key=value,...`). */
export function checkStrategy<S, Ctx>(entry: CatalogEntry, def: StrategyDef<S, Ctx>, params = '', options: CheckOptions = {}): CheckReport {
  const g = entry.game;
  const spec = params ? `${def.name}:${params}` : def.name;
  let log: number[] = [];
  let watch: Watch | null = null;
  const recorded: StrategyDef<S, Ctx> = { ...def, create: (p, ctx) => recording(def.create(p, ctx) as S & object, () => log, () => watch) };
  return withStrategy(g, recorded as StrategyDef<unknown, never>, () => {
    const plan = setups(entry, spec, options);
    const report = twice(spec, () => {
      log = [];
      plan.forEach((u, i) => {
        const runner = g.createRunner(g.preset(u.preset), u.specs, u.mode) as UnitRunner & SoloRuleRunner;
        if (runner.solo) runner.solo = null; // ask the strategy (its rule is held to it below)
        runner.reseedGame(options.seed ?? 1, i);
        runner.playOne();
      });
      return log;
    });
    if (typeof (def as { soloDrawRule?: unknown }).soloDrawRule === 'function') checkSoloRule(g, spec, options.seed ?? 1, (w) => (watch = w));
    return report;
  });
}

/** A speed measurement: rounds a second, and whether the strategy's functions declared rules for the engine (asked: dropped). */
export interface Speed {
  rate: number;
  declared: boolean;
}

/** One line of `sevensim check-strategy`: a check and what it found. */
export interface CheckLine {
  ok: boolean;
  text: string;
}

/**
 * `def` with every method of what it creates (own or inherited) replaced by a plain function that calls
 * it: the rules a built-in's functions declare for the engine to answer itself (src/games/sevn/card-rules.ts:
 * stay-at's draws and card choices) do not ride along, so the engine asks every question, as it asks a
 * plugin's. `dropped` hears of each method that carried such a declaration.
 */
export function askedEveryQuestion<S, Ctx>(def: StrategyDef<S, Ctx>, dropped?: (method: string) => void): StrategyDef<S, Ctx> {
  return {
    ...def,
    create: (params, ctx) => {
      const s = def.create(params, ctx) as S & object;
      const out: Record<string, unknown> = {};
      for (let o: object | null = s; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
        for (const key of Object.getOwnPropertyNames(o)) {
          if (key === 'constructor' || key in out) continue;
          const f: unknown = (s as Record<string, unknown>)[key];
          if (typeof f === 'function' && Object.keys(f).length > 0) dropped?.(key);
          out[key] = typeof f === 'function' ? (view: unknown): unknown => (f as (v: unknown) => unknown).call(s, view) : f;
        }
      }
      return out as S;
    },
  };
}

/**
 * The contract checks on a plugin's definition for `game`: legal and deterministic answers that never
 * write to the view, with its default parameters and at each end of every numeric parameter's range
 * (the loader has checked the declarations), then its speed against the game's baseline
 * (the entry's `baseline`, in every seat of a round) on one thread: reported, not judged.
 */
export function checkPluginDefinition(entry: CatalogEntry, def: StrategyDef<unknown, never>, speed: (spec: string, asked?: boolean) => Speed, onLine?: (line: CheckLine) => void): CheckLine[] {
  const game = entry.game.name;
  const baseline = entry.baseline;
  const check = (params: string, games: number): void => {
    checkStrategy(entry, def, params, { games });
  };
  const lines: CheckLine[] = [];
  const run = (what: string, f: () => void): boolean => {
    try {
      f();
      lines.push({ ok: true, text: what });
      onLine?.(lines[lines.length - 1]);
      return true;
    } catch (e) {
      // A method the plugin lacks is named by its create() (plugins.ts), with the game it was declared for.
      const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
      lines.push({ ok: false, text: `${what}: ${why}` });
      onLine?.(lines[lines.length - 1]);
      return false;
    }
  };
  const fine = run(`${game}: legal, deterministic, read-only answers with the default parameters (30 games, each twice)`, () => check('', 30));
  for (const p of def.params) {
    if (p.type === 'enum') for (const v of p.values) run(`${game}: the same with ${p.name}=${v} (5 games)`, () => check(`${p.name}=${v}`, 5));
    else for (const v of new Set([p.min, p.max])) run(`${game}: the same with ${p.name}=${v} (5 games)`, () => check(`${p.name}=${v}`, 5));
  }
  if (fine) {
    // Against the baseline asked every question, as a plugin is: the built-in's own questions are answered
    // inside the engine, so a plugin copy of stay-at ran at about 0.56x of it (check-strategy printed so).
    // A baseline that declares no rules (SEVENFALL's stand) is asked every question anyway: one figure.
    const mine = speed(def.name).rate;
    const base = speed(baseline, true);
    const n = (x: number): string => Math.round(x).toLocaleString('en-US');
    const inside = base.declared ? ` when asked every question as a plugin is (${n(speed(baseline).rate)} with the engine answering ${baseline}'s questions itself)` : '';
    lines.push({ ok: true, text: `${game}: speed ${n(mine)} rounds/s in every seat of a 4-player round, ${(mine / base.rate).toFixed(2)}x ${baseline}'s ${n(base.rate)}${inside} (one thread, about 1 s each; timing varies with the machine)` });
    onLine?.(lines[lines.length - 1]);
  }
  return lines;
}
