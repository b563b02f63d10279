/**
 * `checkStrategy`: plays a strategy through random games and checks that it answers legally and
 * deterministically. Use it for every strategy (see strategies/README.md):
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
 * The games vary the rules preset, the number of players (1 to 4, the others `random`; only its
 * `seats` for a strategy that declares them), the seat of the strategy under test and the mode (one
 * round, or a whole game).
 */
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { Rng } from '../../src/engine/rng.js';
import { createStrategy, type StrategyDef } from '../../src/engine/strategy.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { SEVENFALL_PRESETS, sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { type SevenfallContext, type SevenfallPlayer, type SevenfallStrategy, type SevenfallStrategyDef, strategySide as sevenfallSide } from '../../src/games/sevenfall/view.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { SEVN_PRESETS, sevnPreset } from '../../src/games/sevn/rules.js';
import type { SevnContext, SevnPlayer, SevnStrategy } from '../../src/games/sevn/view.js';
import { strategySide as sevnSide } from '../../src/games/sevn/view-buffer.js';
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

/** A player that passes each question to `strategy` and appends the answer to `log`. */
function recording<S extends object>(strategy: S & { label: string }, questions: readonly string[], log: number[]): S & { label: string } {
  const out: Record<string, unknown> = { label: strategy.label };
  for (const q of questions) {
    const f = (strategy as Record<string, unknown>)[q];
    if (typeof f !== 'function') throw new Error(`strategy "${strategy.label}" has no ${q}() method`);
    out[q] = (...args: unknown[]): number => {
      const a = (f as (...x: unknown[]) => number).apply(strategy, args);
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
