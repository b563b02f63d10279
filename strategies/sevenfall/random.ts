/** `random`: uniform over the legal actions (stop, or any allowed set of unlocked positions). */
import { STOP, type SevenfallStrategyDef, type SevenfallView } from '../../src/games/sevenfall/view.js';

const binomial = (n: number, k: number): number => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
};

export const random: SevenfallStrategyDef = {
  name: 'random',
  doc: 'Picks uniformly among all legal actions: stop, or discard any allowed set of unlocked tiles.',
  params: [],
  create: (_params, { rng }) => ({
    decide(v: SevenfallView): number {
      let unlocked = 0;
      let u = 0;
      for (let i = 0; i < v.row.length; i++) {
        if (v.locked[i] === 0) {
          unlocked |= 1 << i;
          u++;
        }
      }
      let legal = 1;
      for (let k = 1; k <= Math.min(u, v.discardsLeft); k++) legal += binomial(u, k);
      let pick = rng.below(legal);
      if (pick === 0) return STOP;
      // Walk the non-empty subsets of the unlocked mask; count those small enough.
      for (let sub = unlocked; sub !== 0; sub = (sub - 1) & unlocked) {
        let bits = 0;
        for (let m = sub; m !== 0; m &= m - 1) bits++;
        if (bits <= v.discardsLeft && --pick === 0) return sub;
      }
      throw new Error('unreachable: legal action count and subset walk disagree');
    },
  }),
};
