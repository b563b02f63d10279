/** SEVENFALL as a game module: rules, strategies, the unit runner and the trace. */
import type { GameModule, Mode } from '../../engine/game.js';
import { Rng, STREAM_STRATEGY } from '../../engine/rng.js';
import { SeededRunner } from '../../engine/seeded-runner.js';
import { checkStrategySpec, createStrategy } from '../../engine/strategy.js';
import { UserError } from '../../engine/errors.js';
import { parseSpec } from '../../engine/params.js';
import { SEVENFALL_STRATEGIES } from '../../../strategies/sevenfall/index.js';
import { MAX_PLAYERS, SevenfallEngine } from './engine.js';
import { SEVENFALL_PRESETS, type SevenfallRules, checkCanisterFor, parseSevenfallRules, sevenfallPreset } from './rules.js';
import { ScoreTable } from './scoring.js';
import { traceSevenfallGame } from './trace.js';
import { type SevenfallPlayer, strategySide } from './view.js';

/** Builds the strategies of a lineup; they get read-only rules and a score table of their own, never the engine's. */
function makePlayers(rules: SevenfallRules, specs: readonly string[], rngs: Rng[]): SevenfallPlayer[] {
  const side = strategySide(rules);
  return specs.map((spec, seat) => createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules: side.rules, table: side.table, rng: rngs[seat] }));
}

class SevenfallRunner extends SeededRunner<SevenfallEngine> {
  private readonly players: SevenfallPlayer[];

  constructor(rules: SevenfallRules, specs: readonly string[], mode: Mode) {
    super(specs.length, mode, new SevenfallEngine(rules, tableFor(rules))); // one score table per rules object: building one takes ~10 ms
    this.players = makePlayers(rules, specs, this.strategyRngs);
    this.rounds.fill(mode === 'game' ? rules.rounds : 1);
  }

  protected resetDeck(): void {
    this.engine.resetCanister();
  }

  playOne(): void {
    const e = this.engine;
    if (this.mode === 'game') {
      e.playGame(this.players, this.deck);
      for (let s = 0; s < this.seats; s++) {
        this.scores[s] = e.totals[s];
        this.winShare[s] = e.winShare[s];
      }
    } else {
      // Round mode: every seat takes one turn.
      e.totals.fill(0);
      e.startRound();
      for (let s = 0; s < this.seats; s++) this.scores[s] = e.playTurn(this.players[s], this.deck, s, 0, this.seats);
    }
  }
}

/** Strategies whose solved policy assumes every turn starts from the full canister. */
const FULL_CANISTER_STRATEGIES = ['optimal', 'endgame'];

export const sevenfallModule: GameModule<SevenfallRules> = {
  name: 'sevenfall',
  presets: Object.keys(SEVENFALL_PRESETS),
  defaultPreset: 'sevenfall',
  minPlayers: 1,
  maxPlayers: MAX_PLAYERS,
  strategies: SEVENFALL_STRATEGIES as never,
  preset: sevenfallPreset,
  parseRules: parseSevenfallRules,
  checkStrategy: (spec) => checkStrategySpec('sevenfall', SEVENFALL_STRATEGIES, spec),
  createRunner: (rules, specs, mode) => new SevenfallRunner(rules, specs, mode),
  checkLineup(rules, specs) {
    checkCanisterFor(rules, specs.length);
    const solved = specs.filter((s) => FULL_CANISTER_STRATEGIES.includes(parseSpec(s).name));
    if (rules.refill === 'round' && solved.length > 0) {
      throw new UserError(`${solved[0]}: plays a policy solved for turns that start from the full canister; these rules refill every round (refill "round")`);
    }
  },
  decisionStateFields: ['wilds', 'breaks', 'discards_left', 'locked'],
  counterfactualModes: ['round'],
  counterfactualReference: 'stop',
  decodeDecision(rules, state, action) {
    const table = tableFor(rules);
    const locked = state % (rules.rowSize + 1);
    let rest = Math.floor(state / (rules.rowSize + 1));
    const discardsLeft = rest % (rules.discardBudget + 1);
    rest = Math.floor(rest / (rules.discardBudget + 1));
    const breaks = rest % (table.maxBreaks + 1);
    rest = Math.floor(rest / (table.maxBreaks + 1));
    const wilds = rest % (table.maxWilds + 1);
    const key = Math.floor(rest / (table.maxWilds + 1));
    return { kind: 'discard', profile: profileText(table, key), state: [wilds, breaks, discardsLeft, locked], action: actionText(rules, action) };
  },
  describeRules: (rules) => describeSevenfallRules(rules),
  trace(rules, specs, seed) {
    const engine = new SevenfallEngine(rules);
    const rngs = specs.map((_, seat) => {
      const r = new Rng();
      r.reseed(seed, 0, STREAM_STRATEGY, seat);
      return r;
    });
    return traceSevenfallGame(rules, makePlayers(rules, specs, rngs), engine, seed);
  },
};

const tables = new WeakMap<SevenfallRules, ScoreTable>();
/** One score table per rules object, for decoding many decision rows. */
function tableFor(rules: SevenfallRules): ScoreTable {
  let t = tables.get(rules);
  if (t === undefined) tables.set(rules, (t = new ScoreTable(rules)));
  return t;
}

/** A profile key back to its group sizes, largest first, e.g. "3,2,1,1". */
export function profileText(table: ScoreTable, key: number): string {
  const n = table.rules.rowSize;
  const sizes: number[] = [];
  for (let k = n; k >= 1; k--) {
    const digit = Math.floor(key / table.code[k]) % (Math.floor(n / k) + 1);
    for (let i = 0; i < digit; i++) sizes.push(k);
  }
  return sizes.join(',') || '-';
}

/** An action key back to words: "stop" or "discard W,X,g1,g2" (g = size of the tile's group). */
export function actionText(rules: SevenfallRules, action: number): string {
  if (action === 0) return 'stop';
  const base = rules.rowSize + 3;
  const classes: string[] = [];
  for (let a = action; a > 0; a = Math.floor(a / base)) {
    const c = (a % base) - 1;
    classes.push(c === 0 ? 'wild' : c === 1 ? 'break' : `from-${c - 1}`);
  }
  return `discard ${classes.reverse().join('+')}`;
}

export function describeSevenfallRules(r: SevenfallRules): string {
  const lines = [
    `SEVENFALL rules "${r.name}"`,
    `  canister: ${r.symbols} symbols x ${r.copiesPerSymbol} + ${r.wilds} Wild + ${r.breaks} Break = ${r.symbols * r.copiesPerSymbol + r.wilds + r.breaks} tiles`,
    `  Fate Row: ${r.rowSize} tiles; discard up to ${r.discardBudget} in a turn (replacements locked)`,
    `  game: ${r.rounds} rounds, every player one turn per round; ${r.tieRule === 'shared' ? 'a tied lead shares the win' : 'a tied lead wins nothing'}`,
    `  canister refilled every ${r.refill} (${r.refill === 'turn' ? 'each turn starts from all tiles' : 'tiles taken in a round stay out until it ends'})`,
    `  categories (highest satisfied scores):`,
    ...[...r.categories].sort((a, b) => b.points - a.points).map((c) => `    ${String(c.points).padStart(4)}  ${c.name} (${c.parts.join('+')})`),
  ];
  return lines.join('\n');
}
