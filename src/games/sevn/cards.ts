/**
 * Card codes and lookup tables, built once per rules file. A card is a small integer: first one code
 * per number value (ascending), then one per Ballast value, one per modifier entry, then Second Chance,
 * Freeze, Triple Draw, Crossroads, Storm, Featherweight, Heavyweight and Ladder (always present, even
 * with 0 copies, so that their codes are fixed for a rules file).
 */
import { deckSize, type SevnRules } from './rules.js';

/**
 * Const enums, so that tsc writes the numbers into the engine and strategies: an imported `const` is a
 * module-cell load and a hole check at each use (with opponentBy's rewrite, 148.7k -> 135.1k
 * instructions a 4-player game, valgrind).
 */
export const enum Kind {
  NUMBER = 0,
  BALLAST = 1,
  MULTIPLY = 2,
  ADD = 3,
  SECOND_CHANCE = 4,
  FREEZE = 5,
  TRIPLE_DRAW = 6,
  CROSSROADS = 7,
  STORM = 8,
  FEATHERWEIGHT = 9,
  HEAVYWEIGHT = 10,
  LADDER = 11,
}

/** Bonus bits in a row's bonus mask. */
export const enum Bonus {
  FEATHERWEIGHT = 1,
  HEAVYWEIGHT = 2,
  LADDER = 4,
}

export class SevnCards {
  /** Distinct card codes. */
  readonly codes: number;
  /** Per code: its kind (Kind.*). */
  readonly kind: Uint8Array;
  /** Per code: number value, Ballast value (negative), modifier value, or 0. */
  readonly value: Int8Array;
  /** Per code: copies in the full deck. */
  readonly copies: Uint8Array;
  /** Per number value 0..30: its code, or 255 if the deck has no such value. */
  readonly numberCode: Uint8Array;
  readonly secondChance: number;
  readonly freeze: number;
  readonly tripleDraw: number;
  readonly crossroads: number;
  readonly storm: number;
  readonly featherweight: number;
  readonly heavyweight: number;
  readonly ladder: number;
  /** The full deck, one entry per card, in code order. */
  readonly deck: Uint8Array;

  constructor(readonly rules: Readonly<SevnRules>) {
    const kinds: number[] = [];
    const values: number[] = [];
    const copies: number[] = [];
    const add = (k: number, v: number, c: number): number => {
      kinds.push(k);
      values.push(v);
      copies.push(c);
      return kinds.length - 1;
    };
    this.numberCode = new Uint8Array(31).fill(255);
    for (const n of rules.numbers) this.numberCode[n.value] = add(Kind.NUMBER, n.value, n.copies);
    for (const b of rules.ballast) add(Kind.BALLAST, b, 1);
    for (const m of rules.modifiers) add(m.kind === 'multiply' ? Kind.MULTIPLY : Kind.ADD, m.value, m.count);
    const a = rules.actions;
    const bo = rules.bonuses;
    this.secondChance = add(Kind.SECOND_CHANCE, 0, a.secondChance);
    this.freeze = add(Kind.FREEZE, 0, a.freeze);
    this.tripleDraw = add(Kind.TRIPLE_DRAW, 0, a.tripleDraw);
    this.crossroads = add(Kind.CROSSROADS, 0, a.crossroads);
    this.storm = add(Kind.STORM, 0, a.storm);
    this.featherweight = add(Kind.FEATHERWEIGHT, 0, bo.featherweight.count);
    this.heavyweight = add(Kind.HEAVYWEIGHT, 0, bo.heavyweight.count);
    this.ladder = add(Kind.LADDER, 0, bo.ladder.count);
    this.codes = kinds.length;
    this.kind = Uint8Array.from(kinds);
    this.value = Int8Array.from(values);
    this.copies = Uint8Array.from(copies);
    this.deck = new Uint8Array(deckSize(rules));
    let i = 0;
    for (let c = 0; c < this.codes; c++) for (let k = 0; k < copies[c]; k++) this.deck[i++] = c;
  }

  /** A short readable name: `7`, `-2`, `x2`, `+4`, `Freeze`, ... */
  name(code: number): string {
    const v = this.value[code];
    switch (this.kind[code]) {
      case Kind.NUMBER: return String(v);
      case Kind.BALLAST: return String(v);
      case Kind.MULTIPLY: return `x${v}`;
      case Kind.ADD: return `+${v}`;
      case Kind.SECOND_CHANCE: return 'SecondChance';
      case Kind.FREEZE: return 'Freeze';
      case Kind.TRIPLE_DRAW: return 'TripleDraw';
      case Kind.CROSSROADS: return 'Crossroads';
      case Kind.STORM: return 'Storm';
      case Kind.FEATHERWEIGHT: return 'Featherweight';
      case Kind.HEAVYWEIGHT: return 'Heavyweight';
      default: return 'Ladder';
    }
  }

  /** The code of a card named as by `name` (for tests and stacked decks). */
  code(name: string): number {
    for (let c = 0; c < this.codes; c++) if (this.name(c) === name) return c;
    throw new Error(`no card "${name}" in rules "${this.rules.name}"`);
  }
}
