/**
 * Hand-set SEVN situations for strategy tests: a view built from rows of card names, statuses, totals
 * and the cards seen, scored by the project's plain scorer (scoring.ts), not by the engine.
 */
import { Rng } from '../../src/engine/rng.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { Kind, SevnCards } from '../../src/games/sevn/cards.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { explainScore } from '../../src/games/sevn/scoring.js';
import { Decision, Status, type SevnPlayer, type SevnView } from '../../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';

export interface Situation {
  rules?: SevnRules;
  seat?: number;
  /** Each seat's row as card names, e.g. ['7', 'x2', 'SecondChance']. */
  rows: string[][];
  status?: number[];
  totals?: number[];
  /** Cards seen besides the rows (the discard pile since the last reshuffle), by name. */
  discarded?: string[];
  /** Override: the deck is empty (the next card comes from a reshuffle of the discard pile). */
  emptyDeck?: boolean;
  decision?: number;
  candidates?: number;
  card?: string;
  options?: [string, string];
  dealer?: number;
  round?: number;
}

const STRIDE = 40;

export function situation(s: Situation): SevnView {
  const rules = s.rules ?? sevnPreset('sevn');
  const cards = new SevnCards(rules);
  const n = s.rows.length;
  const seat = s.seat ?? 0;
  const status = s.status ?? s.rows.map(() => Status.ACTIVE);
  const totals = s.totals ?? s.rows.map(() => 0);
  const rows = new Uint8Array(8 * STRIDE);
  const rowLengths = new Uint8Array(8);
  const seen = new Uint8Array(cards.codes);
  const held: number[] = [];
  const distincts: number[] = [];
  const roundPoints: number[] = [];
  const secondChances: number[] = [];
  s.rows.forEach((row, t) => {
    let mask = 0;
    let distinct = 0;
    row.forEach((name, i) => {
      const c = cards.code(name);
      rows[t * STRIDE + i] = c;
      seen[c]++;
      const v = cards.value[c];
      if (cards.kind[c] === Kind.NUMBER) {
        if (!((mask >>> v) & 1)) distinct++;
        mask |= 1 << v;
      } else if (cards.kind[c] === Kind.BALLAST) distinct++;
    });
    rowLengths[t] = row.length;
    held.push(mask);
    distincts.push(distinct);
    const codes = row.map((name) => cards.code(name));
    roundPoints.push(explainScore(cards, codes, false, status[t] === Status.BUSTED).total);
    secondChances.push(row.includes('SecondChance') ? 1 : 0);
  });
  for (const name of s.discarded ?? []) seen[cards.code(name)]++;
  let seenTotal = 0;
  for (let c = 0; c < cards.codes; c++) {
    if (seen[c] > cards.copies[c]) throw new Error(`situation: more ${cards.name(c)} than the deck holds`);
    seenTotal += seen[c];
  }
  const deckSize = s.emptyDeck ? 0 : cards.deck.length - seenTotal;
  const opts = s.options ?? ['0', '0'];
  return {
    rules,
    cards,
    decision: s.decision ?? Decision.DRAW_STAY,
    seat,
    players: n,
    dealer: s.dealer ?? 0,
    round: s.round ?? 0,
    points: roundPoints[seat],
    distinct: distincts[seat],
    held: held[seat],
    hasSecondChance: secondChances[seat] === 1,
    candidates: s.candidates ?? 0,
    card: s.card ? cards.code(s.card) : 0,
    optionA: cards.code(opts[0]),
    optionB: cards.code(opts[1]),
    status: Uint8Array.from(status),
    totals: Int32Array.from(totals),
    roundPoints: Int32Array.from(roundPoints),
    distincts: Uint8Array.from(distincts),
    heldMasks: Int32Array.from(held),
    secondChances: Uint8Array.from(secondChances),
    rows,
    rowLengths,
    rowStride: STRIDE,
    seen,
    deckSize,
    discardSize: seenTotal - s.rows.flat().length, // the discarded cards (with emptyDeck: every card seen off the table)
    statusOf: (t) => status[t],
    totalOf: (t) => totals[t],
    roundPointsOf: (t) => roundPoints[t],
    rowLength: (t) => rowLengths[t],
    rowCard: (t, i) => rows[t * STRIDE + i],
    seenOf: (c) => seen[c],
  };
}

/** A strategy from its spec, as the runner builds it. */
export function bot(spec: string, rules: SevnRules = sevnPreset('sevn')): SevnPlayer {
  return createStrategy('sevn', SEVN_STRATEGIES, spec, { rules, cards: new SevnCards(rules), rng: new Rng('bot') });
}
