/**
 * A SEVENFALL game in progress with one seat played by a person (`play --human`): no I/O. As for SEVN
 * (src/games/sevn/analyses/human-game.ts), each answer replays the game from its seed with the
 * person's answers so far, up to the next decision of that seat.
 */
import { UserError } from '../../../engine/errors.js';
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../../../engine/rng.js';
import { createStrategy } from '../../../engine/strategy.js';
import { type SevenfallAdvice, adviseSevenfall, sevenfallPosition } from './advise.js';
import { OutOfAnswers } from '../../../engine/game-record.js';
import { type SevenfallGameRecord, sevenfallPlayers, sevenfallTurnRecorder } from './record.js';
import { formatReview, reviewSevenfall } from './review.js';
import { SevenfallEngine, type SevenfallTracer } from '../engine.js';
import type { SevenfallRules } from '../rules.js';
import type { TableGame } from '../../table-game.js';
import { rowText, sevenfallTextTracer, tileName } from '../trace.js';
import { STOP, type SevenfallStrategyDef, type SevenfallView, strategySide } from '../view.js';
import { counted } from '../../../io/words.js';

export interface SevenfallHint {
  /** Every legal action with its exact value (expected turn score), best first. */
  advice: SevenfallAdvice;
  suggested: string;
  bots: { strategy: string; answer: string }[];
}

export class SevenfallHumanGame implements TableGame {
  readonly answers: number[] = [];
  lines: string[] = [];
  shown = 0;
  pending: SevenfallView | null = null;
  engine!: SevenfallEngine;
  private record_: SevenfallGameRecord['turns'] = [];
  private discardedNow = '';
  private readonly hints = new Map<number, SevenfallHint>();

  constructor(
    readonly strategies: readonly SevenfallStrategyDef[],
    readonly rules: SevenfallRules,
    readonly specs: readonly string[],
    readonly seat: number,
    readonly seed: number,
  ) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= specs.length) throw new UserError(`--human ${seat}: the table has seats 0 to ${specs.length - 1}`);
    this.replay();
  }

  get over(): boolean {
    return this.pending === null;
  }

  private replay(): void {
    const engine = new SevenfallEngine(this.rules);
    const lines: string[] = [];
    const text = sevenfallTextTracer(this.rules, this.specs.map((s, i) => (i === this.seat ? 'you' : s)), lines);
    const rec = sevenfallTurnRecorder(this.rules, engine);
    const both: SevenfallTracer = {
      turnStart(...a) { text.turnStart(...a); rec.tracer.turnStart(...a); },
      discard(...a) { text.discard(...a); rec.tracer.discard(...a); },
      turnEnd(...a) { text.turnEnd(...a); rec.tracer.turnEnd(...a); },
    };
    engine.tracer = both;
    const deck = new Rng();
    deck.reseed(this.seed, 0, STREAM_DECK);
    this.pending = null;
    try {
      engine.playGame(sevenfallPlayers(this.strategies, this.rules, this.specs, this.seed, { seat: this.seat, answers: this.answers }), deck);
    } catch (e) {
      if (!(e instanceof OutOfAnswers)) throw e;
      this.pending = e.view as SevenfallView;
    }
    engine.tracer = null;
    this.engine = engine;
    this.lines = lines;
    this.record_ = rec.turns;
    this.discardedNow = rec.discardedThisTurn();
  }

  question(): string {
    const v = this.pending;
    if (v === null) return 'the game is over';
    return `Your row ${rowText(this.rules, v.row, v.locked)} ([T] locked), ${counted(v.discardsLeft, 'discard')} left: stop, or discard which tiles?`;
  }

  /** The tiles of the answer's mask as letters. */
  private maskText(mask: number): string {
    const v = this.pending!;
    return mask === STOP ? 'stop' : `discard ${Array.from(v.row).flatMap((t, i) => ((mask >>> i) & 1 ? [tileName(this.rules, t)] : [])).join(' ')}`;
  }

  /** The keys: `s` stops, `d` and the tiles discards them (e.g. `d A W`). */
  keys(): string {
    return `s = stop, d TILES = discard them (e.g. d ${tileName(this.rules, this.pending?.row[0] ?? 0)}; at most ${counted(this.pending?.discardsLeft ?? 0, 'unlocked tile')})`;
  }

  /** The mask an answer names, or an error line. */
  parse(input: string): number | string {
    const v = this.pending;
    if (v === null) return 'the game is over';
    const t = input.trim().toUpperCase();
    if (t === 'S' || t === 'STOP') return STOP;
    const m = /^(?:D|DISCARD)\s+(.+)$/.exec(t);
    const tiles = (m ? m[1] : t).replace(/[\s,]/g, '');
    if (tiles === '' || !/^[A-Z]+$/.test(tiles)) return `"${input.trim()}" is not an answer here; legal: ${this.keys()}`;
    let mask = 0;
    for (const ch of tiles) {
      const i = Array.from(v.row).findIndex((x, i) => tileName(this.rules, x) === ch && v.locked[i] === 0 && ((mask >>> i) & 1) === 0);
      // Bare letters are tiles too ("A W"), but a word that is not one reads better as not understood.
      if (i < 0 && !m) return `"${input.trim()}" is not an answer here; legal: ${this.keys()}`;
      if (i < 0) return `"${input.trim()}": your row has no ${Array.from(v.row).some((x) => tileName(this.rules, x) === ch) ? 'further unlocked ' : ''}${ch} to discard (row ${rowText(this.rules, v.row, v.locked)}, [T] locked); legal: ${this.keys()}`;
      mask |= 1 << i;
    }
    if (tiles.length > v.discardsLeft) return `"${input.trim()}": ${tiles.length} tiles, but only ${counted(v.discardsLeft, 'discard')} ${v.discardsLeft === 1 ? 'is' : 'are'} left this turn; legal: ${this.keys()}`;
    return mask;
  }

  answer(input: string): string | null {
    const a = this.parse(input);
    if (typeof a === 'string') return a;
    this.answers.push(a);
    this.replay();
    return null;
  }

  hint(): SevenfallHint {
    const v = this.pending;
    if (v === null) throw new Error('internal: no decision to advise on');
    const cached = this.hints.get(this.answers.length);
    if (cached) return cached;
    const letters = (keep: (i: number) => boolean) => Array.from(v.row).flatMap((t, i) => (keep(i) ? [tileName(this.rules, t)] : [])).join(' ');
    const advice = adviseSevenfall(this.rules, sevenfallPosition(this.rules, letters(() => true), letters((i) => v.locked[i] === 1), this.discardedNow));
    const side = strategySide(this.rules);
    const rng = new Rng();
    const bots = [...new Set(this.specs.filter((_, s) => s !== this.seat))].map((spec) => {
      rng.reseed(this.seed, this.answers.length, STREAM_STRATEGY, this.seat);
      const bot = createStrategy('sevenfall', this.strategies, spec, { rules: side.rules, table: side.table, rng });
      return { strategy: spec, answer: this.maskText(bot.decide(v)) };
    });
    const h = { advice, suggested: advice.actions[0].action, bots };
    this.hints.set(this.answers.length, h);
    return h;
  }

  /** The suggested answer as the person would type it. */
  suggestedInput(): string {
    const s = this.hint().suggested;
    return s === 'stop' ? 's' : `d ${s.slice('discard '.length)}`;
  }

  table(): string {
    const e = this.engine;
    const v = this.pending;
    const round = this.record_!.length > 0 ? this.record_![this.record_!.length - 1].round : 0;
    const lines = [`SEVENFALL, ${this.rules.rounds} rounds; totals: ${this.specs.map((s, i) => `seat ${i} (${i === this.seat ? 'you' : s}) ${e.totals[i]}`).join(', ')}`];
    if (v) lines.push(`  round ${v.round + 1}: your row ${rowText(this.rules, v.row, v.locked)}; ${counted(v.discardsLeft, 'discard')} left${this.discardedNow ? `; discarded this turn ${this.discardedNow}` : ''}`);
    else lines.push(`  after round ${round + 1}`);
    return lines.join('\n');
  }

  result(): string {
    const e = this.engine;
    const n = this.specs.length;
    const totals = Array.from(e.totals.subarray(0, n)).join(' / ');
    if (this.pending !== null) return `Game stopped; totals ${totals}.`;
    const winners = this.specs.flatMap((_, s) => (e.winShare[s] > 0 ? [s] : []));
    if (winners.length === 0) return `Game over: a tied lead wins nothing; totals ${totals}.`;
    const who = winners.map((s) => (s === this.seat ? 'you' : `seat ${s} (${this.specs[s]})`)).join(' and ');
    return `Game over: ${who} ${winners.length > 1 ? 'share the win' : winners[0] === this.seat ? 'win' : 'wins'}; totals ${totals}.`;
  }

  record(): SevenfallGameRecord {
    const n = this.specs.length;
    const r: SevenfallGameRecord = {
      format: 1, game: 'sevenfall', rules: this.rules, players: [...this.specs], seed: this.seed,
      totals: Array.from(this.engine.totals.subarray(0, n)),
      winShare: this.over ? Array.from(this.engine.winShare.subarray(0, n)) : this.specs.map(() => 0),
      turns: this.record_, human: { seat: this.seat, answers: [...this.answers] },
    };
    if (!this.over) r.finished = false;
    return r;
  }

  hintText(): string {
    const h = this.hint();
    const top = h.advice.actions.slice(0, 5);
    const w = Math.max(...top.map((a) => a.action.length));
    return [
      `  exact expected turn score of each answer (turn solver; ${h.advice.actions.length} legal, best ${top.length} shown)${this.rules.refill === 'round' ? ', as if the turn had started from the full canister (these rules refill it each round only)' : ''}:`,
      ...top.map((a) => `  ${a.action.padEnd(w)}  ${a.value.toFixed(3)}${a.best ? '  <- best' : `  (loss ${a.loss.toFixed(3)})`}`),
      `  suggested: ${h.suggested}; the bots would: ${h.bots.map((b) => `${b.strategy} ${b.answer}`).join(', ')}`,
    ].join('\n');
  }

  /** The exact review of the person's decisions (advise --review). */
  review(): string {
    return formatReview(reviewSevenfall(this.strategies, this.record(), this.seat));
  }

  reviewCommand(file: string): string {
    return `sevensim advise --review ${file} --seat ${this.seat}`;
  }
}
