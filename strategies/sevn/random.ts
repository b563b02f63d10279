/** `random`: draws with chance `draw`; every card choice uniform over the legal answers. */
import { defineParams, num } from '../../src/engine/params.js';
import { Answer, type SevnStrategyDef, type SevnView } from '../../src/games/sevn/view.js';

const PARAMS = defineParams({ draw: num(0, 1, 0.5, 'chance to draw on each turn') });

export const random: SevnStrategyDef<typeof PARAMS> = {
  name: 'random',
  doc: 'Draws with probability draw; picks targets, Crossroads cards and Ballast uniformly at random.',
  params: PARAMS,
  create: (params, { rng }) => {
    const draw = params.draw;
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
