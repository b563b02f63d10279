#!/usr/bin/env node
/**
 * Why the bust table has no exact column on the `sevn` deck: a lower bound on the
 * decision states an exact pass over a solo round of `stay-at:points=P` must keep apart. Every set of
 * cards that can be drawn one a turn while the strategy keeps drawing is a state of its own (what the
 * deck still holds differs, and with it every later draw). Counted here: sets of number values (one card
 * each, fewer than a SEVN), any modifiers and bonus cards, any count of Second Chances (past the first,
 * discarded) and each Ballast card left or discarded (stay-at discards Ballast unless it makes a SEVN),
 * whose round points stay below P. Drawn in the order Second Chances, Ballast, numbers from the lowest,
 * modifiers, bonus cards, no earlier set scores more, so each is reached with the strategy drawing.
 * Actions (Freeze, Triple Draw, Crossroads, Storm) are left out: the true count is larger.
 *
 *   npm run build && node scripts/solo-states.mjs [--points P]
 */
import { SevnCards, } from '../dist/src/games/sevn/cards.js';
import { sevnPreset } from '../dist/src/games/sevn/rules.js';
import { explainScore } from '../dist/src/games/sevn/scoring.js';

const i = process.argv.indexOf('--points');
const P = i < 0 ? 25 : Number(process.argv[i + 1]);
// Card kinds (cards.ts): 0 number, 1 Ballast, 2 x, 3 +, 4 Second Chance, 9..11 bonus cards.
for (const preset of ['sevn', 'flip7', 'sevn-numbers', 'flip7-numbers']) {
  const t0 = performance.now();
  const r = sevnPreset(preset);
  const cards = new SevnCards(r);
  const numbers = [];
  const mods = [];
  const bonus = [];
  let factor = 1; // Second Chances and Ballast: they score nothing while drawn one a turn here
  for (let c = 0; c < cards.codes; c++) {
    const k = cards.kind[c];
    if (k === 0) numbers.push(c);
    else if (k === 2 || k === 3) for (let j = 0; j < cards.copies[c]; j++) mods.push(c);
    else if (k >= 9 && cards.copies[c] > 0) bonus.push(c);
    else if (k === 4) factor *= cards.copies[c] + 1;
    else if (k === 1) factor *= 2;
  }
  let states = 0;
  const row = [];
  const walk = (from, sum) => {
    // The row's number values so far; count every modifier and bonus set on top with points below P.
    if (row.length > 0 || true) {
      for (let m = 0; m < 1 << mods.length; m++) {
        for (let b = 0; b < 1 << bonus.length; b++) {
          const full = row.slice();
          for (let j = 0; j < mods.length; j++) if ((m >>> j) & 1) full.push(mods[j]);
          let ways = 1;
          for (let j = 0; j < bonus.length; j++) if ((b >>> j) & 1) { full.push(bonus[j]); ways *= cards.copies[bonus[j]]; }
          if (full.length === 0) continue; // the deal has drawn one card at least
          if (explainScore(cards, full, false, false).total < P) states += ways * factor;
        }
      }
    }
    if (row.length + 1 >= r.sevn.distinct) return;
    for (let j = from; j < numbers.length; j++) {
      const v = cards.value[numbers[j]];
      if (sum + v >= P) continue; // points only grow from the sum of the values (modifiers and bonus cards add)
      row.push(numbers[j]);
      walk(j + 1, sum + v);
      row.pop();
    }
  };
  walk(0, 0);
  console.log(`${preset}: stay-at:points=${P} keeps drawing at ${states.toLocaleString('en-US')} decision states or more (${cards.deck.length} cards; counted in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
