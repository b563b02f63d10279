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
 * Actions (Freeze, Triple Draw, Crossroads, Storm) are left out: the true count is larger. Each preset,
 * and `sevn` without its bonus cards (they score nothing while their condition is unmet, so the round
 * goes on with any of them), without its Ballast cards, and without both:
 *
 *   npm run build && node scripts/solo-states.mjs [--points P]
 *
 * With --pass it runs the exact pass itself (src/games/sevn/solo-pass.ts, its default threshold unless
 * --drop-below) on one preset up to --layers cards taken, and prints per layer the states expanded,
 * their chance, the CPU time and memory so far, the states reached so far (the pass's work: a card
 * drawn or a Crossroads pair taken from a state) and the states of the next layer, and how many of
 * them stay apart when a state is cut down to its row (values held, Second Chance held, a Triple Draw's
 * or Storm's cards to deal and the actions waiting, Ballast kept, modifiers and bonus cards in the
 * row), then with each part of the deck added back: Ballast cards left or discarded, actions left,
 * modifiers and bonus cards left, the held values' copies left, the copies left of each value not held
 * (the whole state); last, the whole state with the modifiers, bonus cards and Ballast cards only
 * counted (taken, in the row; discarded, kept), the most a pass that names such a card only when a
 * rule reads it could merge. The states after the next layer are not kept (they would take GBs):
 *
 *   node scripts/solo-states.mjs --pass [--preset sevn] [--points 25] [--layers 5] [--drop-below 1e-10]
 */
import { SevnCards, } from '../dist/src/games/sevn/cards.js';
import { SEVN_PRESETS, sevnPreset } from '../dist/src/games/sevn/rules.js';
import { explainScore } from '../dist/src/games/sevn/scoring.js';
import { scriptArgs } from './args.mjs';

const { values, int, fail } = scriptArgs(
  'node scripts/solo-states.mjs [--points 25] [--pass [--preset sevn] [--layers 5] [--drop-below 1e-10]]',
  { points: { type: 'string', default: '25' }, pass: { type: 'boolean', default: false }, preset: { type: 'string', default: 'sevn' }, layers: { type: 'string', default: '5' }, 'drop-below': { type: 'string' } },
);
const P = int('points', 0);
if (values.pass) {
  const drop = values['drop-below'] === undefined ? undefined : Number(values['drop-below']);
  if (!Object.hasOwn(SEVN_PRESETS, values.preset)) fail(`--preset ${values.preset}: expected one of ${Object.keys(SEVN_PRESETS).join(', ')}`);
  if (drop !== undefined && !(drop >= 0 && drop < 1)) fail(`--drop-below ${values['drop-below']}: expected a chance from 0 up to 1`);
  await passLayers(values.preset, int('layers'), drop);
  process.exit(0);
}
// Card kinds (cards.ts): 0 number, 1 Ballast, 2 x, 3 +, 4 Second Chance, 9..11 bonus cards.
// The presets, and sevn without its bonus cards, its Ballast cards or both: what each multiplies.
const noBonus = (r) => ({ ...r, bonuses: Object.fromEntries(Object.entries(r.bonuses).map(([k, b]) => [k, { ...b, count: 0 }])) });
const variants = {
  ...Object.fromEntries(Object.keys(SEVN_PRESETS).map((name) => [name, () => sevnPreset(name)])),
  'sevn without bonus cards': () => noBonus(sevnPreset('sevn')),
  'sevn without Ballast': () => ({ ...sevnPreset('sevn'), ballast: [] }),
  'sevn without either': () => ({ ...noBonus(sevnPreset('sevn')), ballast: [] }),
};
for (const [preset, rules] of Object.entries(variants)) {
  const t0 = performance.now();
  const r = rules();
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

/** The exact pass on `preset` up to `layers` cards taken: states per layer, and apart by which parts of a state. */
async function passLayers(preset, layers, dropBelow) {
  const { soloPass } = await import('../dist/src/games/sevn/solo-pass.js');
  const { SEVN_STRATEGIES } = await import('../dist/strategies/sevn/index.js');
  const r = sevnPreset(preset);
  const cards = new SevnCards(r);
  const parts = ['row', '+ Ballast left or discarded', '+ actions left', '+ modifiers and bonus cards left', "+ held values' copies left", '+ copies left of values not held (all)', 'all, but modifiers, bonus cards and Ballast counted, not named'];
  // Per part, a 53-bit hash of the state cut down to it (Sets of numbers: a Set of strings takes GBs at a million states).
  let seen = parts.map(() => new Set());
  let states = 0;
  let chance = 0;
  const t0 = process.cpuUsage();
  const inspect = (layer, p, f, x) => {
    states++;
    chance += p;
    let h1 = 0x9e3779b9;
    let h2 = 0x85ebca6b;
    const mix = (v) => {
      h1 = Math.imul(h1 ^ v, 0x85ebca6b) ^ (h1 >>> 13);
      h2 = Math.imul(h2 ^ v, 0xc2b2ae35) ^ (h2 >>> 16);
    };
    const done = (k) => seen[k].add((h1 >>> 0) * 2 ** 21 + (h2 & 0x1fffff));
    mix(f[x.held]); mix(f[x.secondChance]); mix(f[x.sequence]); mix(f[x.queue]);
    const kinds = (test, at) => {
      for (let c = 0; c < cards.codes; c++) if (test(cards.kind[c]) && at[c] >= 0) mix(f[at[c]] + 8 * c);
    };
    for (let c = 0; c < cards.codes; c++) if (cards.kind[c] === 1 && x.left[c] >= 0) mix(f[x.left[c]] === 1 ? 1 : 0);
    kinds(() => true, x.row);
    done(0);
    kinds((k) => k === 1, x.left);
    done(1);
    kinds((k) => k >= 4 && k <= 8, x.left);
    done(2);
    kinds((k) => k === 2 || k === 3 || k >= 9, x.left);
    done(3);
    mix(f[x.heldCopies]);
    done(4);
    kinds((k) => k === 0, x.left);
    done(5);
    // The same state with the modifiers and bonus cards only counted (taken, in the row) and the
    // Ballast cards counted (discarded, kept): what a pass that names a card only when a rule reads it
    // could merge at most.
    h1 = 0x9e3779b9;
    h2 = 0x85ebca6b;
    mix(f[x.held]); mix(f[x.secondChance]); mix(f[x.sequence]); mix(f[x.queue]); mix(f[x.heldCopies]);
    let taken = 0;
    let inRow = 0;
    let ballast = 0;
    for (let c = 0; c < cards.codes; c++) {
      const k = cards.kind[c];
      if (x.left[c] < 0) continue;
      if (k === 1) ballast += f[x.left[c]] === 2 ? 1 : f[x.left[c]] === 1 ? 8 : 0;
      else if (k === 2 || k === 3 || k >= 9) {
        taken += cards.copies[c] - f[x.left[c]];
        inRow += f[x.row[c]];
      } else mix(f[x.left[c]] + 256 * c);
    }
    mix(taken); mix(inRow); mix(ballast);
    done(6);
  };
  const progress = (layer, _states, steps, next) => {
    const mb = (process.memoryUsage().rss / 1e6).toFixed(0);
    const cpu = process.cpuUsage(t0);
    console.log(`${preset}, ${layer} cards taken: ${states.toLocaleString('en-US')} states of chance ${chance.toFixed(4)}, expanded by ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU (${mb} MB), ${steps.toLocaleString('en-US')} states reached so far, ${next.toLocaleString('en-US')} in the next layer`);
    if (states > 0) for (let k = 0; k < parts.length; k++) console.log(`  ${seen[k].size.toLocaleString('en-US').padStart(11)}  ${parts[k]}`);
    seen = parts.map(() => new Set());
    states = 0;
    chance = 0;
    if (layer >= layers) throw STOP;
  };
  const STOP = new Error('stop');
  try {
    const out = soloPass(r, SEVN_STRATEGIES, `stay-at:points=${P}`, { maxSteps: 2e12, maxLayer: layers + 1, inspect, progress, epsilon: dropBelow });
    if ('why' in out) console.log(out.why);
    else console.log(`done: ${out.states.toLocaleString('en-US')} states expanded, chance ${out.dropped.mass.toExponential(3)} dropped`);
  } catch (e) {
    if (e !== STOP) throw e;
  }
}
