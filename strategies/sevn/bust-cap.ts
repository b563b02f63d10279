/**
 * `bust-cap`: stays when the exact chance that the next card busts exceeds `p`. The chance is counted
 * from the unseen cards (the full deck minus the cards seen since the last reshuffle, which is exactly
 * the deck): number cards of a held value over all unseen cards. With a Second Chance held the risk is
 * 0, so it draws. With an empty deck it counts the cards not on the table (the reshuffled discard pile).
 */
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { popcount } from '../../src/games/sevn/exact.js';
import { defineParams, num } from '../../src/engine/params.js';
import { CHOICES, cardChoices, unseenDuplicates, unseenTotal } from './choices.js';

const PARAMS = defineParams({ p: num(0, 1, 0.3, 'highest bust chance it accepts on a draw'), ...CHOICES });

export const bustCap: SevnStrategyDef<typeof PARAMS> = {
  name: 'bust-cap',
  doc: 'Stays when the exact chance that the next card is a duplicate (from the unseen cards) exceeds p.',
  params: PARAMS,
  create: (params, ctx) => {
    const p = params.p;
    return {
      ...cardChoices(params, ctx),
      drawOrStay(v) {
        if (v.hasSecondChance || v.held === 0) return Answer.DRAW;
        // bad / total > p, compared without a division
        return unseenDuplicates(v, v.held) > p * unseenTotal(v) ? Answer.STAY : Answer.DRAW;
      },
    };
  },
  // Solo from a fresh number-only deck the unseen cards are the deck less the held ones.
  soloDrawRule: (params, rules) => {
    const p = params.p;
    const copies = new Array<number>(31).fill(0);
    let total = 0;
    for (const n of rules.numbers) {
      copies[n.value] = n.copies;
      total += n.copies;
    }
    return (held) => {
      let dup = 0;
      for (let v = 0; v < 31; v++) if ((held >>> v) & 1) dup += copies[v] - 1;
      return !(dup > p * (total - popcount(held)));
    };
  },
};
