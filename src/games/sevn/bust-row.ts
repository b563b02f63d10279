/**
 * Exact bust chances of a SEVN row.
 *
 * A row: its held number values, its kept Ballast values and whether it holds a Second Chance. The
 * unseen cards (what the next card is drawn from, uniformly) default to the full deck less the row;
 * `parseUnseen` (analyses/bust-table.ts) overrides the counts of some cards.
 *
 * - `bustNext`: the chance that the next card busts: 0 with a Second Chance held, else the unseen copies
 *   of held number values over all unseen cards.
 * - `bustTripleDraw`: the chance of busting within a Triple Draw dealt to this row: up to
 *   `rules.tripleDrawCards` (3) cards drawn one at a time without replacement from the unseen cards,
 *   stopping at a bust or a SEVN. Within the sequence: a new number value joins the row (and ends the
 *   sequence with a SEVN when the row reaches `sevn.distinct` values); a duplicate busts unless the row
 *   holds a Second Chance, which then cancels it (both discarded) and the sequence goes on; a Second
 *   Chance drawn is held when the row has none (else given away: no effect on the row); a Ballast card
 *   is kept only when it completes a SEVN (the default `ballast=sevn` choice) and otherwise discarded,
 *   so it never busts; every other card (modifiers, bonus cards, Freeze, Triple Draw, Crossroads, Storm,
 *   which wait in the queue during a Triple Draw) has no effect on the bust. If the unseen cards run out,
 *   the sequence ends without a bust (the engine would reshuffle the discard pile; not modelled).
 *   `sevnTripleDraw` is the chance the sequence ends in a SEVN.
 */
import { otherCards } from './exact.js';
import type { SevnRules } from './rules.js';

export interface HeldRow {
  /** Held number values (distinct). */
  numbers: number[];
  /** Kept Ballast values (negative, distinct). */
  ballast: number[];
  secondChance: boolean;
  /** Modifier and bonus cards in the row (they change only the unseen cards). */
  others?: number;
}

/** Unseen card counts: per number value 0..30, Second Chance cards, Ballast cards (none held), all other cards. */
export interface UnseenCards {
  numbers: number[];
  secondChance: number;
  ballast: number;
  other: number;
}

export interface RowBust {
  held: number[];
  ballast: number[];
  /** Modifier and bonus cards in the row. */
  others: number;
  secondChance: boolean;
  unseenTotal: number;
  /** Unseen copies of held number values. */
  unseenDuplicates: number;
  bustNext: number;
  tripleDrawCards: number;
  bustTripleDraw: number;
  sevnTripleDraw: number;
}

/** Copies of number value v in the deck. */
export const copiesOf = (r: SevnRules, v: number): number => r.numbers.find((n) => n.value === v)?.copies ?? 0;

/** The full deck less the row's cards. */
export function defaultUnseen(r: SevnRules, row: HeldRow): UnseenCards {
  const numbers = new Array<number>(31).fill(0);
  for (const n of r.numbers) numbers[n.value] = n.copies;
  for (const v of row.numbers) numbers[v]--;
  const ballast = r.ballast.length - row.ballast.length;
  const secondChance = r.actions.secondChance - (row.secondChance ? 1 : 0);
  const other = otherCards(r) - r.ballast.length - r.actions.secondChance - (row.others ?? 0);
  return { numbers, secondChance, ballast, other };
}
export const unseenTotal = (u: UnseenCards): number => u.numbers.reduce((a, b) => a + b, 0) + u.secondChance + u.ballast + u.other;

/** The exact next-card and Triple Draw bust chances of a row (see the module comment). */
export function rowBust(r: SevnRules, row: HeldRow, unseen: UnseenCards = defaultUnseen(r, row), cards = r.tripleDrawCards): RowBust {
  const total = unseenTotal(unseen);
  let dup = 0;
  for (const v of row.numbers) dup += unseen.numbers[v];
  const mask0 = row.numbers.reduce((m, v) => m | (1 << v), 0);
  const within = bustWithin(r, mask0, row.numbers.length + row.ballast.length, row.secondChance, unseen, cards);
  return {
    held: row.numbers,
    ballast: row.ballast,
    others: row.others ?? 0,
    secondChance: row.secondChance,
    unseenTotal: total,
    unseenDuplicates: dup,
    bustNext: row.secondChance || total === 0 ? 0 : dup / total,
    tripleDrawCards: cards,
    bustTripleDraw: within.bust,
    sevnTripleDraw: within.sevn,
  };
}

/**
 * Chance of busting, and of reaching a SEVN, within up to `cards` cards drawn one at a time (the
 * Triple Draw sequence of the module comment), from the row (mask, distinct count, Second Chance).
 * Exact recursion over the cards drawn, memoised on everything that determines the rest.
 */
export function bustWithin(r: SevnRules, mask0: number, distinct0: number, sc0: boolean, unseen: UnseenCards, cards: number): { bust: number; sevn: number } {
  const u = { numbers: unseen.numbers.slice(), secondChance: unseen.secondChance, ballast: unseen.ballast, other: unseen.other };
  const target = r.sevn.distinct;
  const memo = new Map<string, [number, number]>();
  const cancelled: number[] = [];
  let scDrawn = 0;
  let ballastDrawn = 0;
  let otherDrawn = 0;
  const go = (k: number, mask: number, distinct: number, sc: boolean): [number, number] => {
    if (k === 0) return [0, 0];
    const total = unseenTotal(u);
    if (total === 0) return [0, 0];
    const key = `${k}|${mask}|${distinct}|${sc ? 1 : 0}|${scDrawn}|${ballastDrawn}|${otherDrawn}|${[...cancelled].sort((a, b) => a - b).join('.')}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let bust = 0;
    let sevn = 0;
    for (let v = 0; v < 31; v++) {
      const n = u.numbers[v];
      if (n === 0) continue;
      const p = n / total;
      u.numbers[v]--;
      if ((mask >>> v) & 1) {
        if (!sc) bust += p;
        else {
          cancelled.push(v);
          const [b, s] = go(k - 1, mask, distinct, false);
          cancelled.pop();
          bust += p * b;
          sevn += p * s;
        }
      } else if (distinct + 1 >= target) sevn += p;
      else {
        const [b, s] = go(k - 1, mask | (1 << v), distinct + 1, sc);
        bust += p * b;
        sevn += p * s;
      }
      u.numbers[v]++;
    }
    if (u.secondChance > 0) {
      const p = u.secondChance / total;
      u.secondChance--;
      scDrawn++;
      const [b, s] = go(k - 1, mask, distinct, true);
      scDrawn--;
      u.secondChance++;
      bust += p * b;
      sevn += p * s;
    }
    if (u.ballast > 0) {
      const p = u.ballast / total;
      if (distinct + 1 >= target) sevn += p; // kept: completes the SEVN
      else {
        u.ballast--;
        ballastDrawn++;
        const [b, s] = go(k - 1, mask, distinct, sc);
        ballastDrawn--;
        u.ballast++;
        bust += p * b;
        sevn += p * s;
      }
    }
    if (u.other > 0) {
      const p = u.other / total;
      u.other--;
      otherDrawn++;
      const [b, s] = go(k - 1, mask, distinct, sc);
      otherDrawn--;
      u.other++;
      bust += p * b;
      sevn += p * s;
    }
    const out: [number, number] = [bust, sevn];
    memo.set(key, out);
    return out;
  };
  return (() => {
    const [bust, sevn] = go(cards, mask0, distinct0, sc0);
    return { bust, sevn };
  })();
}
