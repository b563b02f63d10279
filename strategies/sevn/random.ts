/** `random`: draws with chance `draw`; every card choice uniform over the legal answers. */
import { Answer, type SevnStrategyDef, type SevnView } from '../../src/games/sevn/view.js';

export const random: SevnStrategyDef = {
  name: 'random',
  doc: 'Draws with probability draw; picks targets, Crossroads cards and Ballast uniformly at random.',
  params: [{ name: 'draw', type: 'number', min: 0, max: 1, default: 0.5, doc: 'chance to draw on each turn' }],
  create: (params, { rng }) => {
    const draw = params.draw as number;
    const pickSeat = (v: SevnView): number => {
      let n = 0;
      for (let m = v.candidates; m !== 0; m &= m - 1) n++;
      let k = rng.below(n);
      for (let m = v.candidates; ; m &= m - 1) if (k-- === 0) return 31 - Math.clz32(m & -m);
    };
    return {
      drawOrStay: () => (rng.unit() < draw ? Answer.DRAW : Answer.STAY),
      freezeTarget: pickSeat,
      tripleDrawTarget: pickSeat,
      secondChanceTo: pickSeat,
      crossroads: () => rng.below(2),
      ballast: () => rng.below(2),
    };
  },
};
