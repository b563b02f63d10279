/**
 * The expected gain of rows holding a bonus card, summed by groups of cards without a delta per card
 * (row-sums.ts bonusRowSum), worked out by hand over a few unseen cards (every other card discarded),
 * with the `sevn` preset's bonuses: Featherweight 15 points at 4 values <= 6, Heavyweight 12 at 3
 * values >= 10, Ladder 4 a card for a run of 3 or more. Someone else is in the round (seat 1).
 */
import { describe, expect, it } from 'vitest';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { NextCard } from '../../strategies/sevn/next-card.js';
import { situation } from './views.js';

/** Seat 0's expected gain from one more card when only `unseen` are left to draw, and its points. */
function gainLeaving(row: string[], unseen: string[]): { gain: number; points: number } {
  const cards = new SevnCards(sevnPreset('sevn'));
  const rows = [row, ['9']];
  const left = new Map<number, number>();
  for (const name of [...rows.flat(), ...unseen]) left.set(cards.code(name), (left.get(cards.code(name)) ?? 0) + 1);
  const discarded: string[] = [];
  for (let c = 0; c < cards.codes; c++) for (let k = left.get(c) ?? 0; k < cards.copies[c]; k++) discarded.push(cards.name(c));
  const v = situation({ rows, discarded });
  const nc = new NextCard(v.cards);
  nc.loadUnseen(v);
  nc.loadRow(v, 0);
  expect(nc.unseenTotal).toBe(unseen.length);
  nc.evaluate(true);
  return { gain: nc.gain, points: nc.points };
}

describe('NextCard: the expected gain of a row holding a bonus card, by groups of cards', () => {
  it('Featherweight: a fourth low value earns it, a high one does not, a duplicate busts', () => {
    // 1 2 3: 6 points. A 5 makes 11 + 15 = 26 (+20); a 9 makes 15 (+9); a 2 busts (-6);
    // +4: +4; x2: 12 (+6, three values: no Featherweight).
    const r = gainLeaving(['Featherweight', '1', '2', '3'], ['5', '9', '2', '+4', 'x2']);
    expect(r.points).toBe(6);
    expect(r.gain).toBe((20 + 9 - 6 + 4 + 6) / 5);
  });

  it('Featherweight earned already: a high value takes it away', () => {
    // 0 1 2 3: 6 + 15 = 21. A 4: 10 + 15 = 25 (+4); a 7: 13, no bonus (-8); a 2 busts (-21).
    const r = gainLeaving(['Featherweight', '0', '1', '2', '3'], ['4', '7', '2']);
    expect(r.points).toBe(21);
    expect(r.gain).toBe((4 - 8 - 21) / 3);
  });

  it('Featherweight with a high value held: no low value earns it', () => {
    // 1 2 9: 12 points. A 3: 15 (+3); a 5: 17 (+5); a 9 busts (-12).
    const r = gainLeaving(['Featherweight', '1', '2', '9'], ['3', '5', '9']);
    expect(r.points).toBe(12);
    expect(r.gain).toBe((3 + 5 - 12) / 3);
  });

  it('Heavyweight: at two heavy values only a heavy one earns it', () => {
    // 10 11: 21 points. A 12: 33 + 12 = 45 (+24); a 4: 25 (+4); a 10 busts (-21).
    const r = gainLeaving(['Heavyweight', '10', '11'], ['12', '4', '10']);
    expect(r.points).toBe(21);
    expect(r.gain).toBe((24 + 4 - 21) / 3);
  });

  it('Heavyweight earned already: every new value keeps it', () => {
    // 10 11 12 2: 35 + 12 = 47. A 5: 40 + 12 (+5); a 13: 48 + 12 (+13).
    const r = gainLeaving(['Heavyweight', '10', '11', '12', '2'], ['5', '13']);
    expect(r.points).toBe(47);
    expect(r.gain).toBe((5 + 13) / 2);
  });

  it('Ladder: only values next to a held one lengthen a run', () => {
    // 4 5 7: 16 points, longest run 2. A 6: 4-7, 22 + 16 = 38 (+22); a 3: 3-5, 19 + 12 = 31 (+15);
    // an 8: 7 8, run 2: 24 (+8); a 1, next to nothing: 17 (+1).
    const r = gainLeaving(['Ladder', '4', '5', '7'], ['6', '3', '8', '1']);
    expect(r.points).toBe(16);
    expect(r.gain).toBe((22 + 15 + 8 + 1) / 4);
  });

  it('Ladder earned already: a value apart keeps the run, one next to it lengthens it', () => {
    // 4 5 6: 15 + 12 = 27. A 9: 24 + 12 (+9); a 7: 22 + 16 (+11); a 3: 18 + 16 (+7).
    const r = gainLeaving(['Ladder', '4', '5', '6'], ['9', '7', '3']);
    expect(r.points).toBe(27);
    expect(r.gain).toBe((9 + 11 + 7) / 3);
  });
});
