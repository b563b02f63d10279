/** A readable trace of one SEVENFALL game: rows, discards, replacements, wilds, breaks, category. */
import { Rng, STREAM_DECK } from '../../engine/rng.js';
import { SevenfallEngine, type SevenfallTracer } from './engine.js';
import type { SevenfallRules } from './rules.js';
import { explainScore } from './scoring.js';
import type { SevenfallPlayer } from './view.js';
import { counted } from '../../io/words.js';

export function tileName(rules: SevenfallRules, t: number): string {
  return t === rules.symbols ? 'W' : t === rules.symbols + 1 ? 'X' : String.fromCharCode(65 + t);
}

export function rowText(rules: SevenfallRules, row: ArrayLike<number>, locked?: ArrayLike<number>): string {
  return Array.from(row, (t, i) => (locked && locked[i] ? `[${tileName(rules, t)}]` : tileName(rules, t))).join(' ');
}

/** Explains a final row's score in words: wild assignment, breaks, category. */
export function explainRow(rules: SevenfallRules, row: ArrayLike<number>): string {
  const counts = new Array<number>(rules.symbols).fill(0);
  let wilds = 0;
  let breaks = 0;
  for (const t of Array.from(row)) {
    if (t === rules.symbols) wilds++;
    else if (t === rules.symbols + 1) breaks++;
    else counts[t]++;
  }
  const e = explainScore(counts, wilds, breaks, rules.categories);
  const groups = (g: number[]): string =>
    g.map((n, s) => (n > 0 ? `${String.fromCharCode(65 + s)}x${n}` : '')).filter(Boolean).join(' ') || 'none';
  const parts: string[] = [];
  if (wilds > 0) parts.push(`wilds -> ${e.wildsTo.map((n, s) => (n > 0 ? `${n}W=${String.fromCharCode(65 + s)}` : '')).filter(Boolean).join(' ')}: ${groups(e.withWilds)}`);
  if (breaks > 0) parts.push(`${breaks} break${breaks > 1 ? 's' : ''} -> ${groups(e.afterBreaks)}`);
  parts.push(e.category < 0 ? 'no category' : `${rules.categories[e.category].name}`);
  return parts.join('; ');
}

/** A tracer that writes the `play` trace of each turn into `lines` (labels: each seat's name). */
export function sevenfallTextTracer(rules: SevenfallRules, labels: readonly string[], lines: string[]): SevenfallTracer {
  const totals = new Array<number>(labels.length).fill(0);
  return {
    turnStart(seat, round, row) {
      if (seat === 0) lines.push(`Round ${round + 1}`);
      lines.push(`  seat ${seat} (${labels[seat]}) draws: ${rowText(rules, row)}`);
    },
    discard(_seat, mask, removed, row, locked) {
      const gone: string[] = [];
      const fresh: string[] = [];
      for (let i = 0; i < row.length; i++) {
        if ((mask >>> i) & 1) {
          gone.push(tileName(rules, removed[i]));
          fresh.push(tileName(rules, row[i]));
        }
      }
      lines.push(`    discards ${gone.join(' ')}, draws ${fresh.join(' ')} (locked) -> ${rowText(rules, row, locked)}`);
    },
    turnEnd(seat, row, score) {
      totals[seat] += score;
      lines.push(`    final ${rowText(rules, row)}: ${explainRow(rules, row)} = ${score} points (total ${totals[seat]})`);
    },
  };
}

export function traceSevenfallGame(rules: SevenfallRules, players: readonly SevenfallPlayer[], engine: SevenfallEngine, seed: number): string {
  const lines: string[] = [`SEVENFALL (${rules.name}), ${counted(players.length, 'player')}, seed ${seed}. W = Wild, X = Break, [T] = locked replacement.`];
  engine.tracer = sevenfallTextTracer(rules, players.map((p) => p.label), lines);
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  engine.playGame(players, deck);
  engine.tracer = null;
  const totals = Array.from(engine.totals.subarray(0, players.length));
  const best = Math.max(...totals);
  const winners = totals.flatMap((t, s) => (t === best ? [s] : []));
  lines.push(winners.length === 1 ? `Seat ${winners[0]} wins with ${best}.` : `Seats ${winners.join(', ')} share the win with ${best} each.`);
  return lines.join('\n');
}
