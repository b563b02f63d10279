/** SEVENFALL as a game module: rules, the unit runner, decision buckets and the trace; the catalog supplies the strategies. */
import { type GameModule, MAX_SEATS, type Mode } from '../../engine/game.js';
import { Rng, STREAM_STRATEGY } from '../../engine/rng.js';
import { SeededRunner } from '../../engine/seeded-runner.js';
import { checkStrategySpec, createStrategy } from '../../engine/strategy.js';
import { UserError } from '../../engine/errors.js';
import { parseSpec } from '../../engine/params.js';
import { SevenfallEngine } from './engine.js';
import { SEVENFALL_PRESETS, type SevenfallRules, checkCanisterFor, parseSevenfallRules, sevenfallPreset } from './rules.js';
import { actionText, sevenfallBucketFeatures, tableFor } from './buckets.js';
import { traceSevenfallGame } from './trace.js';
import { type SevenfallPlayer, type SevenfallStrategyDef, strategySide } from './view.js';

/**
 * Builds the strategies of a lineup; they get read-only rules and a score table of their own, never the
 * engine's. `take` hears which seats' strategies read their stream (ctx.rng; see SeededRunner.takeStream).
 */
function makePlayers(strategies: readonly SevenfallStrategyDef[], rules: SevenfallRules, specs: readonly string[], rngs: Rng[], take?: (seat: number, spec: string) => void): SevenfallPlayer[] {
  const side = strategySide(rules);
  return specs.map((spec, seat) =>
    createStrategy('sevenfall', strategies, spec, {
      rules: side.rules,
      table: side.table,
      get rng() {
        take?.(seat, spec);
        return rngs[seat];
      },
    }),
  );
}

class SevenfallRunner extends SeededRunner<SevenfallEngine> {
  private readonly players: SevenfallPlayer[];
  /** Whether a strategy took its stream (playRange does not seed strategy streams). */
  private streamsTaken = false;
  /** The next game's deck stream in playRange. */
  private readonly ahead = new Rng();

  readonly bucketFeatures;

  constructor(strategies: readonly SevenfallStrategyDef[], rules: SevenfallRules, specs: readonly string[], mode: Mode) {
    super(specs.length, mode, new SevenfallEngine(rules, tableFor(rules))); // one score table per rules object: building one takes ~10 ms
    this.bucketFeatures = sevenfallBucketFeatures(rules);
    const take = this.streamsOnDemand();
    this.players = makePlayers(strategies, rules, specs, this.strategyRngs, (seat, spec) => {
      this.streamsTaken = true;
      take(seat, spec);
    });
    this.rounds.fill(mode === 'game' ? rules.rounds : 1);
  }

  protected resetDeck(): void {
    this.engine.resetCanister();
  }

  /** One seat's turns in round mode with nothing recorded or traced (see UnitRunner.playRange). */
  playRange(seed: number, start: number, end: number, scores: Int32Array, busts: Int32Array): boolean {
    const e = this.engine;
    if (this.mode !== 'round' || this.seats !== 1 || this.streamsTaken || e.decisions !== null || e.counterfactual !== null || e.tracer !== null) return false;
    this.useSeed(seed);
    e.playTurns(this.players[0], this.deck, this.ahead, this.seedHalf, this.key, start, end, scores);
    busts.fill(0, 0, end - start);
    return true;
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
      // Round mode: every seat takes one turn (the engine's totals stay 0: only playGame adds to them).
      e.startRound();
      for (let s = 0; s < this.seats; s++) this.scores[s] = e.playTurn(this.players[s], this.deck, s, 0, this.seats);
    }
  }
}

/** SEVENFALL played by these strategies (the catalog's list). */
export const createSevenfallModule = (strategies: readonly SevenfallStrategyDef[]): GameModule<SevenfallRules> => ({
  name: 'sevenfall',
  title: 'SEVENFALL',
  roundUnit: 'turn',
  presets: Object.keys(SEVENFALL_PRESETS),
  defaultPreset: 'sevenfall',
  minPlayers: 1,
  maxPlayers: MAX_SEATS,
  strategies: strategies as never,
  preset: sevenfallPreset,
  parseRules: parseSevenfallRules,
  checkStrategy: (spec) => checkStrategySpec('sevenfall', strategies, spec),
  createRunner: (rules, specs, mode) => new SevenfallRunner(strategies, rules, specs, mode),
  checkLineup(rules, specs) {
    checkCanisterFor(rules, specs.length);
    const defOf = (spec: string) => strategies.find((d) => d.name === parseSpec(spec).name);
    for (const spec of specs) {
      const seats = defOf(spec)?.seats;
      if (seats !== undefined && seats !== specs.length) {
        throw new UserError(`${spec}: plays the ${seats}-player game only, this lineup has ${specs.length} seats; for other seat counts use endgame`);
      }
    }
    const solved = specs.filter((s) => defOf(s)?.fullCanister);
    if (rules.refill === 'round' && solved.length > 0) {
      throw new UserError(`${solved[0]}: plays a policy solved for turns that start from the full canister; these rules refill every round (refill "round")`);
    }
  },
  bucketFeatures: sevenfallBucketFeatures,
  defaultBuckets: 'profile,discards-left',
  decisionKinds: ['discard'],
  actionLabel: (rules, _kind, action) => actionText(rules, action),
  hasBusts: false,
  counterfactualModes: ['round', 'game'],
  counterfactualReference: () => 'stop',
  describeRules: (rules) => describeSevenfallRules(rules),
  trace(rules, specs, seed) {
    const engine = new SevenfallEngine(rules);
    const rngs = specs.map((_, seat) => {
      const r = new Rng();
      r.reseed(seed, 0, STREAM_STRATEGY, seat);
      return r;
    });
    return traceSevenfallGame(rules, makePlayers(strategies, rules, specs, rngs), engine, seed);
  },
});

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
