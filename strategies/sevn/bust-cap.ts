/**
 * `bust-cap`: stays when the exact chance that the next card busts exceeds `p`. The chance is counted
 * from the unseen cards (the full deck minus the cards seen since the last reshuffle, which is exactly
 * the deck): number cards of a held value over all unseen cards. With a Second Chance held the risk is
 * 0, so it draws. With an empty deck it counts the cards not on the table (the reshuffled discard pile).
 */
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { CHOICE_PARAMS, cardChoices, unseenDuplicates, unseenTotal } from './choices.js';

export const bustCap: SevnStrategyDef = {
  name: 'bust-cap',
  doc: 'Stays when the exact chance that the next card is a duplicate (from the unseen cards) exceeds p.',
  params: [{ name: 'p', type: 'number', min: 0, max: 1, default: 0.3, doc: 'highest bust chance it accepts on a draw' }, ...CHOICE_PARAMS],
  create: (params, ctx) => {
    const p = params.p as number;
    return {
      ...cardChoices(params, ctx),
      drawOrStay(v) {
        if (v.hasSecondChance || v.held === 0) return Answer.DRAW;
        // bad / total > p, compared without a division
        return unseenDuplicates(v, v.held) > p * unseenTotal(v) ? Answer.STAY : Answer.DRAW;
      },
    };
  },
};
