/**
 * `ev:exact=last` and `race:exact=last`: at the last seat in they answer as the last-seat recursion
 * values the position their view shows; with an opponent still in, as without the parameter.
 */
import { describe, expect, it } from 'vitest';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { LastSeatSolver, objectiveUtility } from '../../src/games/sevn/last-seat.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, Status } from '../../src/games/sevn/view.js';
import { bot, situation } from './views.js';

const numbers = sevnPreset('sevn-numbers');

/** The recursion's answer for seat 0 holding `row`, seat 1's `other` row on the table, `seen` discarded. */
function exactAnswer(row: string[], other: string[], seen: string[]): number {
  const cards = new SevnCards(numbers);
  const deck = Array.from(cards.copies);
  const discard = new Array<number>(cards.codes).fill(0);
  for (const n of [...row, ...other, ...seen]) deck[cards.code(n)]--;
  for (const n of seen) discard[cards.code(n)]++;
  const s = new LastSeatSolver(numbers, cards);
  s.load({ deck, discard, row: row.map((n) => cards.code(n)) }, objectiveUtility(numbers, { kind: 'ev' }));
  return s.drawValue() > s.stayValue() ? Answer.DRAW : Answer.STAY;
}

describe('exact=last', () => {
  it('answers as the recursion at the last seat in, and as its own rule with an opponent in', () => {
    const positions: [string[], string[], string[]][] = [
      [['13', '12'], ['5'], ['7', '7']],
      [['2', '3'], ['13', '13'], []],
      [['0', '1', '2', '3', '4', '5'], ['9'], ['6']],
      [['11', '9', '4'], ['8', '8'], ['10', '10', '3']],
    ];
    for (const [row, other, seen] of positions) {
      const busted = other.length === 2 && other[0] === other[1];
      const v = situation({ rules: numbers, rows: [row, other], status: [Status.ACTIVE, busted ? Status.BUSTED : Status.STAYED], discarded: seen });
      const exact = exactAnswer(row, other, seen);
      expect(bot('ev:exact=last', numbers).drawOrStay(v), row.join(' ')).toBe(exact);
      expect(bot('race:exact=last', numbers).drawOrStay(v), row.join(' ')).toBe(exact); // round mode: totals 0, nothing decided
      const open = situation({ rules: numbers, rows: [row, ['5']], discarded: seen });
      expect(bot('ev:exact=last', numbers).drawOrStay(open)).toBe(bot('ev', numbers).drawOrStay(open));
      expect(bot('race:exact=last', numbers).drawOrStay(open)).toBe(bot('race', numbers).drawOrStay(open));
    }
  });
});
