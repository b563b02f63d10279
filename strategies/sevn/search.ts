/**
 * `search`: determinized Monte Carlo search from its own view. At a decision it samples worlds
 * consistent with what it can see (the unseen cards reshuffled by the hidden-information sampler,
 * src/games/sevn/sampler.ts; never the real deck order), plays every legal answer on the same sampled
 * futures (rollout r gives every answer the same cards: paired), and takes the answer with the
 * highest win chance (`objective=game`, each rollout played to the end of the game) or round score
 * (`objective=round`, to the end of the round).
 *
 * In the futures the opponents play `opp` (default: `race` with its tuned defaults) and its own later
 * decisions follow `play` (default `race`, the stronger of the two: tuned, it won 0.281 of 4-player
 * `sevn` games against three `ev`, see race.ts; it also draws on when staying loses the game, which
 * `ev` cannot see).
 *
 * The budget is spent as a race: rollouts come in rounds (`min`, then doubling up to `rollouts` per
 * answer); after each, an answer whose paired difference from the best answer's is at least `z`
 * standard errors below 0 is dropped, and the decision stops once one answer is left, or when every
 * rollout so far gave every answer the same value (nothing to choose). An answer never dropped is not
 * shown to be worse: when the budget ends with more than one left it answers as `play` would if that
 * answer is still in, else the best mean of those left. (Taking the sign of an unclear difference
 * played worse than every fast bot: early in a game most futures end with the same winner either way.)
 *
 * Reproducible: each decision draws two words from its own stream (reseeded per chunk by the runner)
 * and rollout r's futures come from them and r alone, so a seed gives the same decisions on any number
 * of threads. `ms` > 0 also stops a decision after that many milliseconds of wall time: then the
 * answers depend on the machine's speed and are not reproducible.
 *
 * Draw or stay is searched; Freeze, Triple Draw, Second Chance, Crossroads and Ballast decisions are
 * searched too, each from its decision continued as if it came on its own turn (positions.ts
 * playOnAfter): what is queued behind it in a Triple Draw or Storm is not in its view.
 */
import { Rng } from '../../src/engine/rng.js';
import { defineParams, int, num, oneOf, resolveParams, type Values, withDefaults } from '../../src/engine/params.js';
import { playOnAfter } from '../../src/games/sevn/positions.js';
import { HiddenInfoSampler } from '../../src/games/sevn/sampler.js';
import { MAX_PLAYERS } from '../../src/games/sevn/seats.js';
import { Answer, type SevnContext, type SevnPlayer, type SevnStrategy, type SevnStrategyDef, type SevnView } from '../../src/games/sevn/view.js';
import { AWARE_CHOICES, CHOICES, cardChoices } from './choices.js';
import { ev } from './ev.js';
import { race } from './race.js';

const POLICIES: Record<string, SevnStrategyDef> = { race, ev };

const PARAMS = defineParams({
  rollouts: int(2, 100000, 256, 'most rollouts per answer at a decision (the same futures for every answer)'),
  min: int(2, 100000, 8, 'rollouts per answer before the first drop; then the count doubles between checks'),
  z: num(0, 10, 2.5, 'an answer is dropped once its paired difference from the best is this many standard errors below 0'),
  objective: oneOf(['game', 'round'], 'game', 'what a rollout measures: the win (played to the end of the game) or the round score'),
  play: oneOf(['ev', 'race'], 'race', 'its own later decisions in the rollouts, and its answer when no answer is clear'),
  opp: oneOf(['race', 'ev'], 'race', 'the opponents in the rollouts (default parameters)'),
  ms: num(0, 100000, 0, 'also stop a decision after this many milliseconds (0: no cap; a cap makes runs not reproducible)'),
  ...withDefaults(CHOICES, AWARE_CHOICES),
});

export const search: SevnStrategyDef<typeof PARAMS> = {
  name: 'search',
  doc: 'Paired rollouts of every legal answer from its own view (unseen cards resampled), raced: drops clearly worse answers, stops when one is clear; the highest win chance (objective=game) or round score.',
  params: PARAMS,
  create: (params, ctx) => new Search(params, ctx),
};

class Search implements SevnStrategy {
  private readonly most: number;
  private readonly first: number;
  private readonly z: number;
  private readonly wholeGame: boolean;
  private readonly ms: number;
  private readonly sampler: HiddenInfoSampler;
  private readonly own: SevnPlayer;
  private readonly other: SevnPlayer;
  private readonly choices: Omit<SevnStrategy, 'drawOrStay'>;
  private readonly rng: SevnContext['rng'];
  private readonly futures = new Rng();
  private readonly key = new Int32Array(2);
  private readonly lineups = new Map<number, SevnPlayer[]>();
  /** Per answer and rollout: the rollout's value (answer i, rollout r at i * most + r). */
  private readonly values: Float64Array;
  private readonly answers = new Int32Array(MAX_PLAYERS);
  private readonly alive = new Uint8Array(MAX_PLAYERS);
  /** Rollouts played at the last decision (for tests and the study). */
  played = 0;

  constructor(params: Values<typeof PARAMS>, ctx: SevnContext) {
    this.most = params.rollouts;
    this.first = Math.min(params.min, this.most);
    this.z = params.z;
    this.wholeGame = params.objective === 'game';
    this.ms = params.ms;
    this.rng = ctx.rng;
    this.sampler = new HiddenInfoSampler(ctx.rules, ctx.cards);
    // The models: deterministic strategies (their own streams are never read).
    const modelCtx = { rules: ctx.rules, cards: this.sampler.engine.cards, rng: new Rng('search-model') };
    const model = (name: string): SevnPlayer => {
      const def = POLICIES[name];
      return Object.assign(def.create(resolveParams(def.name, def.params, {}), modelCtx), { label: `${def.name} (search model)` });
    };
    this.own = model(params.play);
    this.other = model(params.opp);
    this.choices = cardChoices(params, ctx);
    this.values = new Float64Array(MAX_PLAYERS * this.most);
  }

  drawOrStay(v: SevnView): number {
    const answers = this.answers;
    answers[0] = Answer.STAY;
    answers[1] = Answer.DRAW;
    return this.decide(v, 2, this.own.drawOrStay(v));
  }

  freezeTarget(v: SevnView): number {
    return this.decide(v, this.seats(v.candidates), this.choices.freezeTarget(v));
  }

  tripleDrawTarget(v: SevnView): number {
    return this.decide(v, this.seats(v.candidates), this.choices.tripleDrawTarget(v));
  }

  secondChanceTo(v: SevnView): number {
    return this.decide(v, this.seats(v.candidates), this.choices.secondChanceTo(v));
  }

  crossroads(v: SevnView): number {
    this.answers[0] = 0;
    this.answers[1] = 1;
    return this.decide(v, v.optionA === v.optionB ? 1 : 2, this.choices.crossroads(v));
  }

  ballast(v: SevnView): number {
    this.answers[0] = Answer.DISCARD;
    this.answers[1] = Answer.KEEP;
    return this.decide(v, 2, this.choices.ballast(v));
  }

  /** The candidate seats of a target decision into `answers`; their count. */
  private seats(candidates: number): number {
    let n = 0;
    for (let m = candidates; m !== 0; m &= m - 1) this.answers[n++] = 31 - Math.clz32(m & -m);
    return n;
  }

  private lineup(players: number, seat: number): SevnPlayer[] {
    const key = players * MAX_PLAYERS + seat;
    let l = this.lineups.get(key);
    if (l === undefined) {
      l = Array.from({ length: players }, (_, s) => (s === seat ? this.own : this.other));
      this.lineups.set(key, l);
    }
    return l;
  }

  /**
   * Races the `n` answers in `answers` on paired rollouts; `fallback` is the answer its play policy
   * (or card choice) gives. Returns the chosen answer.
   */
  private decide(v: SevnView, n: number, fallback: number): number {
    this.played = 0;
    if (n < 2) return fallback;
    // Two words per decision from its own stream, drawn even when it stops early: the decisions after
    // this one see the same stream whatever this one spent.
    this.key[0] = this.rng.uint32() | 0;
    this.key[1] = this.rng.uint32() | 0;
    const sampler = this.sampler;
    sampler.capture(v);
    const seat = v.seat;
    const players = this.lineup(v.players, seat);
    const answers = this.answers;
    const alive = this.alive;
    const values = this.values;
    const most = this.most;
    const started = this.ms > 0 ? performance.now() : 0;
    alive.fill(0);
    let left = n;
    for (let i = 0; i < n; i++) alive[i] = 1;
    let done = 0;
    let upTo = this.first;
    for (;;) {
      for (let r = done; r < upTo; r++) {
        for (let i = 0; i < n; i++) {
          if (alive[i] === 0) continue;
          this.futures.reseedFromKey(this.key, r);
          const e = sampler.load(players, this.futures);
          playOnAfter(e, seat, v.decision, answers[i], v, this.wholeGame);
          values[i * most + r] = this.wholeGame ? e.winShare[seat] : e.roundScore[seat];
        }
      }
      done = upTo;
      this.played = done;
      left = this.drop(n, done);
      if (left < 0) return fallback; // every rollout gave every answer the same value
      if (left <= 1 || done >= most || (this.ms > 0 && performance.now() - started >= this.ms)) break;
      upTo = Math.min(most, done * 2);
    }
    let best = -1;
    let bestMean = -Infinity;
    for (let i = 0; i < n; i++) {
      if (alive[i] === 0) continue;
      if (left > 1 && answers[i] === fallback) return fallback;
      let sum = 0;
      for (let r = 0; r < done; r++) sum += values[i * most + r];
      if (sum > bestMean) {
        bestMean = sum;
        best = i;
      }
    }
    return answers[best];
  }

  /**
   * Drops every answer whose paired difference from the best mean answer's is at least z standard
   * errors below 0. Returns how many are left, or -1 when every rollout gave every answer the same
   * value (nothing to choose).
   */
  private drop(n: number, rollouts: number): number {
    const values = this.values;
    const most = this.most;
    const alive = this.alive;
    let best = -1;
    let bestSum = -Infinity;
    for (let i = 0; i < n; i++) {
      if (alive[i] === 0) continue;
      let sum = 0;
      for (let r = 0; r < rollouts; r++) sum += values[i * most + r];
      if (sum > bestSum) {
        bestSum = sum;
        best = i;
      }
    }
    let left = 0;
    let spread = false;
    const z2 = this.z * this.z;
    for (let i = 0; i < n; i++) {
      if (alive[i] === 0) continue;
      if (i === best) {
        left++;
        continue;
      }
      let d = 0;
      let d2 = 0;
      for (let r = 0; r < rollouts; r++) {
        const x = values[best * most + r] - values[i * most + r];
        d += x;
        d2 += x * x;
      }
      if (d2 > 0) spread = true;
      // mean >= z se, squared: d^2 >= z^2 R var (with var = (d2 - d^2 / R) / (R - 1)).
      const variance = Math.max(0, (d2 - (d * d) / rollouts) / (rollouts - 1));
      if (d > 0 && d * d >= z2 * rollouts * variance) alive[i] = 0;
      else left++;
    }
    return spread ? left : -1;
  }
}
