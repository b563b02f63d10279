/** SEVN as a game module: rules, the unit runner, decision buckets and the trace; the catalog supplies the strategies. */
import type { CounterfactualSettings, CounterfactualSink, GameModule, Mode } from '../../engine/game.js';
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../../engine/rng.js';
import { SeededRunner } from '../../engine/seeded-runner.js';
import { checkStrategySpec, createStrategy } from '../../engine/strategy.js';
import { SevnCards } from './cards.js';
import { MAX_PLAYERS, SevnEngine } from './engine.js';
import { SEVN_PRESETS, type SevnRules, deckSize, parseSevnRules, sevnPreset } from './rules.js';
import { traceSevnGame } from './trace.js';
import { strategySide } from './view-buffer.js';
import { Decision, DECISION_KINDS, type SevnPlayer, type SevnStrategyDef, soloDrawRule } from './view.js';
import { sevnActionLabel, sevnBucketFeatures } from './buckets.js';
import { SevnEvaluator } from './rollouts.js';
import { SoloTable } from './numbers.js';

/**
 * Builds the strategies of a lineup; each gets read-only copies of the rules and card table, never the
 * engine's. `take` hears which seats' strategies read their stream (ctx.rng; see SeededRunner.takeStream).
 */
export function makeSevnPlayers(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], rngs: readonly Rng[], take?: (seat: number, spec: string) => void): SevnPlayer[] {
  const side = strategySide(rules);
  return specs.map((spec, seat) =>
    createStrategy('sevn', strategies, spec, {
      rules: side.rules,
      cards: side.cards,
      get rng() {
        take?.(seat, spec);
        return rngs[seat];
      },
    }),
  );
}

const cardSets = new WeakMap<SevnRules, SevnCards>();
function cardsFor(rules: SevnRules): SevnCards {
  let c = cardSets.get(rules);
  if (c === undefined) cardSets.set(rules, (c = new SevnCards(rules)));
  return c;
}

/**
 * The deck streams of the last block playRange seeded, four words a game (Rng.seedGames): a function of
 * (seed, start, end) alone, so every runner of the thread shares them. tune plays each candidate's
 * runner over the same block (common random numbers): the block is seeded once, not once a candidate.
 */
const blockStreams = { seed: NaN, start: -1, end: -1, words: new Int32Array(0) };

export class SevnRunner extends SeededRunner<SevnEngine> {
  private readonly players: SevnPlayer[];
  readonly bucketFeatures;

  constructor(strategies: readonly SevnStrategyDef[], rules: SevnRules, specs: readonly string[], mode: Mode) {
    if (specs.length < 1 || specs.length > MAX_PLAYERS) throw new Error(`SEVN needs 1 to ${MAX_PLAYERS} players, got ${specs.length}`);
    super(specs.length, mode, new SevnEngine(rules));
    this.bucketFeatures = sevnBucketFeatures(rules);
    this.players = makeSevnPlayers(strategies, rules, specs, this.strategyRngs, this.streamsOnDemand());
    this.solo = mode === 'round' && specs.length === 1 ? SoloTable.of(this.engine, soloDrawRule(strategies, rules, specs[0])) : null;
  }

  /**
   * Solo rounds of a number-only deck by the strategy's solo draw rule (numbers.ts), when it declares
   * one; null otherwise. Tests set it to null to play the general path.
   */
  solo: SoloTable | null;

  /** Nothing to do: every round and game starts from a fresh deck in code order (SevnDeck.refillDeck). */
  protected resetDeck(): void {}

  override setCounterfactual(settings: CounterfactualSettings | null, sink: CounterfactualSink | null): void {
    super.setCounterfactual(settings, sink);
    const cf = this.engine.counterfactual;
    this.engine.evaluator = cf === null ? null : new SevnEvaluator(this.engine.rules, this.engine.cards, cf, this.mode === 'game');
  }

  /** Solo rounds by the rule table (the one lineup with a fast path; see UnitRunner.playRange). */
  playRange(seed: number, start: number, end: number, scores: Int32Array, busts: Int32Array): boolean {
    const e = this.engine;
    const solo = this.solo;
    if (solo === null || e.decisions !== null || e.evaluator !== null || e.tracer !== null || e.stackPos < e.stackLen) return false;
    this.useSeed(seed);
    const w = blockStreams;
    if (w.seed !== seed || w.start !== start || w.end !== end) {
      if (w.words.length < (end - start) * 4) w.words = new Int32Array((end - start) * 4);
      this.deck.seedGames(this.seedHalf, start, end, STREAM_DECK * 256, w.words);
      w.seed = seed;
      w.start = start;
      w.end = end;
    }
    solo.playGames(e, this.deck, w.words, start, end, scores, busts);
    return true;
  }

  playOne(): void {
    const e = this.engine;
    const solo = this.solo;
    if (solo !== null) {
      if (e.decisions === null && e.evaluator === null && e.tracer === null && e.stackPos >= e.stackLen) {
        solo.play(e, this.deck);
        this.scores[0] = solo.score;
        this.rounds[0] = 1;
        this.busts[0] = solo.bust;
        return;
      }
      solo.pending = false; // the general path's fresh deck copies the deck (deckWhole is false)
    }
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

/** SEVN played by these strategies (the catalog's list). */
export const createSevnModule = (strategies: readonly SevnStrategyDef[]): GameModule<SevnRules> => ({
  name: 'sevn',
  title: 'SEVN',
  presets: Object.keys(SEVN_PRESETS),
  defaultPreset: 'sevn',
  minPlayers: 1,
  maxPlayers: MAX_PLAYERS,
  strategies: strategies as never,
  preset: sevnPreset,
  parseRules: parseSevnRules,
  checkStrategy: (spec) => checkStrategySpec('sevn', strategies, spec),
  createRunner: (rules, specs, mode) => new SevnRunner(strategies, rules, specs, mode),
  bucketFeatures: sevnBucketFeatures,
  defaultBuckets: 'points:20,distinct:2',
  decisionKinds: DECISION_KINDS,
  actionLabel: (rules, kind, action) => sevnActionLabel(cardsFor(rules), kind, action),
  hasBusts: true,
  counterfactualModes: ['round', 'game'],
  // Draw or stay and Ballast against stay and discard; targets and Crossroads against the answer played.
  counterfactualReference: (kind) => (kind === Decision.DRAW_STAY ? 'stay' : kind === Decision.BALLAST ? 'discard' : 'played'),
  describeRules: describeSevnRules,
  trace(rules, specs, seed) {
    const engine = new SevnEngine(rules);
    const rngs = specs.map((_, seat) => {
      const r = new Rng();
      r.reseed(seed, 0, STREAM_STRATEGY, seat);
      return r;
    });
    return traceSevnGame(makeSevnPlayers(strategies, rules, specs, rngs), engine, seed);
  },
});
