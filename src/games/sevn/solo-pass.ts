/**
 * The bust table's exact columns on a deck with modifiers, Second Chance, Freeze and Triple Draw cards
 * (the `flip7` deck): a forward pass over a solo round from a fresh deck, the strategy answering from a
 * view of each state. In a solo round from a fresh deck what the deck holds follows from what was
 * drawn, so a state is: the number values held and how many copies of them the deck still holds (a
 * duplicate busts, or a held Second Chance cancels it and both are discarded), the modifiers drawn,
 * the Second Chances, Freezes and Triple Draws left and whether a Second Chance is held, and during a
 * Triple Draw the cards it still deals and the actions waiting. States are kept per cards drawn (every
 * step draws one), so each is expanded once with its whole chance; the engine's steps (engine.ts): a
 * Triple Draw deals its cards in sequence, actions among them wait and resolve first in, first out; a
 * Freeze can only freeze the player, which ends the round (without freezeSelf it is discarded).
 *
 * The view gives the strategy the deck's copies of each held value as one total (the duplicates a
 * Second Chance cancelled are counted against the lowest held values): exact for strategies that read
 * only that total, as every built-in one with a solo draw rule does. Decks with Ballast, Crossroads,
 * Storm or bonus cards, or small enough to be reshuffled within a round, are left out (null).
 */
import { Rng } from '../../engine/rng.js';
import { Kind, SevnCards } from './cards.js';
import { makeSevnPlayers } from './index.js';
import type { SevnRules } from './rules.js';
import { Answer, Decision, type SevnStrategyDef, type SevnView } from './view.js';

export interface SoloPassRow {
  /** Expected draw decisions per round at this (distinct, points) (a Second Chance drawn or used leaves the points as they were), and their mean next-card bust chance. */
  reach: number;
  bust: number;
}

export interface SoloPass {
  /** Per stateKey(distinct, points) (bust-sim.ts). */
  rows: Map<number, SoloPassRow>;
  /** The round's expected score, its second moment, and the chances of a bust and of a SEVN. */
  mean: number;
  meanSquare: number;
  bustChance: number;
  sevnChance: number;
  states: number;
}

/** Why the pass does not apply to these rules, or null when it does. */
export function soloPassRefusal(r: SevnRules): string | null {
  const a = r.actions;
  const b = r.bonuses;
  if (r.ballast.length || a.crossroads || a.storm || b.featherweight.count || b.heavyweight.count || b.ladder.count) {
    // On the sevn deck a solo round of stay-at:points=25 keeps drawing at 5,034,112 sets of cards or more (scripts/solo-states.mjs).
    return 'the exact pass takes numbers, modifiers, Second Chance, Freeze and Triple Draw; this deck has Ballast, Crossroads, Storm or bonus cards too, and every set of its cards drawn would be kept apart (on the sevn deck, 5 million states or more)';
  }
  const cards = new SevnCards(r);
  // The most cards a solo round can draw: every card but the numbers not held, a SEVN's worth of values.
  let others = 0;
  for (let c = 0; c < cards.codes; c++) if (cards.kind[c] !== Kind.NUMBER) others += cards.copies[c];
  if (a.freeze + a.tripleDraw > QMAX) return `the deck has more than ${QMAX} Freeze and Triple Draw cards, more than the exact pass keeps waiting`;
  if (others + r.sevn.distinct + a.secondChance + a.tripleDraw * r.tripleDrawCards >= cards.deck.length) return 'the deck is small enough to be reshuffled within a solo round, which the exact pass leaves out';
  return null;
}

/** Fields of a state, packed into one number by mixed radix (each field below its size). */
const enum F {
  HELD, DUPS, SC_HELD, SEQ, QLEN, Q0, Q1, Q2, Q3, Q4, Q5, OTHER, // then one per non-number code: copies left
}
const QMAX = 6;

class Packer {
  static fits(sizes: number[]): boolean {
    return sizes.reduce((a, b) => a * b, 1) <= 2 ** 53;
  }
  readonly size: number[] = [];
  readonly radix: number[] = [];
  constructor(sizes: number[]) {
    let r = 1;
    for (const s of sizes) {
      this.size.push(s);
      this.radix.push(r);
      r *= s;
    }
  }
  pack(f: Int32Array): number {
    let k = 0;
    for (let i = 0; i < f.length; i++) k += f[i] * this.radix[i];
    return k;
  }
  unpack(k: number, f: Int32Array): void {
    for (let i = f.length - 1; i >= 0; i--) {
      const d = Math.floor(k / this.radix[i]);
      f[i] = d;
      k -= d * this.radix[i];
    }
  }
}

/** States a bust table's pass may keep (a few seconds); past them the table has no exact columns. */
export const SOLO_PASS_MAX_STATES = 250_000;

/** The exact pass, or why there is none: the deck (soloPassRefusal) or the states past `maxStates`. */
export function soloPass(r: SevnRules, strategies: readonly SevnStrategyDef[], spec: string, maxStates = SOLO_PASS_MAX_STATES): SoloPass | { why: string } {
  const refused = soloPassRefusal(r);
  if (refused !== null) return { why: refused };
  const cards = new SevnCards(r);
  const [player] = makeSevnPlayers(strategies, r, [spec], [new Rng()]);
  const numbers: number[] = [];
  const otherCodes: number[] = [];
  for (let c = 0; c < cards.codes; c++) (cards.kind[c] === Kind.NUMBER ? numbers : otherCodes).push(c);
  // Held values as a bit per number code (index in `numbers`).
  let dupMax = 0;
  for (const c of numbers) dupMax += cards.copies[c];
  const sizes = [2 ** numbers.length, dupMax + 1, 2, r.tripleDrawCards + 1, QMAX + 1, 3, 3, 3, 3, 3, 3, ...otherCodes.map((c) => cards.copies[c] + 1)];
  const packer = Packer.fits(sizes) ? new Packer(sizes) : null;
  if (packer === null) return { why: 'the deck has too many kinds of cards for the exact pass to key its states' };
  const fields = sizes.length;
  const view = new SoloView(r, cards);
  const f = new Int32Array(fields);
  const g = new Int32Array(fields);
  const sevnDistinct = r.sevn.distinct;
  const out: SoloPass = { rows: new Map(), mean: 0, meanSquare: 0, bustChance: 0, sevnChance: 0, states: 0 };
  const freezeSelf = r.freezeSelf !== false;

  const heldCount = (h: number) => {
    let k = 0;
    for (let m = h; m !== 0; m &= m - 1) k++;
    return k;
  };
  /** The row's round points now (no SEVN bonus). */
  const points = (s: Int32Array): number => {
    let sum = 0;
    for (let i = 0; i < numbers.length; i++) if ((s[F.HELD] >>> i) & 1) sum += cards.value[numbers[i]];
    let mult = 1;
    let plus = 0;
    for (let j = 0; j < otherCodes.length; j++) {
      const c = otherCodes[j];
      const drawn = cards.copies[c] - s[F.OTHER + j];
      if (cards.kind[c] === Kind.MULTIPLY) mult *= cards.value[c] ** drawn;
      else if (cards.kind[c] === Kind.ADD) plus += cards.value[c] * drawn;
    }
    const t = sum * mult + plus;
    return t < 0 ? 0 : t;
  };
  const deckTotal = (s: Int32Array): number => {
    let d = s[F.DUPS];
    for (let i = 0; i < numbers.length; i++) if (!((s[F.HELD] >>> i) & 1)) d += cards.copies[numbers[i]];
    for (let j = 0; j < otherCodes.length; j++) d += s[F.OTHER + j];
    return d;
  };
  const end = (score: number, p: number) => {
    out.mean += p * score;
    out.meanSquare += p * score * score;
  };

  let layer: Map<number, number>;
  f.fill(0);
  for (let j = 0; j < otherCodes.length; j++) f[F.OTHER + j] = cards.copies[otherCodes[j]];
  // The deal: a forced first card, then the decisions.
  let next = new Map<number, number>();
  const expand = (s: Int32Array, p: number, inSequence: boolean): void => {
    const total = deckTotal(s);
    // A held value's copy: a bust, or a Second Chance cancels it.
    if (s[F.DUPS] > 0) {
      const q = (p * s[F.DUPS]) / total;
      if (s[F.SC_HELD] === 0) {
        out.bustChance += q;
        end(0, q);
      } else {
        g.set(s);
        g[F.DUPS]--;
        g[F.SC_HELD] = 0;
        push(g, q, inSequence);
      }
    }
    for (let i = 0; i < numbers.length; i++) {
      const c = numbers[i];
      if ((s[F.HELD] >>> i) & 1 || cards.copies[c] === 0) continue;
      const q = (p * cards.copies[c]) / total;
      g.set(s);
      g[F.HELD] |= 1 << i;
      g[F.DUPS] += cards.copies[c] - 1;
      if (heldCount(g[F.HELD]) === sevnDistinct) {
        out.sevnChance += q;
        end(points(g) + r.sevn.bonus, q);
      } else push(g, q, inSequence);
    }
    for (let j = 0; j < otherCodes.length; j++) {
      const n = s[F.OTHER + j];
      if (n === 0) continue;
      const c = otherCodes[j];
      const q = (p * n) / total;
      g.set(s);
      g[F.OTHER + j]--;
      const kind = cards.kind[c];
      if (kind === Kind.SECOND_CHANCE) g[F.SC_HELD] = 1; // a second one is discarded: nobody else to give it to
      else if (kind === Kind.FREEZE || kind === Kind.TRIPLE_DRAW) {
        if (inSequence) {
          g[F.Q0 + g[F.QLEN]++] = kind === Kind.FREEZE ? 1 : 2;
        } else if (kind === Kind.FREEZE) {
          if (freezeSelf) {
            end(points(g), q);
            continue;
          }
        } else g[F.SEQ] = r.tripleDrawCards + 1; // one taken off below with the others
      }
      push(g, q, inSequence);
    }
  };
  /** A state after a card: one card of a sequence done; into the next layer. */
  const push = (s: Int32Array, q: number, inSequence: boolean): void => {
    if (inSequence || s[F.SEQ] > 0) s[F.SEQ]--;
    const k = packer.pack(s);
    next.set(k, (next.get(k) ?? 0) + q);
  };

  expand(f, 1, false);
  for (let drawn = 1; ; drawn++) {
    layer = next;
    if (layer.size === 0) break;
    next = new Map();
    out.states += layer.size;
    if (out.states > maxStates) return { why: `the exact pass needs more than ${maxStates.toLocaleString('en-US')} states (${layer.size.toLocaleString('en-US')} of them with ${drawn} cards drawn)` };
    for (const [k, p] of layer) {
      packer.unpack(k, f);
      // Pending work first: the sequence's next card, then the waiting actions, first in first out.
      let frozen = false;
      while (f[F.SEQ] === 0 && f[F.QLEN] > 0) {
        const a = f[F.Q0];
        for (let i = 0; i < QMAX - 1; i++) f[F.Q0 + i] = f[F.Q0 + i + 1];
        f[F.Q0 + QMAX - 1] = 0;
        f[F.QLEN]--;
        if (a === 2) f[F.SEQ] = r.tripleDrawCards;
        else if (freezeSelf) {
          frozen = true; // the player freezes itself: the round ends on its points
          break;
        } // else discarded: nobody to freeze
      }
      if (frozen) {
        end(points(f), p);
        continue;
      }
      if (f[F.SEQ] > 0) {
        expand(f, p, true);
        continue;
      }
      // A decision: the strategy sees the row and the deck.
      const held = f[F.HELD];
      const pts = points(f);
      view.load(f, numbers, otherCodes, pts, deckTotal(f));
      if (player.drawOrStay(view) === Answer.STAY) {
        end(pts, p);
        continue;
      }
      const distinct = heldCount(held);
      const key = distinct * 65536 + pts;
      const row = out.rows.get(key) ?? { reach: 0, bust: 0 };
      row.reach += p;
      if (f[F.SC_HELD] === 0) row.bust += (p * f[F.DUPS]) / deckTotal(f);
      out.rows.set(key, row);
      expand(f, p, false);
    }
  }
  for (const row of out.rows.values()) row.bust /= row.reach;
  return out;
}

/** What the strategy sees at a decision of the solo round: the view the engine would build (view.ts). */
class SoloView implements SevnView {
  readonly decision = Decision.DRAW_STAY;
  readonly seat = 0;
  readonly players = 1;
  readonly dealer = 0;
  readonly round = 0;
  readonly candidates = 0;
  readonly card = 0;
  readonly optionA = 0;
  readonly optionB = 0;
  points = 0;
  distinct = 0;
  held = 0;
  hasSecondChance = false;
  deckSize = 0;
  discardSize = 0;
  readonly status = new Int32Array(1);
  readonly totals = new Int32Array(1);
  readonly roundPoints = new Int32Array(1);
  readonly distincts = new Int32Array(1);
  readonly heldMasks = new Int32Array(1);
  readonly secondChances = new Int32Array(1);
  readonly rowLengths = new Int32Array(1);
  readonly rows: Int32Array;
  readonly rowStride: number;
  readonly seen: Int32Array;

  statusOf(seat: number): number {
    return this.status[seat];
  }
  totalOf(seat: number): number {
    return this.totals[seat];
  }
  roundPointsOf(seat: number): number {
    return this.roundPoints[seat];
  }
  rowLength(seat: number): number {
    return this.rowLengths[seat];
  }
  rowCard(seat: number, i: number): number {
    return this.rows[seat * this.rowStride + i];
  }
  seenOf(code: number): number {
    return this.seen[code];
  }

  constructor(readonly rules: Readonly<SevnRules>, readonly cards: SevnCards) {
    this.rowStride = cards.deck.length;
    this.rows = new Int32Array(cards.deck.length);
    this.seen = new Int32Array(cards.codes);
  }

  load(s: Int32Array, numbers: number[], otherCodes: number[], points: number, deck: number): void {
    const cards = this.cards;
    let len = 0;
    let held = 0;
    let distinct = 0;
    // Copies of held values cancelled by a Second Chance: counted against the lowest held values.
    let cancelled = -s[F.DUPS];
    for (let i = 0; i < numbers.length; i++) if ((s[F.HELD] >>> i) & 1) cancelled += cards.copies[numbers[i]] - 1;
    for (let i = 0; i < numbers.length; i++) {
      const c = numbers[i];
      this.seen[c] = 0;
      if (!((s[F.HELD] >>> i) & 1)) continue;
      const gone = Math.min(cancelled, cards.copies[c] - 1);
      cancelled -= gone;
      this.seen[c] = 1 + gone;
      this.rows[len++] = c;
      held |= 1 << cards.value[c];
      distinct++;
    }
    for (let j = 0; j < otherCodes.length; j++) {
      const c = otherCodes[j];
      const drawn = cards.copies[c] - s[F.OTHER + j];
      this.seen[c] = drawn;
      const kind = cards.kind[c];
      if (kind === Kind.MULTIPLY || kind === Kind.ADD) for (let k = 0; k < drawn; k++) this.rows[len++] = c;
      else if (kind === Kind.SECOND_CHANCE && s[F.SC_HELD]) this.rows[len++] = c;
    }
    this.points = points;
    this.distinct = distinct;
    this.held = held;
    this.hasSecondChance = s[F.SC_HELD] === 1;
    this.deckSize = deck;
    this.discardSize = cards.deck.length - deck - len;
    this.roundPoints[0] = points;
    this.distincts[0] = distinct;
    this.heldMasks[0] = held;
    this.secondChances[0] = s[F.SC_HELD];
    this.rowLengths[0] = len;
  }
}
