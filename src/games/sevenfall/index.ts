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
import { actionText, sevenfallBucketFeatures, tableFor } from './buckets.js';
import { traceSevenfallGame } from './trace.js';
import type { SevenfallPlayer } from './view.js';

function makePlayers(rules: SevenfallRules, table: ScoreTable, specs: readonly string[], rngs: Rng[]): SevenfallPlayer[] {
  return specs.map((spec, seat) => createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table, rng: rngs[seat] }));
}

class SevenfallRunner extends SeededRunner<SevenfallEngine> {
  private readonly players: SevenfallPlayer[];

  readonly bucketFeatures;

  constructor(rules: SevenfallRules, specs: readonly string[], mode: Mode) {
    super(specs.length, mode, new SevenfallEngine(rules, tableFor(rules))); // one score table per rules object: building one takes ~10 ms
    this.bucketFeatures = sevenfallBucketFeatures(rules);
    this.players = makePlayers(rules, this.engine.table, specs, this.strategyRngs);
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
  bucketFeatures: sevenfallBucketFeatures,
  defaultBuckets: 'profile,discards-left',
  decisionKinds: ['discard'],
  actionLabel: (rules, _kind, action) => actionText(rules, action),
  counterfactualReference: () => 'stop',
  describeRules: (rules) => describeSevenfallRules(rules),
  trace(rules, specs, seed) {
    const engine = new SevenfallEngine(rules);
    const rngs = specs.map((_, seat) => {
      const r = new Rng();
      r.reseed(seed, 0, STREAM_STRATEGY, seat);
      return r;
    });
    return traceSevenfallGame(rules, makePlayers(rules, engine.table, specs, rngs), engine, seed);
  },
};

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
