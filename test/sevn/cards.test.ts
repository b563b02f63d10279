/** Hand-worked rounds from stacked decks: every card's effect and every edge case the rule text answers. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { RoundCapError, SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { Status } from '../../src/games/sevn/view.js';
import { EventLog, rowOf, scripted, stacked } from './helpers.js';

/** A number-only deck: the given values, `copies` each. */
function tinyRules(values: [number, number][], target: number, distinct = 7): SevnRules {
  const r = sevnPreset('sevn-numbers');
  r.name = 'tiny';
  r.numbers = values.map(([value, copies]) => ({ value, copies }));
  r.target = target;
  r.sevn = { distinct, bonus: 17 };
  return r;
}

describe('SEVN numbers, bust and Second Chance', () => {
  it('a duplicate busts for 0', () => {
    const e = stacked([scripted('p', { draws: 'DD' })], ['5', '7', '5']);
    expect(rowOf(e, 0)).toEqual(['5', '7', '5']);
    expect(e.status[0]).toBe(Status.BUSTED);
    expect(e.roundScore[0]).toBe(0);
    expect(e.bustCount[0]).toBe(1);
  });

  it('Second Chance cancels one duplicate: both are discarded and the player stays in', () => {
    const e = stacked([scripted('p', { draws: 'DDDS' })], ['SecondChance', '5', '5', '9']);
    expect(rowOf(e, 0)).toEqual(['5', '9']);
    expect(e.status[0]).toBe(Status.STAYED);
    expect(e.sc[0]).toBe(0);
    expect(e.discardSize).toBe(2);
    expect(e.roundScore[0]).toBe(14);
  });

  it('a second Second Chance must go to a player in the round who holds none', () => {
    // Dealer 0: seat 1 is dealt first and plays first.
    const p0 = scripted('p0', { draws: 'D', targets: [1] });
    const p1 = scripted('p1', { draws: 'D' });
    const e = stacked([p0, p1], ['3', 'SecondChance', '4', 'SecondChance']);
    expect(rowOf(e, 0)).toEqual(['SecondChance']);
    expect(rowOf(e, 1)).toEqual(['3', '4', 'SecondChance']);
    expect(e.sc[1]).toBe(1);
    expect([e.roundScore[0], e.roundScore[1]]).toEqual([0, 7]);
  });

  it('a second Second Chance is discarded when nobody can take it', () => {
    const e = stacked([scripted('p', { draws: 'DD' })], ['SecondChance', 'SecondChance', '6']);
    expect(rowOf(e, 0)).toEqual(['SecondChance', '6']);
    expect(e.discardSize).toBe(1);
  });
});

describe('SEVN Ballast', () => {
  it('a kept Ballast is a distinct scoring value: it completes a SEVN', () => {
    const e = stacked([scripted('p', { draws: 'DDDDDD', ballast: [1] })], ['1', '2', '3', '4', '5', '6', '-2']);
    expect(e.sevnAt[0]).toBe(1);
    expect(e.roundScore[0]).toBe(21 - 2 + 17);
  });

  it('a discarded Ballast goes to the discard pile and counts for nothing', () => {
    const e = stacked([scripted('p', { draws: 'DDDDDDS', ballast: [0] })], ['1', '2', '3', '4', '5', '6', '-2']);
    expect(e.sevnAt[0]).toBe(0);
    expect(rowOf(e, 0)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(e.discardSize).toBe(1);
    expect(e.roundScore[0]).toBe(21);
  });

  it('a negative round clamps at 0', () => {
    const e = stacked([scripted('p', { draws: 'DS', ballast: [1] })], ['0', '-3']);
    expect(e.roundScore[0]).toBe(0);
  });

  it('Ballast counts for Featherweight', () => {
    const keep = stacked([scripted('p', { draws: 'DDDDS', ballast: [1] })], ['Featherweight', '1', '2', '3', '-2']);
    expect(keep.roundScore[0]).toBe(6 - 2 + 15);
    const drop = stacked([scripted('p', { draws: 'DDDDS', ballast: [0] })], ['Featherweight', '1', '2', '3', '-2']);
    expect(drop.roundScore[0]).toBe(6); // three scoring cards are not enough
  });

  it('Ballast never forms a Ladder run', () => {
    // -1, 0, 1 would be a run of 3 if Ballast counted.
    const e = stacked([scripted('p', { draws: 'DDDS', ballast: [1] })], ['Ladder', '0', '1', '-1']);
    expect(e.roundScore[0]).toBe(0);
  });
});

describe('SEVN modifiers, bonuses and the scoring order', () => {
  it('sum, x2, + modifiers, bonuses (never doubled), SEVN', () => {
    // 10 + 12 + 11 = 33, x2 = 66, +4 = 70, Heavyweight +12 = 82
    const e = stacked([scripted('p', { draws: 'DDDDDS' })], ['x2', '10', '+4', 'Heavyweight', '12', '11']);
    expect(e.roundScore[0]).toBe(82);
  });

  it('x2 does not double the SEVN bonus or a Ladder', () => {
    // 1..7 = 28, x2 = 56, Ladder 7 x 4 = 28, SEVN 17
    const e = stacked([scripted('p', { draws: 'DDDDDDDD' })], ['x2', 'Ladder', '1', '2', '3', '4', '5', '6', '7']);
    expect(e.sevnAt[0]).toBe(1);
    expect(e.roundScore[0]).toBe(56 + 28 + 17);
  });

  it('each bonus is earned once however many copies the row holds', () => {
    const e = stacked([scripted('p', { draws: 'DDDDDS' })], ['Featherweight', '1', 'Featherweight', '2', '3', '4']);
    expect(e.roundScore[0]).toBe(10 + 15);
  });

  it('Ladder scores 4 per card of the longest run of at least 3', () => {
    const e = stacked([scripted('p', { draws: 'DDDDDS' })], ['Ladder', '3', '4', '5', '9', '10']);
    expect(e.roundScore[0]).toBe(31 + 12);
    const short = stacked([scripted('p', { draws: 'DDDS' })], ['Ladder', '3', '4', '9']);
    expect(short.roundScore[0]).toBe(16);
  });

  it('a busted row scores 0 whatever it holds', () => {
    const e = stacked([scripted('p', { draws: 'DDD' })], ['+10', 'x2', '7', '7']);
    expect(e.roundScore[0]).toBe(0);
  });
});

describe('SEVN actions', () => {
  it('Freeze: the chosen player leaves the round safely and scores', () => {
    const p0 = scripted('p0', { draws: 'DS', targets: [1] });
    const p1 = scripted('p1');
    const e = stacked([p0, p1], ['8', 'Freeze', '10']);
    expect(e.status[1]).toBe(Status.FROZEN);
    expect([e.roundScore[0], e.roundScore[1]]).toEqual([10, 8]);
  });

  it('Freeze may target the drawer itself', () => {
    const e = stacked([scripted('p', { draws: 'D', targets: [0] })], ['9', 'Freeze']);
    expect(e.status[0]).toBe(Status.FROZEN);
    expect(e.roundScore[0]).toBe(9);
  });

  it('an action dealt is resolved at once; a frozen player gets no deal card', () => {
    const p0 = scripted('p0');
    const p1 = scripted('p1', { targets: [0] });
    const e = stacked([p0, p1], ['Freeze', '5']);
    expect(e.status[0]).toBe(Status.FROZEN);
    expect(rowOf(e, 0)).toEqual([]);
    expect(e.deckSize).toBe(e.size - 1);
  });

  it('Triple Draw: the target draws three cards one at a time', () => {
    const p0 = scripted('p0', { draws: 'S' });
    const p1 = scripted('p1', { draws: 'DS', targets: [0] });
    const e = stacked([p0, p1], ['2', '3', 'TripleDraw', '4', '5', '6']);
    expect(rowOf(e, 0)).toEqual(['3', '4', '5', '6']);
    expect([e.roundScore[0], e.roundScore[1]]).toEqual([18, 2]);
  });

  it('Triple Draw stops early on a bust', () => {
    const p0 = scripted('p0');
    const p1 = scripted('p1', { draws: 'DS', targets: [0] });
    const e = stacked([p0, p1], ['2', '3', 'TripleDraw', '4', '3', '9']);
    expect(e.status[0]).toBe(Status.BUSTED);
    expect(rowOf(e, 0)).toEqual(['3', '4', '3']);
    expect(e.deckSize).toBe(e.size - 5);
  });

  it('SEVN ends the round at once, even in the middle of a Triple Draw', () => {
    const e = stacked([scripted('p', { draws: 'DDDDD', targets: [0] })], ['1', '2', '3', '4', '5', 'TripleDraw', '6', '7', '8']);
    expect(e.sevnAt[0]).toBe(1);
    expect(rowOf(e, 0)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(e.roundScore[0]).toBe(28 + 17);
    expect(e.deckSize).toBe(e.size - 8);
  });

  it('Crossroads: the drawer takes one card and the other is discarded', () => {
    const e = stacked([scripted('p', { draws: 'DS', picks: [1] })], ['5', 'Crossroads', '9', '12']);
    expect(rowOf(e, 0)).toEqual(['5', '12']);
    expect(e.discardSize).toBe(2);
    expect(e.roundScore[0]).toBe(17);
  });

  it('Crossroads with two duplicates: the drawer must take one and busts', () => {
    const e = stacked([scripted('p', { draws: 'DD', picks: [0] })], ['5', '9', 'Crossroads', '5', '9']);
    expect(e.status[0]).toBe(Status.BUSTED);
    expect(e.roundScore[0]).toBe(0);
  });

  it('Crossroads with two duplicates: a Second Chance cancels the one taken', () => {
    const e = stacked([scripted('p', { draws: 'DDDS', picks: [1] })], ['5', 'SecondChance', '9', 'Crossroads', '5', '9']);
    expect(e.status[0]).toBe(Status.STAYED);
    expect(rowOf(e, 0)).toEqual(['5', '9']);
    expect(e.roundScore[0]).toBe(14);
  });

  it('Storm: every player still in the round draws once, clockwise from the drawer', () => {
    const p = [scripted('p0', { draws: 'S' }), scripted('p1', { draws: 'DS' }), scripted('p2', { draws: 'S' })];
    const e = stacked(p, ['1', '2', '3', 'Storm', '4', '5', '6']);
    expect([rowOf(e, 0), rowOf(e, 1), rowOf(e, 2)]).toEqual([['3', '6'], ['1', '4'], ['2', '5']]);
    expect([e.roundScore[0], e.roundScore[1], e.roundScore[2]]).toEqual([9, 5, 7]);
  });

  it('SEVN during a Storm ends the round: players after it do not draw', () => {
    // Deal order 1, 2, 0. Seat 0 builds 1..6, then seat 2's Storm gives seat 2 a 6 and seat 0 a 7.
    const p0 = scripted('p0', { draws: 'DDD', targets: [0] });
    const p1 = scripted('p1', { draws: 'DDDD' });
    const p2 = scripted('p2', { draws: 'DDDD' });
    const e = stacked([p0, p1, p2], [
      '13', '12', '1',
      '11', '10', 'TripleDraw', '2', '3', '4',
      '9', '8', '5',
      '7', '0', '6',
      '2', 'Storm', '6', '7',
    ]);
    expect(e.sevnAt[0]).toBe(1);
    expect(rowOf(e, 1)).toEqual(['13', '11', '9', '7', '2']); // no Storm card
    expect(rowOf(e, 2)).toEqual(['12', '10', '8', '0', '6']);
    expect([e.roundScore[0], e.roundScore[1], e.roundScore[2]]).toEqual([28 + 17, 42, 36]);
  });

  it('actions drawn in a sequence wait and then resolve first-in, first-out', () => {
    // Seat 0's Triple Draw gives seat 1 a Freeze and a Storm (both wait) and a 4. Then seat 1's
    // Freeze freezes seat 0, and only then its Storm: seat 0 is out, so only seat 1 draws.
    const log = new EventLog();
    const p0 = scripted('p0', { draws: 'D', targets: [1] });
    const p1 = scripted('p1', { draws: 'DS', targets: [0] });
    const e = stacked([p0, p1], ['2', '3', '9', 'TripleDraw', 'Freeze', 'Storm', '4', '5'], { log });
    expect(log.of(Ev.QUEUED).map((x) => x[1])).toEqual([1, 1]);
    expect(e.status[0]).toBe(Status.FROZEN);
    expect(rowOf(e, 0)).toEqual(['3']);
    expect(rowOf(e, 1)).toEqual(['2', '9', '4', '5']);
    expect([e.roundScore[0], e.roundScore[1]]).toEqual([3, 20]);
  });

  it('a waiting action whose owner busted is discarded', () => {
    const p0 = scripted('p0');
    const p1 = scripted('p1', { draws: 'DS', targets: [0] });
    const e = stacked([p0, p1], ['2', '3', 'TripleDraw', 'Freeze', '3']);
    expect(e.status[0]).toBe(Status.BUSTED);
    expect(e.status[1]).toBe(Status.STAYED);
    expect(e.discardSize).toBe(2); // the Triple Draw and the Freeze
  });

  it('a waiting Crossroads whose owner has left the round has no target and is discarded', () => {
    // Seat 1's Triple Draw gives seat 0 a Freeze, a Crossroads and a 4; seat 0 freezes itself, so its
    // Crossroads has nobody to resolve for.
    const p0 = scripted('p0', { targets: [0] });
    const p1 = scripted('p1', { draws: 'DS', targets: [0] });
    const e = stacked([p0, p1], ['2', '3', 'TripleDraw', 'Freeze', 'Crossroads', '4']);
    expect(e.status[0]).toBe(Status.FROZEN);
    expect(rowOf(e, 0)).toEqual(['3', '4']);
    expect(e.discardSize).toBe(3);
  });
});

describe('SEVN deck, dealer and game end', () => {
  it('an empty deck reshuffles the discard pile and leaves the table cards where they are', () => {
    // Round 1: 1, 2, stay (3). Round 2: 3, 4, 5, 6 empty the deck; the discard pile [1, 2] becomes the
    // deck; then deck and discard pile are both empty and the round ends as if the player had stayed.
    const rules = tinyRules([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]], 20);
    const log = new EventLog();
    const e = stacked([scripted('p', { draws: 'DSDDDDD' })], ['1', '2', '3', '4', '5', '6', '1', '2'], { rules, mode: 'game', log });
    expect(log.of(Ev.RESHUFFLE)).toEqual([[Ev.RESHUFFLE, -1, 2, 0]]);
    expect(e.roundCount).toBe(2);
    expect(e.totals[0]).toBe(3 + 21);
  });

  it('at a reshuffle the seen counts are the cards on the table, whatever the pile held', () => {
    // Round 1: deals 1 (seat 1) and 2 (seat 0), both stay: the pile is [2, 1]. Round 2: deals 3 and 4,
    // seat 0 draws 5, seat 1 draws 6, seat 0's next draw reshuffles [2, 1]: seen is the rows' 3 4 5 6.
    // Round 3's deal reshuffles a pile holding every card: nothing is seen.
    const rules = tinyRules([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]], 20);
    const e = new SevnEngine(rules);
    const seenAt: string[][] = [];
    e.tracer = {
      event: (ev) => {
        if (ev === Ev.RESHUFFLE) seenAt.push(['1', '2', '3', '4', '5', '6'].filter((n) => e.seen[e.cards.code(n)] === 1));
      },
    };
    e.stackDeck(['1', '2', '3', '4', '5', '6', '1', '2'].map((n) => e.cards.code(n)));
    e.playGame([scripted('p0', { draws: 'SDDD' }), scripted('p1', { draws: 'SDD' })], new Rng('reshuffle'));
    expect(seenAt.slice(0, 2)).toEqual([['3', '4', '5', '6'], []]);
  });

  it('a tied lead plays on; the dealer moves one seat clockwise each round', () => {
    const rules = tinyRules([[1, 1], [2, 1], [5, 2]], 5);
    const log = new EventLog();
    const e = stacked([scripted('p0'), scripted('p1')], ['5', '5', '1', '2'], { rules, mode: 'game', log });
    expect(e.roundCount).toBe(2);
    expect(log.of(Ev.ROUND_START).map((x) => x[1])).toEqual([0, 1]);
    expect(log.of(Ev.DEAL).map((x) => x[1])).toEqual([1, 0, 0, 1]);
    expect([e.totals[0], e.totals[1]]).toEqual([6, 7]);
    expect([e.winShare[0], e.winShare[1]]).toEqual([0, 1]);
  });

  it('a game that runs past maxRounds is an error', () => {
    const rules = tinyRules([[1, 4]], 100);
    rules.maxRounds = 3;
    const e = new SevnEngine(rules);
    expect(() => e.playGame([scripted('never'), scripted('never')], new Rng('x'))).toThrow(RoundCapError);
  });

  it('an illegal answer throws an Error naming the strategy', () => {
    const bad = { ...scripted('x'), label: 'bad-bot', drawOrStay: () => 2 };
    expect(() => stacked([bad], ['5'])).toThrow(/strategy "bad-bot".*draw-or-stay/);
    const badTarget = scripted('bad-target', { draws: 'D', targets: [3] });
    expect(() => stacked([badTarget, scripted('p1')], ['1', '2', 'Freeze'])).toThrow(/strategy "bad-target".*Freeze target 3/);
  });
});
