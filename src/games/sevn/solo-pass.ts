/**
 * The bust table's exact columns on any deck: a forward pass over a solo round from a fresh deck, the
 * strategy answering from a view of each state (solo-view.ts) as it would in the engine.
 *
 * In a solo round from a fresh deck the future depends on the cards drawn only through what the row
 * and the deck hold, and the deck only through what its cards would do. Once a number value is held
 * every copy of it left acts alike (a duplicate: a bust, or cancelled by a held Second Chance), so a
 * state (solo-states.ts: fields packed into 32-bit words) keeps: the number values held, the copies
 * left of each value not held and of all held values together, each other card's copies left in the
 * deck and (modifiers, bonus cards) in the row (a Ballast card: in the deck, kept or discarded),
 * whether a Second Chance is held, and during a Triple Draw or a Storm the cards it still deals and the
 * actions waiting. A duplicate cancelled or left by a Crossroads is one copy fewer of the held values,
 * whichever it was; a Crossroads pair is taken per kind of card (a held value's duplicate one kind).
 * The strategy sees a deck holding those copies in a fixed order (ascending values); its answers must
 * not depend on how they are spread over the held values, which `checkViews` checks by asking again
 * with the opposite spread (the card choices read those copies only summed, e.g. as the bust chance).
 * With `keepHeldCopies` the state keeps each held value's copies instead (as the pass was first
 * written; tests compare the two). States are kept by cards taken from the deck, each layer merged
 * before it is expanded, so each is expanded once with its whole chance.
 *
 * A lone player's cards act as the engine makes them act (engine.ts): a duplicate busts unless a held
 * Second Chance cancels it (both discarded); a second Second Chance is discarded (nobody to give it
 * to); the strategy keeps or discards a Ballast card; a Freeze can only freeze the player, which ends
 * the round (without freezeSelf it is discarded); a Triple Draw deals its cards to the player, a Storm
 * one; a Crossroads reveals two cards, the strategy takes one (resolved as if drawn) and the other is
 * discarded; actions drawn during a Triple Draw or a Storm wait and resolve first in, first out after
 * it (a Crossroads taken otherwise waits too, first: its state joins its layer, so a Crossroads taken
 * from a Crossroads is expanded once per state, not once per way there); seven distinct values
 * (numbers and kept Ballast) end the round with the bonus; bonus cards score at the round's end.
 * Decks small enough to be reshuffled within a round are left out (null).
 *
 * On a full deck the states keep growing with the cards taken (flip7: about 2.3 times a card past the
 * 8th; sevn: 7.2, 6.3, 5.3 and 4.7 times by the 5th to 8th card, 65,169,617 states at the 8th:
 * scripts/solo-states.mjs --pass), most of them long rounds of small chance: a state whose chance is
 * below `epsilon` is dropped, and solo-bound.ts bounds what it could have added (0 for none: exact).
 */
import { Rng } from '../../engine/rng.js';
import { Kind, SevnCards } from './cards.js';
import { makeSevnPlayers } from './index.js';
import type { SevnRules } from './rules.js';
import { longestRun } from './scoring.js';
import { SoloView } from './solo-view.js';
import { DroppedStates, maxRoundScore, pointsDrop } from './solo-bound.js';
import { type SoloStateFields, StateLayout, StateTable, bitsFor } from './solo-states.js';
import { Answer, Decision, type SevnStrategyDef } from './view.js';

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
  /** States expanded, the most kept at once, and the states reached (see SOLO_PASS_MAX_STEPS). */
  states: number;
  peakStates: number;
  steps: number;
  /**
   * The states dropped, their chance below `epsilon` (solo-bound.ts): every figure above is exact less
   * what they would add: at most `dropped.reachBound` to a row's reach and busts, `dropped.mass` to the
   * bust and SEVN chances, `dropped.mass` x `scoreBound` to the mean (and x `scoreBound` again to the
   * second moment). None dropped (mass 0): exact.
   */
  dropped: DroppedStates;
  epsilon: number;
  scoreBound: number;
}

export interface SoloPassOptions {
  /** The work cap (default SOLO_PASS_MAX_STEPS). */
  maxSteps?: number;
  /** States whose chance is below it are dropped, not expanded (default SOLO_PASS_EPSILON; 0: none). */
  epsilon?: number;
  /** States that can lead to no row drawn at so far are dropped below it (default SOLO_PASS_FAR_EPSILON). */
  farEpsilon?: number;
  progress?: SoloPassProgress;
  /** Asks the strategy each question again with the held values' copies spread the other way, and throws if an answer differs (tests). */
  checkViews?: boolean;
  /** Keeps each held value's copies left apart instead of together (tests: the pass as first written). */
  keepHeldCopies?: boolean;
  /** States past this many cards taken are counted as reached but not kept (measurements: the size of a layer without the memory of those after it). */
  maxLayer?: number;
  /** Shown each state of a layer before it is expanded (measurements: scripts/solo-states.mjs). */
  inspect?: (layer: number, chance: number, state: Int32Array, fields: SoloStateFields) => void;
}

/** The most 32-bit words a state takes. */
const MAX_WORDS = 6;
/** Thrown when the states pass the cap: the pass stops at once. */
const TOO_MANY = new Error('too many states');
/** Actions that can wait at once (3 bits each in one field). */
const QMAX = 10;
/** Waiting actions, as kept in the queue field. */
const enum Q { FREEZE = 1, TRIPLE = 2, CROSSROADS = 3, STORM = 4 }

/** Why the pass does not apply to these rules, or null when it does. */
export function soloPassRefusal(r: SevnRules): string | null {
  const a = r.actions;
  if (a.freeze + a.tripleDraw + a.crossroads + a.storm > QMAX) return `the deck has more than ${QMAX} Freeze, Triple Draw, Crossroads and Storm cards, more than the exact pass keeps waiting`;
  const cards = new SevnCards(r);
  // The most cards a solo round can take from the deck: every card but the numbers, the values short
  // of a SEVN and the card that ends it, a duplicate per Second Chance and a card per Crossroads.
  let others = 0;
  for (let c = 0; c < cards.codes; c++) if (cards.kind[c] !== Kind.NUMBER) others += cards.copies[c];
  if (others + r.sevn.distinct + a.secondChance + a.crossroads >= cards.deck.length) return 'the deck is small enough to be reshuffled within a solo round, which the exact pass leaves out';
  return null;
}

/**
 * The work a bust table's pass may do: states reached (a card drawn, or a Crossroads pair taken, from a
 * state; the same state reached twice counts twice), about 15 s of one thread. Past it the pass
 * stops and the table has no exact columns. A count, not a clock, so the answer is the same everywhere.
 */
export const SOLO_PASS_MAX_STEPS = 24_000_000;

/** The chance below which a state is dropped: see SoloPass.dropped. */
export const SOLO_PASS_EPSILON = 1e-10;
export const SOLO_PASS_FAR_EPSILON = 1e-6;

/**
 * What the pass reports while it runs: layers (cards taken from the deck) done, states expanded and
 * reached so far, and the states of the next layer (all of them: a layer is complete once the one
 * before it is expanded).
 */
export type SoloPassProgress = (layer: number, states: number, steps: number, nextLayer: number) => void;

/** The exact pass, or why there is none: the deck (soloPassRefusal) or past `maxSteps` states reached. */
export function soloPass(r: SevnRules, strategies: readonly SevnStrategyDef[], spec: string, o: SoloPassOptions = {}): SoloPass | { why: string } {
  const { maxSteps = SOLO_PASS_MAX_STEPS, epsilon = SOLO_PASS_EPSILON, progress, checkViews = false, keepHeldCopies = false, maxLayer = Infinity } = o;
  const farEpsilon = epsilon > 0 ? Math.max(epsilon, o.farEpsilon ?? SOLO_PASS_FAR_EPSILON) : 0;
  const refused = soloPassRefusal(r);
  if (refused !== null) return { why: refused };
  const cards = new SevnCards(r);
  const [player] = makeSevnPlayers(strategies, r, [spec], [new Rng()]);
  const C = cards.codes;
  const { kind, value, copies } = cards;
  /** The pseudo-code of a held value's duplicate (any of them), as a card drawn or revealed. */
  const DUP_CARD = C;

  // The fields of a state.
  const layout = new StateLayout();
  const numIdx = new Int32Array(C).fill(-1);
  const numCode: number[] = [];
  for (let c = 0; c < C; c++) if (kind[c] === Kind.NUMBER && copies[c] > 0) numIdx[c] = numCode.push(c) - 1;
  const HELD = layout.add(Math.max(1, numCode.length));
  const SC_HELD = layout.add(1);
  const SEQ = layout.add(bitsFor(Math.max(1, r.tripleDrawCards)));
  const QUEUE = layout.add(3 * QMAX);
  // Per code, the field of its copies left in the deck (a number value not held, or any with
  // keepHeldCopies; Ballast: 0 deck, 1 kept, 2 discarded), and of its copies in the row (modifiers and
  // bonus cards); -1 for none.
  const rem = new Int32Array(C).fill(-1);
  const kept = new Int32Array(C).fill(-1);
  let dupMax = 0;
  for (let c = 0; c < C; c++) {
    if (copies[c] === 0) continue;
    const k = kind[c];
    rem[c] = layout.add(k === Kind.BALLAST ? 2 : bitsFor(copies[c]));
    if (k === Kind.NUMBER) dupMax += copies[c] - 1;
    if (k === Kind.MULTIPLY || k === Kind.ADD || k === Kind.FEATHERWEIGHT || k === Kind.HEAVYWEIGHT || k === Kind.LADDER) kept[c] = layout.add(bitsFor(copies[c]));
  }
  // The copies left of all held values together (without keepHeldCopies).
  const DUPS = layout.add(bitsFor(Math.max(1, dupMax)));
  if (layout.words > MAX_WORDS) return { why: `the deck has too many kinds of cards for the exact pass to key its states (${layout.words} words of 32 bits; it takes ${MAX_WORDS})` };
  const F = layout.fields;
  const fields: SoloStateFields = { held: HELD, secondChance: SC_HELD, sequence: SEQ, queue: QUEUE, heldCopies: DUPS, left: rem, row: kept };
  const W = layout.words + (layout.words & 1); // even, for the state tables' float64s
  let lastLayer = 0; // the size of the last layer expanded: the next tables start at about its size

  const view = new SoloView(r, cards);
  const sevnDistinct = r.sevn.distinct;
  const freezeSelf = r.freezeSelf !== false;
  const b = r.bonuses;
  const out: SoloPass = {
    rows: new Map(), mean: 0, meanSquare: 0, bustChance: 0, sevnChance: 0, states: 0, peakStates: 0, steps: 0,
    dropped: new DroppedStates(pointsDrop(r)), epsilon, scoreBound: maxRoundScore(r),
  };
  const key = new Int32Array(W);
  const tables: (StateTable | undefined)[] = [];
  let waiting = 0; // states in the tables not yet expanded
  const push = (g: Int32Array, q: number, layer: number): void => {
    if (++out.steps > maxSteps) throw TOO_MANY;
    if (layer > maxLayer) return;
    let t = tables[layer];
    if (t === undefined) tables[layer] = t = new StateTable(W, 2 ** Math.max(10, Math.ceil(Math.log2(lastLayer * 2))));
    layout.pack(g, key);
    if (t.add(key, q)) waiting++;
  };
  // rowTop[d]: the most points of a row drawn at so far with d or more values; a state whose rows
  // (solo-bound.ts) lie above them all is dropped below `farEpsilon` rather than `epsilon`.
  const rowTop = new Int32Array(sevnDistinct + 1).fill(-1);
  const farDrop = out.dropped.pointsDrop;
  /** Expands state f of chance p, or drops it: what it could still add goes to out.dropped (solo-bound.ts). */
  const expandOrDrop = (f: Int32Array, p: number): void => {
    if (p >= farEpsilon) return step(f, p, layer, false);
    const deck = decks[depth];
    deckOf(f, deck, false);
    rowOf(f, rowBuf, false);
    // A Freeze waiting freezes the player before any decision.
    let doomed = false;
    if (freezeSelf) for (let a = f[QUEUE]; a !== 0; a >>>= 3) if ((a & 7) === Q.FREEZE) doomed = true;
    const keep = p >= epsilon && !doomed && rowTop[Math.min(rowDistinct, sevnDistinct)] >= rowPoints - farDrop;
    // A decision is asked first: a stay ends the round as cheaply as a drop.
    if (keep || (f[SEQ] === 0 && f[QUEUE] === 0)) return step(f, p, layer, !keep);
    drop(f, p, doomed);
  };
  /** Drops state f of chance p (deckOf and rowOf of f done): see SoloPass.dropped. */
  const drop = (f: Int32Array, p: number, doomed: boolean): void => {
    const deck = decks[depth];
    let k = 0;
    if (!doomed) {
      k = 1 + Math.max(0, sevnDistinct - 1 - rowDistinct) + f[SC_HELD];
      // A Freeze that freezes the player ends the round before its next decision: not counted.
      for (let c = 0; c < C; c++) if (kind[c] !== Kind.NUMBER && !(freezeSelf && kind[c] === Kind.FREEZE)) k += kind[c] === Kind.SECOND_CHANCE ? 2 * deck[c] : deck[c];
    }
    out.dropped.add(rowDistinct, rowPoints, p, k);
  };
  const end = (score: number, q: number): void => {
    out.mean += q * score;
    out.meanSquare += q * score * score;
  };

  // Scratch arrays per depth of nesting (a Crossroads can take a Crossroads).
  const depth = 2 + 2 * r.actions.crossroads;
  const scratch = (n: number) => Array.from({ length: depth + 2 }, () => new Int32Array(n));
  const gs = scratch(F);
  let viewLoads = 0; // views loaded so far: a Crossroads reloads its view after a question asked in between
  const decks = scratch(C + 1);
  const classBufs = scratch(C + 1);
  const countBufs = scratch(C + 1);
  const rowBuf = new Int32Array(C);

  /**
   * The deck of state f as the strategy sees it, per code, and at DUP_CARD the held values' copies
   * left when they are kept together (the codes of held values then hold them spread over the held
   * values, ascending, or with `reverse` descending, each up to its copies less the one held); returns
   * the deck's total.
   */
  const deckOf = (f: Int32Array, deck: Int32Array, reverse: boolean): number => {
    let total = 0;
    for (let c = 0; c < C; c++) {
      let n = 0;
      if (rem[c] >= 0) n = kind[c] === Kind.BALLAST ? (f[rem[c]] === 0 ? 1 : 0) : f[rem[c]];
      deck[c] = n;
      total += n;
    }
    let dups = keepHeldCopies ? 0 : f[DUPS];
    deck[DUP_CARD] = dups;
    total += dups;
    for (let i = 0; i < numCode.length && dups > 0; i++) {
      const c = numCode[reverse ? numCode.length - 1 - i : i];
      if (((f[HELD] >>> numIdx[c]) & 1) === 0) continue;
      const n = Math.min(dups, copies[c] - 1);
      deck[c] = n;
      dups -= n;
    }
    return total;
  };
  /** The row of state f, per code; its points in `rowPoints`, its values in `rowHeld`, `rowDistinct`. */
  let rowPoints = 0;
  let rowHeld = 0;
  let rowDistinct = 0;
  const rowOf = (f: Int32Array, row: Int32Array, sevn: boolean): void => {
    let sum = 0;
    let mult = 1;
    let plus = 0;
    let held = 0;
    let distinct = 0;
    let nonLow = 0;
    let bonus = 0;
    for (let c = 0; c < C; c++) {
      let n = 0;
      const k = kind[c];
      if (numIdx[c] >= 0) {
        n = (f[HELD] >>> numIdx[c]) & 1;
        if (n) {
          held |= 1 << value[c];
          sum += value[c];
          distinct++;
        }
      } else if (k === Kind.BALLAST) {
        n = rem[c] >= 0 && f[rem[c]] === 1 ? 1 : 0;
        if (n) {
          sum += value[c];
          distinct++;
          if (value[c] > b.featherweight.maxValue) nonLow++;
        }
      } else if (k === Kind.SECOND_CHANCE) n = f[SC_HELD];
      else if (kept[c] >= 0) {
        n = f[kept[c]];
        if (n > 0) {
          if (k === Kind.MULTIPLY) mult *= value[c] ** n;
          else if (k === Kind.ADD) plus += value[c] * n;
          else bonus |= k === Kind.FEATHERWEIGHT ? 1 : k === Kind.HEAVYWEIGHT ? 2 : 4;
        }
      }
      row[c] = n;
    }
    // The bonus cards' points as SeatBonus (scoring.ts) counts them.
    let extra = sevn ? r.sevn.bonus : 0;
    if (bonus & 1 && distinct >= b.featherweight.minCards && nonLow === 0) {
      let low = true;
      for (let m = held; m !== 0; m &= m - 1) if (31 - Math.clz32(m & -m) > b.featherweight.maxValue) low = false;
      if (low) extra += b.featherweight.points;
    }
    if (bonus & 2) {
      let heavy = 0;
      for (let m = held; m !== 0; m &= m - 1) if (31 - Math.clz32(m & -m) >= b.heavyweight.minValue) heavy++;
      if (heavy >= b.heavyweight.minCards) extra += b.heavyweight.points;
    }
    if (bonus & 4) {
      const run = longestRun(held);
      if (run >= b.ladder.minRun) extra += run * b.ladder.pointsPerCard;
    }
    const t = sum * mult + plus + extra;
    rowPoints = t < 0 ? 0 : t;
    rowHeld = held;
    rowDistinct = distinct;
  };
  /** Loads the view of state f for a decision (`inHand` cards drawn, not in the deck), the held values' copies spread as deckOf does. */
  const loadView = (decision: number, f: Int32Array, deck: Int32Array, reverse: boolean, inHand: number, hand = -1): void => {
    deckOf(f, deck, reverse);
    if (hand >= 0) deck[hand] = 0; // in hand, still in the deck of f
    rowOf(f, rowBuf, false);
    view.load(decision, rowBuf, deck, rowPoints, rowHeld, rowDistinct, inHand);
    viewLoads++;
  };
  /** Whether the strategy stays in state f (at a decision), its view loaded from `deck` (and the row's points in rowPoints). */
  const stays = (f: Int32Array, deck: Int32Array): boolean => {
    loadView(Decision.DRAW_STAY, f, deck, false, 0);
    const stay = player.drawOrStay(view) === Answer.STAY;
    if (checkViews) {
      loadView(Decision.DRAW_STAY, f, decks[depth + 1], true, 0);
      if ((player.drawOrStay(view) === Answer.STAY) !== stay) throw differs('draw-or-stay decision');
      loadView(Decision.DRAW_STAY, f, deck, false, 0);
    }
    return stay;
  };
  const differs = (what: string): Error => new Error(`internal: ${spec} answers a ${what} differently when the held values' copies left are spread otherwise; the exact pass assumes it does not`);
  const ballastFields: number[] = [];
  for (let c = 0; c < C; c++) if (kind[c] === Kind.BALLAST && rem[c] >= 0) ballastFields.push(rem[c]);
  const distinctOf = (f: Int32Array): number => {
    let d = 0;
    for (let m = f[HELD]; m !== 0; m &= m - 1) d++;
    for (let i = 0; i < ballastFields.length; i++) if (f[ballastFields[i]] === 1) d++;
    return d;
  };
  /** The round's score with the row of f. */
  const scoreOf = (f: Int32Array, sevn: boolean): number => {
    rowOf(f, rowBuf, sevn);
    return rowPoints;
  };
  const enqueue = (g: Int32Array, a: number): void => {
    let n = 0;
    while ((g[QUEUE] >>> (3 * n)) & 7) n++;
    g[QUEUE] |= a << (3 * n);
  };
  /** Card c (a code, or DUP_CARD) leaves the deck of state g. */
  const takeOut = (g: Int32Array, c: number): void => {
    if (c === DUP_CARD) g[DUPS]--;
    else if (kind[c] !== Kind.BALLAST) g[rem[c]]--;
  };

  /** Card c (a code, or DUP_CARD), just taken from the deck (not yet counted out of it), resolves for the player in state g. */
  const resolve = (g: Int32Array, c: number, q: number, layer: number, inSequence: boolean, d: number): void => {
    const k = c === DUP_CARD ? Kind.NUMBER : kind[c];
    if (k === Kind.NUMBER) {
      takeOut(g, c);
      const bit = c === DUP_CARD ? 0 : 1 << numIdx[c];
      if (c === DUP_CARD || g[HELD] & bit) {
        if (g[SC_HELD] === 0) {
          out.bustChance += q;
          return end(0, q);
        }
        g[SC_HELD] = 0;
        return push(g, q, layer);
      }
      g[HELD] |= bit;
      if (!keepHeldCopies) {
        g[DUPS] += g[rem[c]];
        g[rem[c]] = 0;
      }
      if (distinctOf(g) === sevnDistinct) {
        out.sevnChance += q;
        return end(scoreOf(g, true), q);
      }
      return push(g, q, layer);
    }
    if (k === Kind.BALLAST) {
      const deck = decks[d];
      loadView(Decision.BALLAST, g, deck, false, 1, c);
      view.card = c;
      const keep = player.ballast(view) === Answer.KEEP;
      if (checkViews) {
        loadView(Decision.BALLAST, g, deck, true, 1, c);
        view.card = c;
        if ((player.ballast(view) === Answer.KEEP) !== keep) throw differs('Ballast choice');
      }
      if (keep) {
        g[rem[c]] = 1;
        if (distinctOf(g) === sevnDistinct) {
          out.sevnChance += q;
          return end(scoreOf(g, true), q);
        }
      } else g[rem[c]] = 2;
      return push(g, q, layer);
    }
    takeOut(g, c);
    if (kept[c] >= 0) g[kept[c]]++;
    else if (k === Kind.SECOND_CHANCE) g[SC_HELD] = 1; // a second one is discarded: nobody else to give it to
    else if (k === Kind.FREEZE || k === Kind.TRIPLE_DRAW || k === Kind.CROSSROADS || k === Kind.STORM) {
      if (inSequence) enqueue(g, k === Kind.FREEZE ? Q.FREEZE : k === Kind.TRIPLE_DRAW ? Q.TRIPLE : k === Kind.CROSSROADS ? Q.CROSSROADS : Q.STORM);
      else if (k === Kind.FREEZE) {
        if (freezeSelf) return end(scoreOf(g, false), q);
      } else if (k === Kind.TRIPLE_DRAW) g[SEQ] = r.tripleDrawCards;
      else if (k === Kind.STORM) g[SEQ] = 1;
      else g[QUEUE] = (g[QUEUE] << 3) | Q.CROSSROADS; // first of the waiting work: merged with its layer, then taken
    }
    push(g, q, layer);
  };

  /** The player in state f (sequence card counted) draws one card; `total` from deckOf(f, decks[d]). */
  const draw = (f: Int32Array, p: number, layer: number, inSequence: boolean, d: number, total: number): void => {
    const deck = decks[d];
    const g = gs[d];
    for (let c = 0; c <= C; c++) {
      // A held value's copies: once, as DUP_CARD, unless each is kept apart.
      const n = c < C && !keepHeldCopies && numIdx[c] >= 0 && (f[HELD] >>> numIdx[c]) & 1 ? 0 : deck[c];
      if (n === 0) continue;
      g.set(f);
      resolve(g, c, (p * n) / total, layer + 1, inSequence, d + 1);
    }
  };

  /** The code the strategy sees for card c of `deck` (DUP_CARD: the first value held in f with a copy left in `deck`), or -1. */
  const shown = (c: number, deck: Int32Array, f: Int32Array): number => {
    if (c !== DUP_CARD) return c;
    for (let i = 0; i < numCode.length; i++) if (deck[numCode[i]] > 0 && (f[HELD] >>> i) & 1) return numCode[i];
    return -1;
  };
  /**
   * The strategy's pick of the Crossroads pair (a, o) (codes or DUP_CARD) in state f, its view loaded
   * from `deck` (the Crossroads card in hand) unless `loaded` is still the last view loaded; returns
   * the view's load count.
   */
  const pickOf = (f: Int32Array, deck: Int32Array, a: number, o: number, reverse: boolean, loaded: number): number => {
    if (loaded !== viewLoads) {
      loadView(Decision.CROSSROADS, f, deck, reverse, 1);
      view.card = cards.crossroads;
      view.deckSize -= 2; // both cards in hand
    }
    const sa = shown(a, deck, f);
    deck[sa]--;
    const so = shown(o, deck, f);
    deck[sa]++;
    view.seen[sa]++;
    view.seen[so]++;
    view.optionA = sa;
    view.optionB = so;
    picked = player.crossroads(view);
    view.seen[sa]--;
    view.seen[so]--;
    return viewLoads;
  };
  let picked = 0;

  /** The card the strategy takes of the pair (a, o) shown in that order in state f (its view from `deck` while crLoaded is the last loaded). */
  const take = (f: Int32Array, deck: Int32Array, a: number, o: number): number => {
    crLoaded = pickOf(f, deck, a, o, false, crLoaded);
    const pick = picked;
    if (checkViews) {
      pickOf(f, decks[depth + 1], a, o, true, -1);
      if (picked !== pick) throw differs('Crossroads pick');
    }
    return pick === 0 ? a : o;
  };
  let crLoaded = -1;
  /** Of the Crossroads pair shown in state f, `other` is discarded and `chosen` resolves as if drawn (g: scratch). */
  const settle = (f: Int32Array, g: Int32Array, chosen: number, other: number, q: number, layer: number, d: number): void => {
    g.set(f);
    if (other !== DUP_CARD && kind[other] === Kind.BALLAST) g[rem[other]] = 2;
    else takeOut(g, other);
    resolve(g, chosen, q, layer + 2, false, d + 1);
  };

  /** A Crossroads acts for the player in state f (the Crossroads card out of the deck): two cards, one taken. */
  const crossroads = (f: Int32Array, p: number, layer: number, d: number): void => {
    const deck = decks[d];
    const total = deckOf(f, deck, false);
    // The cards by what they do: a held value's copies together (as DUP_CARD) unless kept apart.
    const classes = classBufs[d];
    const counts = countBufs[d];
    let n = 0;
    for (let c = 0; c <= C; c++) {
      const k = c < C && !keepHeldCopies && numIdx[c] >= 0 && (f[HELD] >>> numIdx[c]) & 1 ? 0 : deck[c];
      if (k === 0) continue;
      classes[n] = c;
      counts[n++] = k;
    }
    const g = gs[d];
    crLoaded = -1;
    // Each pair of kinds once: two cards of one kind leave the same state whichever is taken, and the
    // two orders of two kinds one state with both chances when the strategy takes the same card.
    const ways = p / (total * (total - 1));
    for (let i = 0; i < n; i++) {
      const a = classes[i];
      if (counts[i] > 1) settle(f, g, a, a, ways * counts[i] * (counts[i] - 1), layer, d);
      for (let j = i + 1; j < n; j++) {
        const o = classes[j];
        const q = ways * counts[i] * counts[j];
        const first = take(f, deck, a, o);
        const second = take(f, deck, o, a);
        if (first === second) settle(f, g, first, first === a ? o : a, 2 * q, layer, d);
        else {
          settle(f, g, first, first === a ? o : a, q, layer, d);
          settle(f, g, second, second === a ? o : a, q, layer, d);
        }
      }
    }
  };

  // The deal: one card, no decision; then the layers in order of cards taken from the deck.
  const f = new Int32Array(F);
  for (let c = 0; c < C; c++) if (rem[c] >= 0 && kind[c] !== Kind.BALLAST) f[rem[c]] = copies[c];
  const here = decks[0];
  let layer = 0;
  try {
    draw(f, 1, 0, false, 0, deckOf(f, here, false));
    for (layer = 1; layer < tables.length; layer++) {
      const table = tables[layer];
      if (table === undefined) continue;
      tables[layer] = undefined;
      out.peakStates = Math.max(out.peakStates, waiting);
      waiting -= table.size;
      out.states += table.size;
      expand(table);
      progress?.(layer, out.states, out.steps, tables[layer + 1]?.size ?? 0);
    }
  } catch (e) {
    if (e !== TOO_MANY) throw e;
    return { why: `the exact pass would reach more than ${maxSteps.toLocaleString('en-US')} states (${(out.states + waiting).toLocaleString('en-US')} distinct ones by ${layer} cards taken from the deck)` };
  }
  for (const row of out.rows.values()) row.bust /= row.reach;
  return out;

  function expand(table: StateTable): void {
    lastLayer = table.size;
    const keys = table.ints;
    for (let i = 0, n = table.slots; i < n; i++) {
      const p = table.chanceAt(i);
      if (p === 0) continue;
      layout.unpack(keys, i * table.stride, f);
      o.inspect?.(layer, p, f, fields);
      expandOrDrop(f, p);
    }
  }

  /** A state of the layer: waiting work first (the sequence's next card, then the actions waiting, first in first out), else a decision. */
  function step(f: Int32Array, p: number, layer: number, dropDraw: boolean): void {
    for (;;) {
      if (f[SEQ] > 0) {
        f[SEQ]--;
        return draw(f, p, layer, true, 0, deckOf(f, here, false));
      }
      const a = f[QUEUE] & 7;
      if (a === 0) break;
      f[QUEUE] >>>= 3;
      if (a === Q.FREEZE) {
        if (freezeSelf) return end(scoreOf(f, false), p); // the player freezes itself: the round ends on its points
      } else if (a === Q.TRIPLE) f[SEQ] = r.tripleDrawCards;
      else if (a === Q.STORM) f[SEQ] = 1;
      else return crossroads(f, p, layer, 1);
    }
    // A decision: the strategy sees the row and the deck.
    if (stays(f, here)) return end(rowPoints, p);
    if (dropDraw) {
      deckOf(f, decks[depth], false);
      return drop(f, p, false);
    }
    const total = view.deckSize;
    const rowKey = rowDistinct * 65536 + rowPoints;
    for (let d = Math.min(rowDistinct, sevnDistinct); d >= 0 && rowTop[d] < rowPoints; d--) rowTop[d] = rowPoints;
    const row = out.rows.get(rowKey) ?? { reach: 0, bust: 0 };
    row.reach += p;
    if (f[SC_HELD] === 0) {
      let dups = here[DUP_CARD];
      for (let c = 0; c < C; c++) if (keepHeldCopies && numIdx[c] >= 0 && (f[HELD] >>> numIdx[c]) & 1) dups += here[c];
      row.bust += (p * dups) / total;
    }
    out.rows.set(rowKey, row);
    draw(f, p, layer, false, 0, total);
  }
}
