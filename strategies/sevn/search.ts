/**
 * `search`: determinized Monte Carlo search from its own view. At a decision it samples worlds
 * consistent with what it can see (the unseen cards reshuffled by the hidden-information sampler,
 * src/games/sevn/sampler.ts; never the real deck order), plays every legal answer on the same sampled
 * futures (rollout r gives every answer the same cards: paired), and takes the answer with the
 * highest win chance (`objective=game`, each rollout played to the end of the game, or early in a
 * game to the end of the round: `horizon` below) or round score (`objective=round`, to the end of
 * the round).
 *
 * In the futures the opponents play `opp` (default: `race` with its tuned defaults) and its own later
 * decisions follow `play` (default `race`, the stronger of the two: in 20,000 paired 4-player games in
 * a field of three `ev` (`sevensim compare --mode game -a race -b ev --field ev --field ev --field ev
 * --games 20000 --seed 88`) `race` won +0.0162 more than `ev` (95% CI [0.0094, 0.0230]) in `sevn` and
 * +0.0064 ([-0.0005, 0.0133]) in `flip7`; it also draws on when staying loses the game, which `ev`
 * cannot see).
 *
 * At draw or stay with nobody else in the round it answers by the exact last-seat recursion
 * (last-seat.ts) where that is exact for its objective: the round score, or the win when every score
 * it can end the round with ends the game (a tied lead, which plays on, valued as an even share).
 * The recursion is skipped while a Triple Draw, Crossroads or Storm is unseen (it walks their deals
 * without a memo: on the `sevn` deck a solve passed 1 s) and gives up past 1,000 states; then the
 * decision is sampled.
 *
 * Paired futures: rollout r of every answer starts from the same sampled world and the same stream,
 * and its first card (the next one drawn after the decision, by whoever draws it) is stratified: the
 * point (u + radical inverse of r) mod 1 of the unseen cards, u uniform per decision, so every prefix
 * of 2^k rollouts covers them evenly while each rollout's card is still uniform.
 *
 * The budget is spent as a race: rollouts come in rounds (`min`, then doubling up to `rollouts` per
 * answer); after each, an answer whose paired difference from the best answer's is at least `z`
 * standard errors below 0 is dropped, and the decision stops once one answer is left, or when every
 * rollout so far gave every answer the same value (nothing to choose). An answer never dropped is not
 * shown to be worse: when the budget ends with more than one left it answers as `play` would if that
 * answer is still in, else the best mean of those left. (Taking the sign of an unclear difference
 * played worse than every fast bot: early in a game most futures end with the same winner either way.)
 *
 * Early in a game (`horizon`, game mode): while every seat's total plus its round points is more than
 * `horizon` points below the target, a rollout stops at the end of the round and is valued by its
 * round score minus the mean of the others' (so far from the end, a game is won by outscoring the
 * table, and playing it out only adds rounds of chance to both answers' values). Such a rollout
 * costs one round instead of the rest of the game; nearer the target the rollouts play to the end of
 * the game as before.
 *
 * Defaults: `play` and `opp` are `race` as measured above; `horizon` 60 and the budget, 512 rollouts
 * per answer, were chosen with scripts/search-regret.mjs (the regret at draw-or-stay decisions against
 * a reference of 4,000 full-game rollouts an answer, in 1/1000 win share a decision, paired against
 * the previous default of 128 full-game rollouts): horizon 60 with 1,024 rollouts -0.41 +- 0.26 (sevn,
 * seed 2) and -0.42 +- 0.46 (flip7, seed 1), horizon 100 with 512 -1.02 +- 0.48 (sevn, seed 1); the
 * default itself -0.06 +- 0.27 (sevn) and -0.84 +- 0.70 (flip7, seed 3, 12 games): under the full-game
 * models the gain is small; the games show it. 1,024 rollouts took a p95 above 20 ms a decision
 * (scripts/search-speed.mjs), hence 512. `min` 8 and `z` 2.5 were set by hand; `z` 2 was level with
 * 2.5 and `z` 1.5 worse (+1.85 +- 0.69, sevn seed 1). In 4-player games, paired, seats rotated, in a
 * field of three of the other bot (`node scripts/search-goal.mjs --preset P --against BOT:SEED --games
 * N --block 250`: blocks of 250 games, seeds SEED, SEED + 1, ...), its win-share edge was: sevn,
 * against ev +0.0424 (95% CI [0.0277, 0.0572], 4,500 games, seed 404), against race +0.0404 ([0.0260,
 * 0.0549], 4,500, seed 606); flip7, against ev +0.0334 ([0.0208, 0.0460], 6,250, seed 404), against
 * race +0.0408 ([0.0303, 0.0514], 6,000, seed 606).
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
import { Kind } from '../../src/games/sevn/cards.js';
import { playOnAfter } from '../../src/games/sevn/positions.js';
import { HiddenInfoSampler } from '../../src/games/sevn/sampler.js';
import { MAX_PLAYERS } from '../../src/games/sevn/seats.js';
import { Answer, Status, type SevnContext, type SevnPlayer, type SevnStrategy, type SevnStrategyDef, type SevnView } from '../../src/games/sevn/view.js';
import { AWARE_CHOICES, CHOICES, cardChoices } from './choices.js';
import { ev } from './ev.js';
import { LastSeatPlay } from './last-seat-play.js';
import { race } from './race.js';

/** Decision states the exact last-seat answer may memoise; past it the decision is sampled (a capped solve costs about its cap). */
const SEARCH_MAX_STATES = 1000;

/**
 * Whether an unseen card deals several cards (Triple Draw, Crossroads, Storm): the recursion walks
 * their deals without a memo, and on the `sevn` deck a solve then passed 1 s before its state cap.
 */
function dealsSeveral(v: SevnView): boolean {
  const cards = v.cards;
  for (let c = 0; c < cards.codes; c++) {
    const k = cards.kind[c];
    if ((k === Kind.TRIPLE_DRAW || k === Kind.CROSSROADS || k === Kind.STORM) && cards.copies[c] > v.seenOf(c)) return true;
  }
  return false;
}

/** The base-2 radical inverse of r (its bits mirrored behind the binary point), in [0, 1). */
function radicalInverse(r: number): number {
  let x = r >>> 0;
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  x = (x >>> 16) | (x << 16);
  return (x >>> 0) / 4294967296;
}

const POLICIES: Record<string, SevnStrategyDef> = { race, ev };

const PARAMS = defineParams({
  rollouts: int(2, 100000, 512, 'most rollouts per answer at a decision (the same futures for every answer)'),
  min: int(2, 100000, 8, 'rollouts per answer before the first drop; then the count doubles between checks (a min above rollouts is taken as rollouts: no drop before the end)'),
  z: num(0, 10, 2.5, 'an answer is dropped once its paired difference from the best is this many standard errors below 0'),
  objective: oneOf(['game', 'round'], 'game', 'what a rollout measures: the win (played to the end of the game) or the round score'),
  play: oneOf(['ev', 'race'], 'race', 'its own later decisions in the rollouts, and its answer when no answer is clear'),
  opp: oneOf(['race', 'ev'], 'race', 'the opponents in the rollouts (default parameters)'),
  exact: oneOf(['last', 'off'], 'last', 'last: at draw or stay with nobody else in the round and no unseen Triple Draw, Crossroads or Storm, the last-seat recursion answers instead of rollouts where it is exact for the objective (round: always; game: when the round decides the game, a tied lead valued as an even share)'),
  horizon: num(0, 1000, 60, 'in game mode, while every total plus its round points is more than this below the target, a rollout ends with the round and is valued by its round score minus the mean of the others\' (0: always to the end of the game)'),
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
  private readonly horizon: number;
  private readonly target: number;
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
  private readonly last: LastSeatPlay | null;
  /** The first card drawn after the decision in each rollout, stratified over the unseen cards (engine.stackDeck). */
  private readonly stacked = [0];
  private readonly alive = new Uint8Array(MAX_PLAYERS);
  /** Rollouts played at the last decision (for tests and the study). */
  played = 0;

  constructor(params: Values<typeof PARAMS>, ctx: SevnContext) {
    this.most = params.rollouts;
    // A min above rollouts is rollouts (documented with the parameter): tune's candidates can pair any two.
    this.first = Math.min(params.min, this.most);
    this.z = params.z;
    this.wholeGame = params.objective === 'game';
    this.ms = params.ms;
    this.horizon = params.horizon;
    this.target = ctx.rules.target;
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
    this.last = params.exact === 'last' ? new LastSeatPlay(ctx.rules, ctx.cards, this.wholeGame, this.wholeGame, SEARCH_MAX_STATES) : null;
  }

  drawOrStay(v: SevnView): number {
    const answers = this.answers;
    answers[0] = Answer.STAY;
    answers[1] = Answer.DRAW;
    if (this.last !== null && !dealsSeveral(v)) {
      const a = this.last.answer(v);
      if (a >= 0) {
        this.played = 0;
        this.rng.uint32(); // the two words decide() draws: later decisions see the same stream either way
        this.rng.uint32();
        return a;
      }
    }
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
    const offset = (this.key[0] >>> 0) / 4294967296;
    const toEnd = this.wholeGame && !this.farFromEnd(v);
    const others = v.players > 1 ? 1 / (v.players - 1) : 0;
    alive.fill(0);
    let left = n;
    for (let i = 0; i < n; i++) alive[i] = 1;
    let done = 0;
    let upTo = this.first;
    for (;;) {
      for (let r = done; r < upTo; r++) {
        // Rollout r's first card: the point (offset + radical inverse of r) mod 1 of the unseen cards,
        // so every prefix of 2^k rollouts spreads over them evenly; each rollout's card is still uniform.
        const at = ((offset + radicalInverse(r)) % 1) * v.deckSize;
        for (let i = 0; i < n; i++) {
          if (alive[i] === 0) continue;
          this.futures.reseedFromKey(this.key, r);
          const e = sampler.load(players, this.futures);
          if (e.deckLen > 0) {
            this.stacked[0] = e.deck[Math.floor(at)];
            e.stackDeck(this.stacked);
          }
          playOnAfter(e, seat, v.decision, answers[i], v, toEnd);
          if (toEnd) values[i * most + r] = e.winShare[seat];
          else if (!this.wholeGame) values[i * most + r] = e.roundScore[seat];
          else {
            let sum = 0;
            for (let t = 0; t < e.n; t++) if (t !== seat) sum += e.roundScore[t];
            values[i * most + r] = e.roundScore[seat] - sum * others;
          }
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

  /** Whether every seat's total plus its round points is more than `horizon` below the target (never with horizon 0). */
  private farFromEnd(v: SevnView): boolean {
    if (this.horizon <= 0) return false;
    for (let t = 0; t < v.players; t++) {
      const rp = v.statusOf(t) === Status.BUSTED ? 0 : v.roundPointsOf(t);
      if (v.totalOf(t) + rp + this.horizon >= this.target) return false;
    }
    return true;
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
