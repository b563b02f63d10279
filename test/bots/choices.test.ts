/**
 * The situation-aware card choices on hand-set situations, each beside the fixed rule it replaces:
 * Freeze by what it denies, Triple Draw by exposure and points at stake, a spare Second Chance to whom
 * it is worth least, Crossroads by value to the game, Ballast kept when it raises the row now.
 */
import { describe, expect, it } from 'vitest';
import { Answer, Decision, Status } from '../../src/games/sevn/view.js';
import { bot, situation } from './views.js';

const all = (n: number) => (1 << n) - 1;

describe('card choices', () => {
  it('freeze=deny freezes the opponent whose next card is worth most to it, not the one with the fewest points', () => {
    // Seat 1: a 2 (2 points). Seat 2: x2 +10 9 (28 points): a new value counts twice. Seat 3: six high
    // values (huge bust risk: freezing it would bank 63 points for it).
    const v = situation({ rows: [['4'], ['2'], ['x2', '+10', '9'], ['13', '12', '11', '10', '9', '8']], decision: Decision.FREEZE, candidates: all(4), card: 'Freeze' });
    expect(bot('stay-at:freeze=deny').freezeTarget(v)).toBe(2);
    expect(bot('stay-at:freeze=fewest').freezeTarget(v)).toBe(1);
    expect(bot('stay-at:freeze=most').freezeTarget(v)).toBe(3);
  });

  it('freeze=deny freezes itself when every opponent would gain from a Freeze and its own next card is worth nothing', () => {
    const rows = [['13', '12', '11', '10', '9'], ['13', '12', '11', '10'], ['12', '11', '10', '9', '8']];
    const v = situation({ rows, discarded: ['13', '13', '13'], decision: Decision.FREEZE, candidates: all(3), card: 'Freeze' });
    expect(bot('stay-at:freeze=deny').freezeTarget(v)).toBe(0);
    // Not allowed to freeze itself: the opponent it hurts least by banking (the least negative gain).
    const noSelf = situation({ rows, discarded: ['13', '13', '13'], decision: Decision.FREEZE, candidates: 0b110, card: 'Freeze' });
    expect([1, 2]).toContain(bot('stay-at:freeze=deny').freezeTarget(noSelf));
  });

  it('triple=harm takes the Triple Draw itself when three cards help it and would help every opponent', () => {
    // Itself: x2 +10 1 0 (12 points, no duplicate possible: one 0 and one 1 in the deck). Opponent: a
    // lone 2 (low risk: three cards are likely to help it). `exposed` sends it to the opponent.
    const v = situation({ rows: [['x2', '+10', '1', '0'], ['2']], decision: Decision.TRIPLE_DRAW, candidates: all(2), card: 'TripleDraw' });
    expect(bot('stay-at:triple=harm').tripleDrawTarget(v)).toBe(0);
    expect(bot('stay-at:triple=exposed').tripleDrawTarget(v)).toBe(1);
  });

  it('triple=harm sends the Triple Draw to the opponent with most to lose', () => {
    // Seat 1: 13 12 11 10 (46 points, 42 duplicates unseen); seat 2: a 3 (3 points).
    const v = situation({ rows: [['5'], ['13', '12', '11', '10'], ['3']], decision: Decision.TRIPLE_DRAW, candidates: all(3), card: 'TripleDraw' });
    expect(bot('stay-at:triple=harm').tripleDrawTarget(v)).toBe(1);
  });

  it('gift=least gives a spare Second Chance to whom it is worth least, not to the fewest points', () => {
    // Seat 1: 13 12 (25 points, bust chance 23/115). Seat 2: x2 +10 +8 +6 1 0 (26 points, bust chance 0).
    const v = situation({ rows: [['SecondChance', '4'], ['13', '12'], ['x2', '+10', '+8', '+6', '1', '0']], decision: Decision.SECOND_CHANCE, candidates: 0b110, card: 'SecondChance' });
    expect(bot('stay-at:gift=least').secondChanceTo(v)).toBe(2);
    expect(bot('stay-at:gift=fewest').secondChanceTo(v)).toBe(1);
  });

  it('crossroads=game takes a Freeze over a small number when the Freeze denies an opponent more', () => {
    // Own row 13 12: a 2 adds 2. Opponent x2 +10 5: its next card is worth about 16 to it.
    const v = situation({ rows: [['13', '12'], ['x2', '+10', '5']], decision: Decision.CROSSROADS, options: ['2', 'Freeze'] });
    expect(bot('stay-at:crossroads=game').crossroads(v)).toBe(1);
    expect(bot('stay-at:crossroads=row').crossroads(v)).toBe(0);
    // Against a duplicate it takes the safe card either way.
    const dup = situation({ rows: [['13', '12'], ['x2', '+10', '5']], decision: Decision.CROSSROADS, options: ['13', '4'] });
    expect(bot('stay-at:crossroads=game').crossroads(dup)).toBe(1);
  });

  it('ballast=gain keeps a Ballast that completes a Featherweight, and discards one that only costs', () => {
    const fw = situation({ rows: [['Featherweight', '1', '2', '3'], ['9']], decision: Decision.BALLAST, card: '-2', discarded: ['-2'] });
    expect(bot('stay-at:ballast=gain').ballast(fw)).toBe(Answer.KEEP); // 6 -> 4 + 15
    expect(bot('stay-at:ballast=sevn').ballast(fw)).toBe(Answer.DISCARD);
    const plain = situation({ rows: [['1', '2', '3'], ['9']], decision: Decision.BALLAST, card: '-2', discarded: ['-2'] });
    expect(bot('stay-at:ballast=gain').ballast(plain)).toBe(Answer.DISCARD);
  });

  it('values the opponents by threat: the nearer the target, the more a Freeze is aimed at them', () => {
    // Two rows alike (+6 9 and +8 9: the same one-card gain); seat 2 is at 200 of 250, so its gain
    // counts 1.8 times, seat 1's 1.0 times.
    const v = situation({ rows: [['4'], ['+6', '9'], ['+6', '9'].map((c) => (c === '+6' ? '+8' : c))], totals: [0, 0, 200], decision: Decision.FREEZE, candidates: all(3), card: 'Freeze', status: [Status.ACTIVE, Status.ACTIVE, Status.ACTIVE] });
    expect(bot('stay-at:freeze=deny').freezeTarget(v)).toBe(2);
  });
});
