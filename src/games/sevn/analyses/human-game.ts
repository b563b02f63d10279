/**
 * A SEVN game in progress with one seat played by a person (`play --human`): no I/O, so the terminal,
 * the line protocol and the tests drive the same object.
 *
 * The engine asks its players synchronously, so the game is not stepped from outside: each time the
 * person answers, the whole game is replayed from its seed with the person's answers so far (a
 * ScriptedSeat), up to the question the seat has no answer for yet. A replay costs about a game's
 * worth of engine work (well under a millisecond), and the same seed and answers give the same game.
 */
import { HINT_MAX_STATES } from './advise-last-seat.js';
import { CLEAR_MIN_ROLLOUTS, inRollouts } from './rollout-defaults.js';
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../../../engine/rng.js';
import { RoundCapError, UserError } from '../../../engine/errors.js';
import { type AdviceValue, type SevnAdvice, adviseSevn } from './advise.js';
import { Z95, shareNeedsWilson } from '../../../stats/summary.js';
import { OutOfAnswers } from '../../../engine/game-record.js';
import { type SevnEventRecord, type SevnGameRecord, sevnEventRecord, sevnPlayers } from './record.js';
import { formatSevnReview, positionOf, reviewSevn } from './review.js';
import { DEFAULT_TABLE_OPTIONS, type TableGame, type TableOptions } from '../../table-game.js';
import { SevnEngine } from '../engine.js';
import { makeSevnPlayers } from '../index.js';
import type { SevnRules } from '../rules.js';
import { TextTracer } from '../trace.js';
import { Answer, Decision, DECISION_KINDS, type SevnStrategyDef, type SevnView, STATUS_NAMES } from '../view.js';
import { counted } from '../../../io/words.js';

/** One legal answer: the engine's code, the short key, the word, and what it means here. */
export interface LegalAnswer {
  answer: number;
  key: string;
  word: string;
  text: string;
}

/** The strategy whose answer is suggested where there is no advice (targets, Crossroads, Ballast), and that plays a person's seat in rollouts. */
export const SUGGESTING_BOT = 'ev';

export interface SevnHint {
  decision: string;
  /** Draw or stay: the advice (exact next-card bust chance, each answer's round score and win chance). */
  advice: SevnAdvice | null;
  /** The suggested answer's word. */
  suggested: string;
  /** Why it is suggested (draw or stay: which difference is clear; else the suggesting bot's answer). */
  basis: string;
  /** What each bot of the table (and SUGGESTING_BOT) would answer here. */
  bots: { strategy: string; answer: string }[];
}

/**
 * The draw-or-stay answer to suggest: the higher win chance where the paired difference is clear (its 95%
 * CI excludes 0), else the higher round score where that is clear, else the higher win chance, said to be
 * within noise. A suggestion on a difference the rollouts cannot tell apart would be a coin toss that the
 * end-of-game review may then call a mistake.
 */
export function suggestion(advice: SevnAdvice): { action: string; basis: string } {
  // Exact, or at least CLEAR_MIN_ROLLOUTS rollouts: with 2, two equal outcomes have an SE of 0 and a "clear" difference.
  const clear = (loss: AdviceValue | null) => loss !== null && (loss.exact ? loss.ci95[0] > 0 : loss.n >= CLEAR_MIN_ROLLOUTS && loss.ci95[0] > 0);
  const win = advice.actions.find((a) => a.bestWin);
  const round = advice.actions.find((a) => a.bestRound)!;
  if (win && advice.actions.some((a) => a !== win && clear(a.winLoss))) return { action: win.action, basis: 'the higher win chance' };
  if (advice.actions.some((a) => a !== round && clear(a.roundLoss))) return { action: round.action, basis: win ? 'the higher round score (the win chances are within noise)' : 'the higher round score' };
  const best = win ?? round;
  return { action: best.action, basis: `too close to call: the higher ${win ? 'win chance' : 'round score'}, within noise` };
}

export class SevnHumanGame implements TableGame {
  readonly answers: number[] = [];
  /** Lines of the game so far (the `play` trace), and how many the caller has shown. */
  lines: string[] = [];
  shown = 0;
  events: SevnEventRecord[] = [];
  /** The question waiting for the person (null once the game is over). */
  pending: { decision: number; view: SevnView } | null = null;
  engine!: SevnEngine;
  private readonly hints = new Map<number, SevnHint>();

  constructor(
    readonly strategies: readonly SevnStrategyDef[],
    readonly rules: SevnRules,
    /** Every seat's strategy; the person's seat holds "human". */
    readonly specs: readonly string[],
    readonly seat: number,
    readonly seed: number,
    readonly options: TableOptions = DEFAULT_TABLE_OPTIONS,
  ) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= specs.length) throw new UserError(`--human ${seat}: the table has seats 0 to ${specs.length - 1}`);
    this.replay();
  }

  get over(): boolean {
    return this.pending === null;
  }

  /** Plays the game from its seed with the answers so far, up to the next question for the person. */
  private replay(): void {
    const engine = new SevnEngine(this.rules);
    const text = new TextTracer(engine);
    const events: SevnEventRecord[] = [];
    engine.tracer = {
      event(ev, s, a, b) {
        text.event(ev, s, a, b);
        events.push(sevnEventRecord(engine, ev, s, a));
      },
    };
    const deck = new Rng();
    deck.reseed(this.seed, 0, STREAM_DECK);
    this.pending = null;
    try {
      engine.playGame(sevnPlayers(this.strategies, this.rules, this.specs, this.seed, { seat: this.seat, answers: this.answers }), deck);
    } catch (e) {
      if (e instanceof OutOfAnswers) this.pending = { decision: e.decision, view: e.view as SevnView };
      else if (e instanceof RoundCapError) throw new UserError(`${e.message}: the game did not end`);
      else throw e;
    }
    this.engine = engine;
    this.lines = text.lines;
    this.events = events;
  }

  /** The legal answers to the waiting question, with their keys. */
  legal(): LegalAnswer[] {
    const p = this.pending;
    if (p === null) return [];
    const v = p.view;
    const name = (c: number) => this.engine.cards.name(c);
    switch (p.decision) {
      case Decision.DRAW_STAY:
        return [
          { answer: Answer.DRAW, key: 'd', word: 'draw', text: 'draw a card' },
          { answer: Answer.STAY, key: 's', word: 'stay', text: `stay with ${v.points} points` },
        ];
      case Decision.BALLAST:
        return [
          { answer: Answer.KEEP, key: 'k', word: 'keep', text: `keep Ballast ${name(v.card)}` },
          { answer: Answer.DISCARD, key: 'x', word: 'discard', text: `discard Ballast ${name(v.card)}` },
        ];
      case Decision.CROSSROADS:
        return [
          { answer: 0, key: 'a', word: name(v.optionA), text: `take ${name(v.optionA)}` },
          { answer: 1, key: 'b', word: name(v.optionB), text: `take ${name(v.optionB)}` },
        ];
      default: {
        const out: LegalAnswer[] = [];
        for (let t = 0; t < v.players; t++) {
          if (((v.candidates >>> t) & 1) === 0) continue;
          const who = t === this.seat ? 'yourself' : `seat ${t} (${this.specs[t]}, ${this.engine.scoreSeat(t)} points)`;
          out.push({ answer: t, key: String(t), word: `seat ${t}`, text: who });
        }
        return out;
      }
    }
  }

  /** The question in words. */
  question(): string {
    const p = this.pending;
    if (p === null) return 'the game is over';
    const card = this.engine.cards.name(p.view.card);
    switch (p.decision) {
      case Decision.DRAW_STAY: return `Your turn: draw or stay (${counted(p.view.points, 'point')} at stake)?`;
      case Decision.FREEZE: return `Your ${card}: freeze whom?`;
      case Decision.TRIPLE_DRAW: return `Your ${card}: who draws up to ${this.rules.tripleDrawCards} cards?`;
      case Decision.SECOND_CHANCE: return `You already hold a Second Chance: give this one to whom?`;
      case Decision.CROSSROADS: return 'Crossroads: take which card (the other is discarded)?';
      default: return `Ballast ${card}: keep it in your row or discard it?`;
    }
  }

  /** The legal answer a typed word names (its key, its word, or for seats the bare number), or null. */
  find(input: string): LegalAnswer | null {
    const t = input.trim().toLowerCase().replace(/\s+/g, ' ');
    return this.legal().find((l) => l.key === t || l.word.toLowerCase() === t || l.word.toLowerCase().replace(/[-_]/g, '') === t.replace(/[-_]/g, '')) ?? null;
  }

  /** Answers the waiting question; an error line (with the legal answers) when the input is not one of them. */
  answer(input: string): string | null {
    if (this.pending === null) return 'the game is over';
    const l = this.find(input);
    if (l === null) return `"${input.trim()}" is not an answer here; legal: ${this.legal().map((x) => `${x.word} (${x.key})`).join(', ')}`;
    this.answers.push(l.answer);
    this.replay();
    return null;
  }

  /** The advice at the waiting question (computed once per question): draw or stay valued by paired rollouts, every question with the bots' answers. */
  hint(): SevnHint {
    const p = this.pending;
    if (p === null) throw new Error('internal: no question to advise on');
    const cached = this.hints.get(this.answers.length);
    if (cached) return cached;
    const v = p.view;
    const legal = this.legal();
    const wordOf = (a: number) => legal.find((l) => l.answer === a)?.word ?? String(a);
    // Each bot of the table, and the suggesting bot, asked the same question with a fresh stream.
    const names = [...new Set([...this.specs.filter((_, s) => s !== this.seat), SUGGESTING_BOT])];
    const rng = new Rng();
    const bots = names.map((spec) => {
      rng.reseed(this.seed, this.answers.length, STREAM_STRATEGY, this.seat);
      const bot = makeSevnPlayers(this.strategies, this.rules, [spec], [rng])[0];
      const ask = [bot.drawOrStay, bot.freezeTarget, bot.tripleDrawTarget, bot.crossroads, bot.ballast, bot.secondChanceTo][p.decision];
      return { strategy: spec, answer: wordOf(ask.call(bot, v)) };
    });
    let advice: SevnAdvice | null = null;
    let suggested = bots.find((b) => b.strategy === SUGGESTING_BOT)!.answer;
    let basis = `${SUGGESTING_BOT}'s answer`;
    if (p.decision === Decision.DRAW_STAY) {
      const n = this.specs.length;
      const field = Array.from({ length: n - 1 }, (_, k) => inRollouts(this.specs[(this.seat + 1 + k) % n]));
      advice = adviseSevn(this.strategies, this.rules, positionOf(v), {
        field: n > 1 ? field : undefined, then: SUGGESTING_BOT, rollouts: this.options.hintRollouts, seed: this.seed, firstRollout: this.answers.length * this.options.hintRollouts, maxStates: HINT_MAX_STATES,
      });
      ({ action: suggested, basis } = suggestion(advice));
    }
    const h: SevnHint = { decision: DECISION_KINDS[p.decision], advice, suggested, basis, bots };
    this.hints.set(this.answers.length, h);
    return h;
  }

  /** The table as it stands: each seat's row, points at stake, status and total; the dealer; the deck. */
  table(): string {
    const e = this.engine;
    const status = e.status;
    const rowLen = e.rowLen;
    const lines = [`Round ${e.round + 1} (target ${this.rules.target}); deck ${e.deckSize}, discard pile ${e.discardSize}`];
    for (let s = 0; s < this.specs.length; s++) {
      const row = Array.from(e.rows.subarray(s * e.stride, s * e.stride + rowLen[s]), (c) => e.cards.name(c)).join(' ');
      const who = s === this.seat ? 'you' : this.specs[s];
      lines.push(`  seat ${s} ${`(${who})`.padEnd(14)} ${STATUS_NAMES[status[s]].padEnd(7)} [${row}] ${e.scoreSeat(s)} points, total ${e.totals[s]}${s === e.dealer ? ', dealer' : ''}`);
    }
    return lines.join('\n');
  }

  /** The end of the game in one line. */
  result(): string {
    const e = this.engine;
    const n = this.specs.length;
    const totals = Array.from(e.totals.subarray(0, n)).join(' / ');
    if (this.pending !== null) return `Game stopped in round ${e.round + 1}; totals ${totals}.`;
    const winners = this.specs.flatMap((_, s) => (e.winShare[s] > 0 ? [s] : []));
    const who = winners.map((s) => (s === this.seat ? 'you' : `seat ${s} (${this.specs[s]})`)).join(' and ');
    return `Game over after ${counted(e.roundCount, 'round')}: ${who} ${winners.length > 1 ? 'share the win' : winners[0] === this.seat ? 'win' : 'wins'}; totals ${totals}.`;
  }

  /** The game as `play --json` writes it, with the person's answers (a stopped game: finished false). */
  record(): SevnGameRecord {
    const n = this.specs.length;
    const r: SevnGameRecord = {
      format: 1, game: 'sevn', rules: this.rules, players: [...this.specs], seed: this.seed,
      totals: Array.from(this.engine.totals.subarray(0, n)),
      winShare: this.over ? Array.from(this.engine.winShare.subarray(0, n)) : this.specs.map(() => 0),
      events: this.events, human: { seat: this.seat, answers: [...this.answers] },
    };
    if (!this.over) r.finished = false;
    return r;
  }

  /** The review of the person's draw-or-stay decisions (advise --review). */
  review(onProgress?: (done: number, total: number) => void): string {
    return formatSevnReview(reviewSevn(this.strategies, this.record(), this.seat, { rollouts: this.options.reviewRollouts, seed: this.seed, onProgress }));
  }

  reviewCommand(file: string): string {
    return `sevensim advise --review ${file} --seat ${this.seat} --rollouts ${this.options.reviewRollouts} --seed ${this.seed}`;
  }

  keys(): string {
    return this.legal().map((l) => `${l.key} = ${l.word === l.key ? l.text : `${l.word}: ${l.text}`}`).join(', ');
  }

  suggestedInput(): string {
    const word = this.hint().suggested;
    return this.legal().find((l) => l.word === word)!.key;
  }

  hintText(): string {
    // A bot played otherwise in the rollouts (inRollouts) is named.
    const stands = [...new Set(this.specs.filter((s, i) => i !== this.seat && inRollouts(s) !== s))].map((s) => `${s} as ${inRollouts(s)}, the policy of its own rollouts`);
    return formatSevnHint(this.hint(), stands.length ? `opponents play their strategies (${stands.join('; ')})` : undefined);
  }
}

const pm = (v: AdviceValue, d: number) => (v.exact ? `${v.mean.toFixed(d)} exact` : `${v.mean.toFixed(d)} ± ${(Z95 * v.se).toFixed(d)}`);
/** A chance in per cent: exact, an exact range (advise's winBounds), ± its 95% CI, or Wilson's interval where advise shows it (too few rollouts ended one way). */
const percent = (v: AdviceValue): string => {
  const p = (x: number) => (100 * x).toFixed(1);
  if (v.bounds && v.ci95[0] !== v.ci95[1]) return `${p(v.ci95[0])} to ${p(v.ci95[1])}% exact`;
  if (v.bounds) return `${p(v.ci95[0])}% exact`;
  if (v.exact) return `${p(v.mean)}% exact`;
  return shareNeedsWilson(v.mean, v.n) ? `${p(v.mean)}% [${p(v.ci95[0])}, ${p(v.ci95[1])}]` : `${p(v.mean)} ± ${p(Z95 * v.se)}%`;
};

/** The hint panel: exact next-card bust chance, each answer's round score and win chance (95% CI or exact), the suggestion, the bots. */
export function formatSevnHint(h: SevnHint, opponents = 'opponents play their strategies'): string {
  const lines: string[] = [];
  const a = h.advice;
  if (a) {
    const nc = a.nextCard;
    lines.push(nc.secondChance ? `  next card busts: 0 (your Second Chance cancels a duplicate)` : `  next card busts: ${(100 * nc.bust).toFixed(1)}% exact (${counted(nc.duplicates, 'duplicate')} of your values among ${nc.unseen} ${nc.fromDiscard ? 'cards of the discard pile' : 'unseen cards'})`);
    for (const x of a.actions) {
      lines.push(`  ${x.action.padEnd(5)} round score ${pm(x.roundScore, 1)}, win chance ${x.win ? percent(x.win) : '-'}${x.action === h.suggested ? '  <- suggested' : ''}`);
    }
    const wilson = a.actions.some((x) => x.win !== null && !x.win.exact && shareNeedsWilson(x.win.mean, x.win.n));
    lines.push(`  (${a.rollouts.toLocaleString('en-US')} paired rollouts, ± 95% CI${wilson ? ', [low, high]: Wilson\'s 95% interval where fewer than 5 rollouts ended one way' : ''}; ${opponents}, you then play ${SUGGESTING_BOT})`);
  }
  lines.push(`  suggested: ${h.suggested} (${h.basis})${h.bots.length ? `; the bots would: ${h.bots.map((b) => `${b.strategy} ${b.answer}`).join(', ')}` : ''}`);
  return lines.join('\n');
}
