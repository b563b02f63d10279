/**
 * `race` on hand-set situations: the end-of-game rules (stay when staying wins or ties for the lead at
 * or above the target; draw on when a stayed opponent finishes ahead otherwise), the threshold moving
 * with the totals, the opponents still in and their stakes, and the bust cap; and a stacked-deck game.
 */
import { describe, expect, it } from 'vitest';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, Status } from '../../src/games/sevn/view.js';
import { stacked } from '../sevn/helpers.js';
import { bot, situation } from './views.js';

const { ACTIVE, STAYED, FROZEN, BUSTED } = { ACTIVE: Status.ACTIVE, STAYED: Status.STAYED, FROZEN: Status.FROZEN, BUSTED: Status.BUSTED };

describe('race: the end of the game', () => {
  it('stays when staying now reaches the target with the highest total', () => {
    // 230 + 25 (13 + 12) = 255 >= 250; the best opponent: 240 + 9 = 249 (still in).
    const v = situation({ rows: [['13', '12'], ['9'], ['4']], totals: [230, 240, 100] });
    expect(v.points).toBe(25);
    // With a threshold of 80 it would draw on; the end-of-game rule stays.
    expect(bot('race:points=80').drawOrStay(v)).toBe(Answer.STAY);
  });

  it('stays on a tie for the lead at or above the target', () => {
    const v = situation({ rows: [['13', '12'], ['10', '5'], []], totals: [230, 240, 0], status: [ACTIVE, STAYED, ACTIVE] });
    expect(bot('race:points=80').drawOrStay(v)).toBe(Answer.STAY); // 255 = 255
  });

  it('does not stay at the target when an opponent would finish higher', () => {
    // 255 against an opponent still in at 240 + 20 = 260: the threshold decides (80: draw; 20: stay,
    // with the terms that move it off `points` set to 0).
    const v = situation({ rows: [['13', '12'], ['12', '8']], totals: [230, 240] });
    const flat = 'behind=0,ahead=0,stake=0,crowd=0';
    expect(bot(`race:points=80,${flat}`).drawOrStay(v)).toBe(Answer.DRAW);
    expect(bot(`race:points=20,${flat}`).drawOrStay(v)).toBe(Answer.STAY);
  });

  it('draws on, whatever the risk, when a stayed or frozen opponent will finish ahead of it', () => {
    // Opponent stayed at 240 + 20 = 260 >= 250; it has 200 + 50 = 250 < 260: staying loses for sure.
    // Its bust chance is far above risk=0.05 and its points above the threshold.
    for (const st of [STAYED, FROZEN]) {
      const v = situation({ rows: [['13', '12', '11', '10', '4'], ['12', '8']], totals: [200, 240], status: [ACTIVE, st] });
      expect(bot('race:points=10,risk=0.05').drawOrStay(v)).toBe(Answer.DRAW);
    }
    // A busted opponent at 240 banks nothing more: no reason to draw on.
    const busted = situation({ rows: [['13', '12', '11', '10', '4'], ['12', '12']], totals: [200, 240], status: [ACTIVE, BUSTED] });
    expect(bot('race:points=10,risk=0.05').drawOrStay(busted)).toBe(Answer.STAY);
    // Below the target the stayed opponent has not won yet: the threshold decides.
    const early = situation({ rows: [['13', '12', '11', '10', '4'], ['12', '8']], totals: [100, 200], status: [ACTIVE, STAYED] });
    expect(bot('race:points=10,risk=0.05').drawOrStay(early)).toBe(Answer.STAY);
    // Exactly at the target counts as reaching it: a stayed 230 + 20 = 250 wins against its 200 + 47 = 247.
    const exactly = situation({ rows: [['13', '12', '11', '10', '1'], ['12', '8']], totals: [200, 230], status: [ACTIVE, STAYED] });
    expect(exactly.points).toBe(47);
    expect(bot('race:points=10,risk=0.05').drawOrStay(exactly)).toBe(Answer.DRAW);
  });
});

describe('race: the threshold', () => {
  // crowd and risk pinned: the tuned defaults would stop most of these draws on the bust cap.
  it('draws below points and stays at it in a level game (round mode: totals 0)', () => {
    const v = situation({ rows: [['13', '9'], ['2']] }); // 22 points
    expect(bot('race:points=23,stake=0,crowd=0,risk=0.4').drawOrStay(v)).toBe(Answer.DRAW);
    expect(bot('race:points=22,stake=0,crowd=0,risk=0.4').drawOrStay(v)).toBe(Answer.STAY);
  });

  it('raises the threshold when behind and lowers it when ahead, by the game progress', () => {
    // 30 points. Behind: me 100, leader 200 (progress 0.8): T = 25 + 0.8 x 0.2 x 100 = 41 -> draw.
    const behind = situation({ rows: [['13', '9', '8'], ['2']], totals: [100, 200] });
    expect(bot('race:points=25,behind=0.2,stake=0,crowd=0,risk=0.4').drawOrStay(behind)).toBe(Answer.DRAW);
    expect(bot('race:points=25,behind=0,stake=0,crowd=0,risk=0.4').drawOrStay(behind)).toBe(Answer.STAY);
    // Ahead: me 200, best opponent 100: T = 35 - 0.8 x 0.2 x 100 = 19 -> stay at 30.
    const ahead = situation({ rows: [['13', '9', '8'], ['2']], totals: [200, 100] });
    expect(bot('race:points=35,ahead=0.2,stake=0,crowd=0,risk=0.4').drawOrStay(ahead)).toBe(Answer.STAY);
    expect(bot('race:points=35,ahead=0,stake=0,crowd=0,risk=0.4').drawOrStay(ahead)).toBe(Answer.DRAW);
  });

  it('moves with the opponents still in and their points at stake', () => {
    // 22 points; an opponent still in with 30 at stake: T = 10 + 0.5 x 30 = 25 -> draw; stayed -> 10 -> stay.
    const rows = [['13', '9'], ['13', '12', '5']];
    expect(bot('race:points=10,stake=0.5,crowd=0,risk=0.4').drawOrStay(situation({ rows }))).toBe(Answer.DRAW);
    expect(bot('race:points=10,stake=0.5,crowd=0,risk=0.4').drawOrStay(situation({ rows, status: [ACTIVE, STAYED] }))).toBe(Answer.STAY);
    // crowd: +5 per opponent still in: two in -> T = 12 + 10 = 22 -> stay at 22 ... 23 -> draw.
    const three = [['13', '9'], ['2'], ['3']];
    expect(bot('race:points=12,stake=0,crowd=5,risk=0.4').drawOrStay(situation({ rows: three }))).toBe(Answer.STAY);
    expect(bot('race:points=13,stake=0,crowd=5,risk=0.4').drawOrStay(situation({ rows: three }))).toBe(Answer.DRAW);
  });

  it('stays when the exact bust chance exceeds risk, and ignores it with a Second Chance', () => {
    // Row 2 3 4 held: 1 + 2 + 3 = 6 duplicates... 2 of 2s less one held (1), 3s (2), 4s (3): 6 of 116 unseen.
    const v = situation({ rows: [['2', '3', '4'], ['5']] });
    expect(bot('race:points=50,risk=0.06').drawOrStay(v)).toBe(Answer.DRAW); // 6/116 = 0.0517
    expect(bot('race:points=50,risk=0.05').drawOrStay(v)).toBe(Answer.STAY);
    const sc = situation({ rows: [['2', '3', '4', 'SecondChance'], ['5']] });
    expect(bot('race:points=50,risk=0').drawOrStay(sc)).toBe(Answer.DRAW);
  });

  it('counts the copies seen in earlier rounds, not only the held ones, before comparing with risk', () => {
    // Row 11 12 13 held: 10 + 11 + 12 = 33 duplicates at most. Ten 13s and ten 12s already discarded:
    // 10 + 1 + 2 = 13 duplicates among the 120 - 4 - 20 = 96 unseen, 0.1354 (at most 33/96 = 0.344).
    const discarded = [...Array(10).fill('13'), ...Array(10).fill('12')];
    const v = situation({ rows: [['11', '12', '13'], ['5']], discarded });
    expect(bot('race:points=50,risk=0.14').drawOrStay(v)).toBe(Answer.DRAW);
    expect(bot('race:points=50,risk=0.13').drawOrStay(v)).toBe(Answer.STAY);
  });

  it('plays solo without opponents', () => {
    expect(bot('race:points=20').drawOrStay(situation({ rows: [['13', '9']] }))).toBe(Answer.STAY);
    expect(bot('race:points=30').drawOrStay(situation({ rows: [['13', '9']] }))).toBe(Answer.DRAW);
  });

  it('works its floor out afresh at a new round, deck epoch or seat (the floor is kept for one round and seat)', () => {
    // 13 9: 22 points, its bust chance (12 + 8 unseen of about 110) below risk=0.9. race:points=40 with
    // the other terms at 0: totals 0 and 0, floor min(40, 250 - 0) = 40: 22 is under it, a draw.
    const spec = 'race:points=40,behind=0,ahead=0,stake=0,crowd=0,risk=0.9';
    const at = (totals: number[], round: number, epoch: number, seat = 0) => {
      const rows = seat === 0 ? [['13', '9'], ['5']] : [['5'], ['13', '9']];
      return Object.assign(situation({ rows, totals, round, seat }), { deckEpoch: epoch });
    };
    const r = bot(spec);
    expect(r.drawOrStay(at([0, 0], 1, 7))).toBe(Answer.DRAW);
    // Next round, same deck: totals 240 and 0. Its floor is now min(40, 250 - 240) = 10, and 240 + 22 =
    // 262 reaches the target with the lead: it stays (the last round's floor of 40 would draw).
    expect(r.drawOrStay(at([240, 0], 2, 7))).toBe(Answer.STAY);
    // Round 5 of a game with totals 0 (floor 40 kept, a draw), then round 5 of the next game (a new deck,
    // so a new epoch) with totals 240 and 0: the stay.
    expect(r.drawOrStay(at([0, 0], 5, 8))).toBe(Answer.DRAW);
    expect(r.drawOrStay(at([240, 0], 5, 9))).toBe(Answer.STAY);
    // The same bot asked for two seats of one round and deck (totals 0 and 240): seat 0's floor is 40 (a
    // draw at 22); seat 1's is min(40, 250 - 240) = 10, and 240 + 22 reaches the target with the lead.
    expect(r.drawOrStay(at([0, 240], 3, 10, 0))).toBe(Answer.DRAW);
    expect(r.drawOrStay(at([0, 240], 3, 10, 1))).toBe(Answer.STAY);
  });

  it('ends a stacked-deck game by staying at the target with the lead', () => {
    // Two players, a fresh deck every round (deckPersists false, so the stacked cards exist each
    // round); race (seat 0) against a player that always draws until it busts. Every round race
    // draws to its threshold 40: 13 12 11 5 (41); the other draws 2 2 and busts. After 6 rounds race
    // has 246; in round 7 it holds 13 + ... it stays once 246 + points >= 250 with the lead.
    const cards: string[] = [];
    for (let r = 0; r < 6; r++) {
      // The deal (seat 0 deals first: seat 1 then seat 0), then turns from the left of the dealer.
      const dealer = r % 2;
      const deal = dealer === 0 ? ['2', '13'] : ['13', '2'];
      cards.push(...deal);
      cards.push(...(dealer === 0 ? ['2', '12', '11', '5'] : ['12', '2', '11', '5']));
    }
    // Round 7 (dealer 0): deal 3 to seat 1, 4 to seat 0; seat 1 draws 3 (bust); race holds 4 = 250.
    cards.push('3', '4', '3');
    const players = [bot('race:points=40,behind=0,ahead=0,stake=0,risk=1'), bot('stay-at:points=1000')];
    const e = stacked(players, cards, { mode: 'game', rules: { ...sevnPreset('sevn'), deckPersists: false } });
    expect(Array.from(e.totals.subarray(0, 2))).toEqual([250, 0]);
    expect(e.round).toBe(6);
    expect(e.winShare[0]).toBe(1);
  });
});
