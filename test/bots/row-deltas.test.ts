/**
 * The deltas evaluate's general case (rows holding a bonus card) leaves for the Ballast and bonus cards
 * without working out a score each (next-card.ts anyRow), and the bonus cards of rows short of every
 * bonus's minimum, worked out by hand with the `sevn` preset's bonuses (Featherweight: 15 points at 4
 * values <= 6; Heavyweight: 12 at 3 values >= 10; Ladder: 4 a card for a run of 3 or more).
 */
import { describe, expect, it } from 'vitest';
import { Status } from '../../src/games/sevn/view.js';
import { NextCard } from '../../strategies/sevn/next-card.js';
import { situation } from './views.js';

/** Seat 0's deltas by card name after a full evaluation, and its points. */
function deltas(rows: string[][], status?: number[]): { of: (name: string) => number; points: number } {
  const v = situation({ rows, status });
  const nc = new NextCard(v.cards);
  nc.loadUnseen(v);
  nc.loadRow(v, 0);
  nc.expectedGain(true);
  return { of: (name) => nc.delta[v.cards.code(name)], points: nc.points };
}

describe('NextCard: Ballast and bonus cards on rows holding a bonus card', () => {
  it('a Ballast card raises a Featherweight row it completes (1 2 3 and -1: four low values)', () => {
    // 6 points now; kept, -1 makes 5 + 15 = 20: +14. Without the Featherweight it would be discarded (0).
    const d = deltas([['Featherweight', '1', '2', '3'], ['9']]);
    expect(d.points).toBe(6);
    expect(d.of('-1')).toBe(14);
    expect(d.of('-3')).toBe(12); // 3 + 15 = 18
    expect(d.of('Heavyweight')).toBe(0);
    expect(d.of('Ladder')).toBe(12); // the run 1 2 3: 3 x 4
  });

  it('a live row short of every minimum gains nothing from a bonus card or a Ballast', () => {
    const d = deltas([['Heavyweight', '2', '3'], ['9']]);
    expect(d.points).toBe(5);
    for (const name of ['Featherweight', 'Heavyweight', 'Ladder', '-1', '-2', '-3']) expect(d.of(name)).toBe(0);
  });

  it('a bonus card already held adds nothing (4 5 6 with a Ladder: 15 + 12 points)', () => {
    const d = deltas([['Ladder', '4', '5', '6'], ['9']]);
    expect(d.points).toBe(27);
    expect(d.of('Ladder')).toBe(0);
    expect(d.of('Heavyweight')).toBe(0);
    expect(d.of('-1')).toBe(0); // 14 + 12 = 26 < 27: discarded
  });

  it('a busted row (scored 0) values each card by the row it would score, as cardDelta does', () => {
    // Busted on a second 3: the row counts 2 and 3 (5 points unbusted), and scores 0.
    const d = deltas([['Heavyweight', '2', '3', '3'], ['9']], [Status.BUSTED, Status.ACTIVE]);
    expect(d.points).toBe(0);
    expect(d.of('Featherweight')).toBe(5);
    expect(d.of('Heavyweight')).toBe(5);
    expect(d.of('Ladder')).toBe(5);
    expect(d.of('-1')).toBe(4); // kept: 2 + 3 - 1
  });
});
