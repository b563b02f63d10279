/**
 * What every game's unit runner shares: per-seat result arrays, the deck stream and one stream per
 * strategy, reseeded from (seed, game); and the counterfactual streams. A game supplies its engine,
 * how to put its deck back in canonical order, and how to play one unit.
 */
import type { CounterfactualSettings, CounterfactualSink, Mode, UnitRunner } from './game.js';
import { Rng, STREAM_DECK, STREAM_SAMPLE, STREAM_STRATEGY, seedKey } from './rng.js';
import type { DecisionSink } from './strategy.js';
import type { BucketFeature } from './decisions.js';

/** Counterfactual evaluation settings and streams, shared by the runner and its engine. */
export interface CounterfactualStreams extends CounterfactualSettings {
  seed: number;
  /** The game being played (with seed and counter, names each rollout's streams). */
  chunk: number;
  /** Sampled decisions so far in this game: names each rollout's streams. */
  counter: number;
  /** Which decisions are sampled (its own stream, so sampling never moves the game's). */
  sampler: Rng;
  /** The rollouts' cards or tiles. */
  rolloutRng: Rng;
  /** The strategies' own streams, saved and restored around rollouts. */
  strategyRngs: Rng[];
  sink: CounterfactualSink;
}

/** The part of an engine the runner drives. */
export interface RunnableEngine {
  decisions: DecisionSink | null;
  counterfactual: CounterfactualStreams | null;
}

export abstract class SeededRunner<E extends RunnableEngine> implements UnitRunner {
  readonly scores: Int32Array;
  readonly winShare: Float64Array;
  readonly rounds: Int32Array;
  readonly busts: Int32Array;
  protected readonly deck = new Rng();
  protected readonly strategyRngs: Rng[];

  constructor(
    readonly seats: number,
    protected readonly mode: Mode,
    protected readonly engine: E,
  ) {
    this.strategyRngs = Array.from({ length: seats }, () => new Rng());
    this.streamTaken = new Uint8Array(seats).fill(1);
    this.scores = new Int32Array(seats);
    this.winShare = new Float64Array(seats);
    this.rounds = new Int32Array(seats);
    this.busts = new Int32Array(seats);
  }

  /** Puts the deck or canister back in canonical order: draws are reproducible only from a known order. */
  protected abstract resetDeck(): void;
  abstract readonly bucketFeatures: readonly BucketFeature[];
  abstract playOne(): void;

  get decisions(): DecisionSink | null {
    return this.engine.decisions;
  }
  set decisions(sink: DecisionSink | null) {
    this.engine.decisions = sink;
  }

  /** The game key reseedGame last computed (gameKey). */
  protected readonly key = new Int32Array(2);
  /** seedKey of the seed last played (NaN: none yet): the seed's half of gameKey is hashed once a run. */
  private keySeed = NaN;
  /** seedKey(keySeed): the seed's half of every game key. */
  protected readonly seedHalf = new Int32Array(2);
  /**
   * Per seat, 1 while its stream is reseeded every game: every seat, or with streamsOnDemand only
   * those whose strategy took its stream (read ctx.rng in create; see takeStream). A stream costs 4
   * hashes and 4 generator steps a game, and most strategies never draw.
   */
  private readonly streamTaken: Uint8Array;
  private seeded = false;

  /**
   * For a runner whose strategies' ctx.rng is a getter that calls the function returned (makePlayers):
   * from then on only the streams strategies take are reseeded each game. A runner that hands its
   * strategies their streams directly never calls this, and every stream stays reseeded.
   */
  protected streamsOnDemand(): (seat: number, label: string) => void {
    this.streamTaken.fill(0);
    return this.takeStream;
  }

  /**
   * Marks the seat's stream as used. A strategy takes its stream while it is built; one that first
   * asks for it during a game would find it unseeded for that game (results would then depend on
   * which games its worker played before), so that is refused.
   */
  private readonly takeStream = (seat: number, label: string): void => {
    if (this.streamTaken[seat] === 1) return;
    if (this.seeded) throw new Error(`strategy "${label}" asked for its random stream (ctx.rng) during a game: take it in create (e.g. const { rng } = ctx), so that the runner seeds it every game`);
    this.streamTaken[seat] = 1;
  };

  /** Reseeds every stream for one game from (seed, game) by integer hashing (see gameKey). */
  reseedGame(seed: number, game: number): void {
    this.resetDeck();
    this.useSeed(seed);
    this.deck.reseedForGame(this.seedHalf, game, STREAM_DECK * 256, this.key);
    for (let s = 0; s < this.seats; s++) if (this.streamTaken[s] === 1) this.strategyRngs[s].reseedFromKey(this.key, STREAM_STRATEGY * 256 + s);
    const cf = this.engine.counterfactual;
    if (cf !== null) {
      cf.sampler.reseedFromKey(this.key, STREAM_SAMPLE * 256);
      cf.seed = seed;
      cf.chunk = game;
      cf.counter = 0;
    }
  }

  /** Makes `seed` the seed whose half of the game keys seedHalf holds. */
  protected useSeed(seed: number): void {
    if (seed !== this.keySeed) {
      seedKey(seed, this.seedHalf);
      this.keySeed = seed;
      this.seeded = true;
    }
  }

  setCounterfactual(settings: CounterfactualSettings | null, sink: CounterfactualSink | null): void {
    if (settings === null || sink === null) {
      this.engine.counterfactual = null;
      return;
    }
    this.engine.counterfactual = { ...settings, seed: 0, chunk: 0, counter: 0, sampler: new Rng(), rolloutRng: new Rng(), strategyRngs: this.strategyRngs, sink };
  }
}
