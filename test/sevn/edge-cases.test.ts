/** Edge cases an independent review found correct but untested, each from a stacked deck. */
import { describe, expect, it } from 'vitest';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { Status } from '../../src/games/sevn/view.js';
import { rowOf, scripted, stacked } from './helpers.js';

describe('Second Chance give-away', () => {
  // Dealer 0, four players: the deal goes 1, 2, 3, 0. Seat 1 is dealt a Second Chance, freezes seat 2,
  // seat 0 stays, then seat 1 draws a second Second Chance: only seat 3 (in the round, holding none)
  // may take it; not seat 0 (stayed), seat 2 (frozen) or seat 1 itself (holds one).
  const deck = ['SecondChance', '5', '6', '7', 'Freeze', '8', 'SecondChance'];
  const play = (recipient: number) =>
    stacked(
      [scripted('p0', { draws: '' }), scripted('p1', { draws: 'DDS', targets: [2, recipient] }), scripted('p2'), scripted('p3', { draws: 'D' })],
      deck,
    );

  it('goes to the only eligible player', () => {
    const e = play(3);
    expect(rowOf(e, 3)).toEqual(['6', '8', 'SecondChance']);
    expect(e.sc[3]).toBe(1);
    expect([e.status[0], e.status[2]]).toEqual([Status.STAYED, Status.FROZEN]);
  });

  it.each([
    [0, 'a player who stayed'],
    [2, 'a frozen player'],
    [1, 'the drawer, who holds one'],
  ])('refuses seat %i (%s)', (seat) => {
    expect(() => play(seat)).toThrow(/p1/);
  });
});

describe('the deck and discard pile running out', () => {
  it('during a Triple Draw ends the round as if everyone still in had stayed', () => {
    // Five cards in all: 1, 2, 3, 4 and a Triple Draw. Seat 1 is dealt 1, seat 0 is dealt 2; seat 1
    // draws the Triple Draw and sends it to seat 0, who draws 3 and 4; the third card does not exist.
    const r: SevnRules = {
      ...sevnPreset('sevn'),
      name: 'five-cards',
      numbers: [1, 2, 3, 4].map((value) => ({ value, copies: 1 })),
      ballast: [],
      modifiers: [],
      actions: { freeze: 0, secondChance: 0, tripleDraw: 1, crossroads: 0, storm: 0 },
      bonuses: {
        featherweight: { ...sevnPreset('sevn').bonuses.featherweight, count: 0 },
        heavyweight: { ...sevnPreset('sevn').bonuses.heavyweight, count: 0 },
        ladder: { ...sevnPreset('sevn').bonuses.ladder, count: 0 },
      },
    };
    const e = stacked([scripted('p0', { draws: 'D' }), scripted('p1', { draws: 'D', targets: [0] })], ['1', '2', 'TripleDraw', '3', '4'], { rules: r });
    expect(rowOf(e, 0)).toEqual(['2', '3', '4']);
    expect([e.roundScore[0], e.roundScore[1]]).toEqual([9, 1]);
  });
});

describe('bonus conditions not met', () => {
  it.each([
    ['Heavyweight with only two cards of 10 or more', ['Heavyweight', '10', '11', '5'], 'DDDS', 26],
    ['Featherweight with a 7 among four scoring cards', ['Featherweight', '1', '2', '3', '7'], 'DDDDS', 13],
    ['Featherweight with only three scoring cards', ['Featherweight', '1', '2', '3'], 'DDDS', 6],
    ['a Ladder run of two', ['Ladder', '4', '5', '9'], 'DDDS', 18],
  ])('%s', (_what, deck, draws, score) => {
    expect(stacked([scripted('p', { draws })], deck).roundScore[0]).toBe(score);
  });

  it('a Ladder run may start at 0: 0 1 2 scores 3 + 3 x 4', () => {
    expect(stacked([scripted('p', { draws: 'DDDS' })], ['Ladder', '0', '1', '2']).roundScore[0]).toBe(15);
  });
});

describe('flip7', () => {
  it('seven distinct values add 15 there', () => {
    const e = stacked([scripted('p', { draws: 'DDDDDD' })], ['1', '2', '3', '4', '5', '6', '7'], { rules: sevnPreset('flip7') });
    expect(e.sevnAt[0]).toBe(1);
    expect(e.roundScore[0]).toBe(28 + 15);
  });
});
