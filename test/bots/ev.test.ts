/**
 * `ev`: its expected gain equals an exact enumeration over the unseen cards, written here card by card
 * from the rules in next-card.ts and scored by the plain scorer (scoring.ts), on rows with modifiers,
 * bonus cards, Ballast and a Second Chance, with action cards left in the deck; and it draws exactly
 * when that gain exceeds its margin.
 */
import { describe, expect, it } from 'vitest';
import { Kind, SevnCards } from '../../src/games/sevn/cards.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { explainScore } from '../../src/games/sevn/scoring.js';
import { Rng } from '../../src/engine/rng.js';
import { Answer, Status, type SevnView } from '../../src/games/sevn/view.js';
import { NextCard, othersIn } from '../../strategies/sevn/next-card.js';
import { bot, situation } from './views.js';

/** Every unseen physical card, by code: the deck (full deck less seen), or with an empty deck every card not on the table. */
function unseenCards(v: SevnView): number[] {
  const out: number[] = [];
  for (let c = 0; c < v.cards.codes; c++) {
    let k = v.cards.copies[c];
    if (v.deckSize > 0) k -= v.seen[c];
    else for (let s = 0; s < v.players; s++) for (let i = 0; i < v.rowLengths[s]; i++) if (v.rows[s * v.rowStride + i] === c) k--;
    for (let j = 0; j < k; j++) out.push(c);
  }
  return out;
}

/** The gain by enumeration: each unseen card's change to seat `seat`'s row, averaged. */
function enumeratedGain(v: SevnView, seat: number, others: boolean): number {
  const cards: SevnCards = v.cards;
  const row = Array.from({ length: v.rowLengths[seat] }, (_, i) => v.rows[seat * v.rowStride + i]);
  const distinctOf = (r: number[]) => new Set(r.filter((c) => cards.kind[c] === Kind.NUMBER || cards.kind[c] === Kind.BALLAST).map((c) => cards.value[c])).size;
  const score = (r: number[]) => explainScore(cards, r, distinctOf(r) >= v.rules.sevn.distinct, false).total;
  const points = score(row);
  const held = new Set(row.filter((c) => cards.kind[c] === Kind.NUMBER).map((c) => cards.value[c]));
  const sc = row.some((c) => cards.kind[c] === Kind.SECOND_CHANCE);
  const unseen = unseenCards(v);
  const n = unseen.length;
  const bust = sc ? 0 : unseen.filter((c) => cards.kind[c] === Kind.NUMBER && held.has(cards.value[c])).length / n;
  // Cards acting on the row: exact.
  const direct = (c: number): number => {
    switch (cards.kind[c]) {
      case Kind.NUMBER:
        if (held.has(cards.value[c])) return sc ? 0 : -points;
        return score([...row, c]) - points;
      case Kind.BALLAST:
        return Math.max(0, score([...row, c]) - points);
      case Kind.MULTIPLY:
      case Kind.ADD:
      case Kind.FEATHERWEIGHT:
      case Kind.HEAVYWEIGHT:
      case Kind.LADDER:
        return score([...row, c]) - points;
      case Kind.SECOND_CHANCE:
        return sc ? 0 : bust * points;
      default:
        return 0; // Freeze; Triple Draw with someone else in; Storm and Crossroads below
    }
  };
  if (!others) throw new Error('the enumeration covers Triple Draw sent away only');
  const baseValue = (c: number) => direct(c);
  const storm = unseen.reduce((s, c) => s + baseValue(c), 0) / n;
  const value1 = (c: number) => (cards.kind[c] === Kind.STORM ? storm : cards.kind[c] === Kind.CROSSROADS ? 0 : baseValue(c));
  // Crossroads: the better of two other cards, over every ordered pair of distinct physical cards.
  const crossroads = (): number => {
    const rest = [...unseen];
    rest.splice(rest.indexOf(cards.crossroads), 1);
    if (rest.length < 2) return rest.length === 1 ? value1(rest[0]) : 0;
    let sum = 0;
    for (let i = 0; i < rest.length; i++) for (let j = 0; j < rest.length; j++) if (i !== j) sum += Math.max(value1(rest[i]), value1(rest[j]));
    return sum / (rest.length * (rest.length - 1));
  };
  const x = unseen.includes(cards.crossroads) ? crossroads() : 0;
  return unseen.reduce((s, c) => s + (cards.kind[c] === Kind.CROSSROADS ? x : value1(c)), 0) / n;
}

/** The number cards' part of the gain by enumeration (their summed change, not divided by the unseen total). */
function numbersPart(v: SevnView, seat: number): number {
  const cards: SevnCards = v.cards;
  const row = Array.from({ length: v.rowLengths[seat] }, (_, i) => v.rows[seat * v.rowStride + i]);
  const score = (r: number[]) => explainScore(cards, r, false, false).total;
  const points = score(row);
  const held = new Set(row.filter((c) => cards.kind[c] === Kind.NUMBER).map((c) => cards.value[c]));
  const sc = row.some((c) => cards.kind[c] === Kind.SECOND_CHANCE);
  let part = 0;
  for (const c of unseenCards(v)) {
    if (cards.kind[c] !== Kind.NUMBER) continue;
    if (held.has(cards.value[c])) part += sc ? 0 : -points;
    else {
      const next = [...row, c];
      const distinct = new Set(next.filter((x) => cards.kind[x] === Kind.NUMBER || cards.kind[x] === Kind.BALLAST).map((x) => cards.value[x])).size;
      part += explainScore(cards, next, distinct >= v.rules.sevn.distinct, false).total - points;
    }
  }
  return part;
}

const cases: { name: string; rows: string[][]; discarded?: string[]; preset?: string; emptyDeck?: boolean }[] = [
  { name: 'x2 and +4 on two numbers', rows: [['7', '12', 'x2', '+4'], ['3'], ['9', '9']], discarded: ['13', '13', 'Freeze', '+10'] },
  { name: 'Ladder with a kept Ballast, a Crossroads seen', rows: [['Ladder', '3', '4', '6', '-2'], ['11', '+8']], discarded: ['5', '5', 'Crossroads'] },
  { name: 'Heavyweight and a Second Chance', rows: [['Heavyweight', '10', '11', 'SecondChance'], ['2', '12']], discarded: ['Storm'] },
  { name: 'Featherweight row near a SEVN', rows: [['Featherweight', '0', '1', '2', '3', '5', '-1'], ['13', '12', '11']] },
  { name: 'six values: the next new number is a SEVN', rows: [['2', '3', '4', '5', '6', '8', '+2'], ['7']], discarded: ['x2', '-3', 'Ladder'] },
  { name: 'a clamped row (Ballast below 0) with x2', rows: [['0', '-3', '-2', 'x2'], ['4']] },
  { name: 'empty deck: the reshuffled discard pile', rows: [['9', '10', '+6'], ['12', '13', 'SecondChance']], emptyDeck: true },
  { name: 'flip7 deck', rows: [['11', '12', 'x2', '+10'], ['5']], discarded: ['12', '12', 'Freeze', 'TripleDraw'], preset: 'flip7' },
];

describe('ev: the expected gain of one more card', () => {
  for (const c of cases) {
    it(`equals the enumeration over the unseen cards: ${c.name}`, () => {
      const v = situation({ rows: c.rows, discarded: c.discarded, emptyDeck: c.emptyDeck, rules: sevnPreset(c.preset ?? 'sevn') });
      const nc = new NextCard(v.cards);
      nc.loadUnseen(v);
      nc.loadRow(v, 0);
      const gain = nc.expectedGain(othersIn(v, 0));
      expect(gain).toBeCloseTo(enumeratedGain(v, 0, true), 10);
      // The fast decision (the Crossroads term bounded first) agrees with the exact gain around it.
      for (const margin of [gain - 0.01, gain + 0.01, -20, 20]) expect(nc.exceeds(true, margin)).toBe(gain > margin);
    });
  }

  it('values a hand-worked row: 12 alone, nothing else seen', () => {
    // Row 12 (12 points); the other row holds a 3; the unseen 118 cards: 11 more 12s bust (-12 each);
    // every other number v adds v;
    // +2..+10 add their value; x2 adds 12; Ladder/Heavyweight/Featherweight add nothing now; Ballast is
    // discarded (keeping lowers the row); Second Chance insures 12 x 11/118; Freeze and Triple Draw 0;
    // Storm the mean of the rest; Crossroads the better of two.
    const v = situation({ rows: [['12'], ['3']] });
    const numbers = (0 + 1 + [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13].reduce((s, x) => s + x * x, 0)) - 11 * 12;
    const mods = 2 + 4 + 6 + 8 + 10 + 12;
    // '3' is on the other row: one fewer 3 unseen.
    const base = numbers - 3 + mods + 3 * (12 * 11) / 118;
    const nc = new NextCard(v.cards);
    nc.loadUnseen(v);
    nc.loadRow(v, 0);
    const gain = nc.expectedGain(true);
    const storm = base / 118;
    expect(nc.delta[v.cards.storm]).toBeCloseTo(storm, 12);
    expect(gain).toBeCloseTo((base + 2 * storm + 2 * nc.delta[v.cards.crossroads]) / 118, 12);
    expect(gain).toBeCloseTo(enumeratedGain(v, 0, true), 10);
  });

  it('draws when the gain exceeds the margin and stays otherwise', () => {
    // A small row: drawing gains; a big risky row: drawing loses.
    const small = situation({ rows: [['5', '6'], ['2']] });
    const big = situation({ rows: [['13', '12', '11', '10', '9'], ['2']] });
    expect(bot('ev').drawOrStay(small)).toBe(Answer.DRAW);
    expect(bot('ev').drawOrStay(big)).toBe(Answer.STAY);
    const nc = new NextCard(small.cards);
    nc.loadUnseen(small);
    nc.loadRow(small, 0);
    const g = nc.expectedGain(true);
    expect(bot(`ev:margin=${g + 0.001}`).drawOrStay(small)).toBe(Answer.STAY);
    expect(bot(`ev:margin=${g - 0.001}`).drawOrStay(small)).toBe(Answer.DRAW);
  });

  it('values a Triple Draw it must take itself by the three-card rule, and 0 when it can send it away', () => {
    const alone = situation({ rows: [['4', '9'], ['7']], status: [Status.ACTIVE, Status.STAYED] });
    const nc = new NextCard(alone.cards);
    nc.loadUnseen(alone);
    nc.loadRow(alone, 0);
    nc.expectedGain(true);
    expect(nc.delta[alone.cards.tripleDraw]).toBe(0);
    nc.expectedGain(false);
    // A row of 13 with 4 and 9 held: 3 + 8 duplicates among the 117 unseen.
    const q = 11 / 117;
    expect(nc.bust).toBeCloseTo(q, 12);
    // The rule: (1 - q)^3 (13 + 3a) - 13 with a the mean change of a card that does not bust.
    const g = (nc.delta.reduce((s, d, c) => s + (c === alone.cards.tripleDraw || c === alone.cards.storm || c === alone.cards.crossroads ? 0 : d * nc.unseen[c]), 0)) / 117;
    const a = (g + q * 13) / (1 - q);
    expect(nc.delta[alone.cards.tripleDraw]).toBeCloseTo((1 - q) ** 3 * (13 + 3 * a) - 13, 12);
  });

  it('counts the Featherweight bonus a high value would take away before it settles a draw (surelyDraws)', () => {
    // 1 2 3 4 with a Featherweight: 10 + 15 points. The unseen numbers' values alone would say draw, but
    // each of the 70 unseen values 7 to 13 takes the 15 points away: the gain is below the margin.
    const v = situation({ rows: [['1', '2', '3', '4', 'Featherweight'], ['13']] });
    const nc = new NextCard(v.cards);
    nc.loadNumbers(v);
    nc.loadRow(v, 0);
    expect(nc.points).toBe(25);
    expect(enumeratedGain(v, 0, true)).toBeLessThan(-2);
    expect(nc.surelyDraws(-2)).toBe(false);
    nc.loadRest(v);
    expect(nc.exceeds(true, -2)).toBe(false);
  });

  it('counts a Triple Draw as a cost when alone in the round before it settles a draw (surelyDraws)', () => {
    // 0 to 5 held (15 points), alone in the round; unseen: 5, 5, 13 and three Triple Draws. The numbers
    // break even (13 + 17 against two busts of 15), but each Triple Draw taken, a third of the cards
    // busting, costs the row: the gain is below the margin.
    const rules = sevnPreset('sevn');
    const cards = new SevnCards(rules);
    const rows = [['0', '1', '2', '3', '4', '5'], ['13']];
    const left = Array.from(cards.copies);
    for (const x of [...rows.flat(), '5', '5', '13', 'TripleDraw', 'TripleDraw', 'TripleDraw']) left[cards.code(x)]--;
    const discarded = left.flatMap((k, c) => Array.from({ length: k }, () => cards.name(c)));
    const v = situation({ rows, discarded, status: [Status.ACTIVE, Status.STAYED], rules });
    const nc = new NextCard(v.cards);
    nc.loadUnseen(v);
    nc.loadRow(v, 0);
    expect(nc.unseenTotal).toBe(6);
    expect(nc.surelyDraws(-0.5)).toBe(true); // with someone else in, a Triple Draw costs nothing
    expect(nc.surelyDraws(-0.5, false)).toBe(false);
    expect(nc.exceeds(false, -0.5)).toBe(false);
  });

  it('settles a draw from the number cards alone only when the exact test draws too (surelyDraws)', () => {
    // Random rows of numbers, modifiers, Ballast, a Second Chance or a bonus card (whose points the
    // bound must allow for: a Featherweight lost to a high value), random cards seen: whenever
    // surelyDraws says yes, the exact test (exceeds, every card valued) draws, and the gain by
    // enumeration is at least 0, with someone else in the round or alone.
    const rng = new Rng('surely-draws');
    let fired = 0;
    let declined = 0;
    let firedBonus = 0;
    let firedAlone = 0;
    for (const preset of ['sevn', 'flip7']) {
      const rules = sevnPreset(preset);
      const cards = new SevnCards(rules);
      const pick = (names: string[]) => names[rng.below(names.length)];
      const numbers = rules.numbers.map((x) => String(x.value));
      const extras = ['x2', '+2', '+4', '+10', 'SecondChance', ...(preset === 'sevn' ? ['-1', '-3', 'Ladder', 'Heavyweight', 'Featherweight'] : [])];
      for (let i = 0; i < 150; i++) {
        // Cards taken from the deck, never more of one than it holds.
        const left = new Map<string, number>();
        const take = (x: string): boolean => {
          const k = left.get(x) ?? cards.copies[cards.code(x)];
          if (k === 0) return false;
          left.set(x, k - 1);
          return true;
        };
        const row: string[] = [];
        const n = 1 + rng.below(5);
        while (row.length < n) {
          const x = pick(numbers);
          if (!row.includes(x) && take(x)) row.push(x);
        }
        const extra = pick(extras);
        if (rng.below(2) === 0 && take(extra)) row.push(extra);
        const other = [numbers.find((x) => take(x))!];
        const discarded: string[] = [];
        for (let j = rng.below(25); j > 0; j--) {
          const x = pick(numbers);
          if (take(x)) discarded.push(x);
        }
        const v = situation({ rows: [row, other], discarded, rules });
        const nc = new NextCard(v.cards);
        // Where the shortcut applies (no bonus card, a sum of at least 0), it fires exactly when the
        // numbers' part of the gain, by enumeration, is at least 0.
        const bonusCard = row.some((x) => ['Ladder', 'Heavyweight', 'Featherweight'].includes(x));
        const sum = row.reduce((t, x) => t + (numbers.includes(x) || x.startsWith('-') ? Number(x) : 0), 0);
        nc.loadNumbers(v);
        nc.loadRow(v, 0);
        if (!bonusCard && sum >= 0) expect(nc.surelyDraws(-2)).toBe(numbersPart(v, 0) >= 0);
        for (const margin of [-0.5, -2, -8]) {
          nc.loadNumbers(v);
          nc.loadRow(v, 0);
          if (!nc.surelyDraws(margin)) {
            declined++;
            continue;
          }
          fired++;
          if (bonusCard) firedBonus++;
          nc.loadRest(v);
          expect(nc.exceeds(true, margin)).toBe(true);
          expect(enumeratedGain(v, 0, true)).toBeGreaterThanOrEqual(0);
        }
        // Alone in the round (a Triple Draw is its own to take, at a cost when it can bust): whenever
        // the bound says yes, the exact test draws; with a Second Chance held it says yes as with
        // someone else in.
        for (const margin of [-0.5, -2, -8]) {
          nc.loadNumbers(v);
          nc.loadRow(v, 0);
          const withOthers = nc.surelyDraws(margin);
          const alone = nc.surelyDraws(margin, false);
          if (row.includes('SecondChance')) expect(alone).toBe(withOthers);
          if (!alone) continue;
          if (!row.includes('SecondChance')) firedAlone++;
          nc.loadRest(v);
          expect(nc.exceeds(false, margin)).toBe(true);
          nc.evaluate(false, true);
          expect(nc.gain).toBeGreaterThanOrEqual(0);
        }
        // Never with a margin of 0 or more.
        nc.loadNumbers(v);
        nc.loadRow(v, 0);
        expect(nc.surelyDraws(0)).toBe(false);
        expect(nc.surelyDraws(0, false)).toBe(false);
      }
    }
    // Both answers occur: the test would catch a shortcut that fires wrongly or never.
    expect(fired).toBeGreaterThan(100);
    expect(declined).toBeGreaterThan(100);
    expect(firedBonus).toBeGreaterThan(10);
    expect(firedAlone).toBeGreaterThan(10);
  });
});

