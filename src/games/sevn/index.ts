/** SEVN as a game module: rules, strategies, the unit runner, decision buckets and the trace. */
import type { CounterfactualSettings, CounterfactualSink, DecodedDecision, GameModule, Mode, UnitRunner } from '../../engine/game.js';
import { Rng, STREAM_DECK, STREAM_SAMPLE, STREAM_STRATEGY } from '../../engine/rng.js';
import { checkStrategySpec, createStrategy, type DecisionSink } from '../../engine/strategy.js';
import { SEVN_STRATEGIES } from '../../../strategies/sevn/index.js';
import { SevnCards } from './cards.js';
import { MAX_PLAYERS, SevnEngine } from './engine.js';
import { SEVN_PRESETS, type SevnRules, deckSize, parseSevnRules, sevnPreset } from './rules.js';
import { traceSevnGame } from './trace.js';
import { DECISION_KINDS, D_BALLAST, D_CROSSROADS, D_DRAW_STAY, type SevnPlayer } from './view.js';

export function makeSevnPlayers(rules: SevnRules, cards: SevnCards, specs: readonly string[], rngs: readonly Rng[]): SevnPlayer[] {
  return specs.map((spec, seat) => createStrategy('sevn', SEVN_STRATEGIES, spec, { rules, cards, rng: rngs[seat] }));
}

export class SevnRunner implements UnitRunner {
  readonly seats: number;
  readonly scores: Int32Array;
  readonly winShare: Float64Array;
  readonly rounds: Int32Array;
  readonly busts: Int32Array;
  readonly engine: SevnEngine;
  private readonly deck = new Rng();
  private readonly strategyRngs: Rng[];
  private readonly players: SevnPlayer[];

  constructor(rules: SevnRules, specs: readonly string[], private readonly mode: Mode) {
    this.seats = specs.length;
    if (this.seats < 1 || this.seats > MAX_PLAYERS) throw new Error(`SEVN needs 1 to ${MAX_PLAYERS} players, got ${this.seats}`);
    this.engine = new SevnEngine(rules);
    this.strategyRngs = specs.map(() => new Rng());
    this.players = makeSevnPlayers(rules, this.engine.cards, specs, this.strategyRngs);
    this.scores = new Int32Array(this.seats);
    this.winShare = new Float64Array(this.seats);
    this.rounds = new Int32Array(this.seats);
    this.busts = new Int32Array(this.seats);
  }

  get decisions(): DecisionSink | null {
    return this.engine.decisions;
  }
  set decisions(sink: DecisionSink | null) {
    this.engine.decisions = sink;
  }

  reseed(seed: number, chunk: number): void {
    this.engine.resetDeck();
    this.deck.reseed(seed, chunk, STREAM_DECK);
    for (let s = 0; s < this.seats; s++) this.strategyRngs[s].reseed(seed, chunk, STREAM_STRATEGY, s);
    const cf = this.engine.counterfactual;
    if (cf !== null) {
      cf.sampler.reseed(seed, chunk, STREAM_SAMPLE);
      cf.seed = seed;
      cf.chunk = chunk;
      cf.counter = 0;
    }
  }

  setCounterfactual(settings: CounterfactualSettings | null, sink: CounterfactualSink | null): void {
    if (settings === null || sink === null) {
      this.engine.counterfactual = null;
      return;
    }
    if (this.mode !== 'round') throw new Error('SEVN counterfactual evaluation needs round mode');
    this.engine.counterfactual = { ...settings, seed: 0, chunk: 0, counter: 0, sampler: new Rng(), rolloutRng: new Rng(), strategyRngs: this.strategyRngs, sink };
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
      e.playRound(this.players, this.deck);
      for (let s = 0; s < this.seats; s++) this.scores[s] = e.roundScore[s];
    }
    for (let s = 0; s < this.seats; s++) {
      this.rounds[s] = e.roundCount;
      this.busts[s] = e.bustCount[s];
    }
  }
}

/** State digits of a decision key, as written by `SevnEngine.stateKey` (deckLeft: cards left in the deck rounded down to a multiple of 10). */
export function decodeSevnState(state: number): { kind: number; points: number; distinct: number; bust5: number; deckLeft: number } {
  const deckLeft = state % 256;
  let rest = Math.floor(state / 256);
  const bust5 = rest % 21;
  rest = Math.floor(rest / 21);
  const distinct = rest % 32;
  rest = Math.floor(rest / 32);
  const points = rest % 256;
  return { kind: Math.floor(rest / 256), points, distinct, bust5, deckLeft };
}

export function decodeSevnDecision(cards: SevnCards, state: number, action: number): DecodedDecision {
  const d = decodeSevnState(state);
  let label: string;
  if (d.kind === D_DRAW_STAY) label = action === 1 ? 'draw' : 'stay';
  else if (d.kind === D_BALLAST) label = action === 1 ? 'keep' : 'discard';
  else if (d.kind === D_CROSSROADS) label = `take ${cards.name(action)}`;
  else label = action === 0 ? 'self' : 'other';
  return { kind: DECISION_KINDS[d.kind], state: [d.points, d.distinct, d.bust5 * 5, d.deckLeft], action: label };
}

export function describeSevnRules(r: SevnRules): string {
  const a = r.actions;
  const b = r.bonuses;
  const numbers = r.numbers.filter((n) => n.copies > 0).map((n) => `${n.value}x${n.copies}`).join(' ');
  return [
    `SEVN rules "${r.name}": ${deckSize(r)} cards`,
    `  numbers (value x copies): ${numbers}`,
    `  Ballast: ${r.ballast.length ? r.ballast.join(' ') : 'none'}`,
    `  modifiers: ${r.modifiers.filter((m) => m.count > 0).map((m) => `${m.kind === 'multiply' ? 'x' : '+'}${m.value}${m.count > 1 ? ` (${m.count})` : ''}`).join(' ') || 'none'}`,
    `  actions: Freeze ${a.freeze}, Second Chance ${a.secondChance}, Triple Draw ${a.tripleDraw} (up to ${r.tripleDrawCards} cards), Crossroads ${a.crossroads}, Storm ${a.storm}`,
    `  bonus cards: Featherweight ${b.featherweight.count} (+${b.featherweight.points} with >= ${b.featherweight.minCards} scoring cards all <= ${b.featherweight.maxValue}),` +
      ` Heavyweight ${b.heavyweight.count} (+${b.heavyweight.points} with >= ${b.heavyweight.minCards} numbers >= ${b.heavyweight.minValue}),` +
      ` Ladder ${b.ladder.count} (${b.ladder.pointsPerCard} per card of a run >= ${b.ladder.minRun})`,
    `  SEVN: ${r.sevn.distinct} distinct scoring values end the round and add ${r.sevn.bonus}`,
    `  game: first to ${r.target} with a single highest total (${r.tiedLead === 'shared' ? 'a tied lead shares the win' : 'a tied lead plays on'}); at most ${r.maxRounds} rounds`,
    `  options: Freeze on oneself ${r.freezeSelf ? 'allowed' : 'not allowed'}; a Storm starts ${r.stormStart === 'drawer' ? 'with the drawer' : 'left of the drawer'};` +
      ` ${r.deckPersists ? 'the deck persists across rounds' : 'a fresh full deck every round'}; ${r.dealerRotates ? 'the deal moves clockwise each round' : 'seat 0 deals every round'}`,
  ].join('\n');
}

export const sevnModule: GameModule<SevnRules> = {
  name: 'sevn',
  presets: Object.keys(SEVN_PRESETS),
  defaultPreset: 'sevn',
  minPlayers: 1,
  maxPlayers: MAX_PLAYERS,
  strategies: SEVN_STRATEGIES as never,
  preset: sevnPreset,
  parseRules: parseSevnRules,
  checkStrategy: (spec) => checkStrategySpec('sevn', SEVN_STRATEGIES, spec),
  createRunner: (rules, specs, mode) => new SevnRunner(rules, specs, mode),
  decisionStateFields: ['points', 'distinct', 'bust_pct', 'deck_left'],
  counterfactualModes: ['round'],
  counterfactualReference: 'stay',
  decodeDecision: (rules, state, action) => decodeSevnDecision(new SevnCards(rules), state, action),
  describeRules: describeSevnRules,
  trace(rules, specs, seed) {
    const engine = new SevnEngine(rules);
    const rngs = specs.map((_, seat) => {
      const r = new Rng();
      r.reseed(seed, 0, STREAM_STRATEGY, seat);
      return r;
    });
    return traceSevnGame(makeSevnPlayers(rules, engine.cards, specs, rngs), engine, seed);
  },
};
