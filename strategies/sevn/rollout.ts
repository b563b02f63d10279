/**
 * `rollout`: at each draw-or-stay decision it plays the position out `rollouts` times after drawing
 * and after staying, on the same sampled futures for both (paired), and takes the answer with the
 * higher mean: the chance to win the game (`objective=game`, each rollout played to the end of the
 * game) or its round score (`objective=round`, to the end of the round). It overrides its `play`
 * policy only when the mean paired difference is at least `z` standard errors from 0 (and not 0);
 * otherwise it answers as that policy would. Early in a game most futures end with the same winner
 * either way, so a few rollouts rarely tell: taking the sign of such a difference played worse than
 * every fast bot (with 12 rollouts: 9.6% of the games won in a 4-seat tournament against 20-36%).
 *
 * Hidden information stays hidden: each rollout starts from an engine set up from its own view by
 * the hidden-information sampler (src/games/sevn/sampler.ts), the unseen cards reshuffled; it never
 * reads the real deck. In the rollouts its own later decisions follow `play` (ev by default, the
 * strongest fast bot of docs/STRATEGY.md, or race; default parameters) and every opponent is
 * modelled as stay-at:points=`opp`. The futures come from its own
 * random stream (four words per rollout), so a run is reproducible for a seed. Slow by design: the
 * yardstick for what the fast bots leave behind. Card choices: the situation-aware ones.
 */
import { Rng } from '../../src/engine/rng.js';
import { resolveParams } from '../../src/engine/params.js';
import type { SevnStrategyDef } from '../../src/games/sevn/view.js';
import { playOnGame, playOnRound } from '../../src/games/sevn/positions.js';
import { HiddenInfoSampler } from '../../src/games/sevn/sampler.js';
import { Answer, type SevnPlayer, type SevnStrategy } from '../../src/games/sevn/view.js';
import { cardChoices, choiceParams } from './choices.js';
import { ev } from './ev.js';
import { race } from './race.js';
import { stayAt } from './stay-at.js';

export const rollout: SevnStrategyDef = {
  name: 'rollout',
  doc: 'Paired rollouts from its own view (unseen cards resampled): draws when drawing wins more often (objective=game) or scores more (objective=round).',
  params: [
    { name: 'rollouts', type: 'int', min: 2, max: 100000, default: 100, doc: 'rollouts per answer at each decision (the same futures for draw and stay)' },
    { name: 'objective', type: 'enum', values: ['game', 'round'], default: 'game', doc: 'what a rollout measures: the win (played to the end of the game) or the round score' },
    { name: 'play', type: 'enum', values: ['race', 'ev'], default: 'ev', doc: 'the policy of its own later decisions in the rollouts' },
    { name: 'opp', type: 'int', min: 0, max: 1000, default: 25, doc: 'opponents are modelled as stay-at with this threshold' },
    { name: 'z', type: 'number', min: 0, max: 10, default: 1, doc: 'overrides its play policy only when draw and stay differ by at least z standard errors' },
    ...choiceParams({ freeze: 'deny', triple: 'harm', ballast: 'gain', crossroads: 'game', gift: 'least' }),
  ],
  create: (params, ctx) => {
    const rollouts = params.rollouts as number;
    const z = params.z as number;
    const wholeGame = params.objective === 'game';
    const self = params.play === 'ev' ? ev : race;
    const sampler = new HiddenInfoSampler(ctx.rules, ctx.cards);
    const futures = new Rng();
    const words = { a: 0, b: 0, c: 0, d: 0 };
    // The models: deterministic strategies (their own streams are never read).
    const modelCtx = { rules: ctx.rules, cards: sampler.engine.cards, rng: new Rng('rollout-model') };
    const own = label(self.create(resolveParams(self.name, self.params, {}), modelCtx), self.name);
    const other = label(stayAt.create(resolveParams('stay-at', stayAt.params, { points: String(params.opp) }), modelCtx), 'stay-at');
    const lineups = new Map<number, SevnPlayer[]>();
    const lineup = (players: number, seat: number): SevnPlayer[] => {
      const key = players * 8 + seat;
      let l = lineups.get(key);
      if (l === undefined) {
        l = Array.from({ length: players }, (_, s) => (s === seat ? own : other));
        lineups.set(key, l);
      }
      return l;
    };
    const value = (seat: number): number => (wholeGame ? sampler.engine.winShare[seat] : sampler.engine.roundScore[seat]);
    return {
      ...cardChoices(params, ctx),
      drawOrStay(v) {
        sampler.capture(v);
        const seat = v.seat;
        const players = lineup(v.players, seat);
        let diff = 0;
        let diffSq = 0;
        for (let r = 0; r < rollouts; r++) {
          words.a = ctx.rng.uint32() | 0;
          words.b = ctx.rng.uint32() | 0;
          words.c = ctx.rng.uint32() | 0;
          words.d = ctx.rng.uint32() | 0;
          futures.restore(words);
          const e = sampler.load(players, futures);
          if (wholeGame) playOnGame(e, seat, Answer.STAY);
          else playOnRound(e, seat, Answer.STAY);
          const stay = value(seat);
          futures.restore(words);
          sampler.load(players, futures);
          if (wholeGame) playOnGame(e, seat, Answer.DRAW);
          else playOnRound(e, seat, Answer.DRAW);
          const d = value(seat) - stay;
          diff += d;
          diffSq += d * d;
        }
        // The mean difference against z standard errors, compared squared: diff^2 >= z^2 R var.
        const mean = diff / rollouts;
        const variance = Math.max(0, (diffSq - diff * mean) / (rollouts - 1));
        if (diff === 0 || diff * diff < z * z * rollouts * variance) return own.drawOrStay(v);
        return diff > 0 ? Answer.DRAW : Answer.STAY;
      },
    };
  },
};

function label(s: SevnStrategy, name: string): SevnPlayer {
  return Object.assign(s, { label: `${name} (rollout model)` });
}
