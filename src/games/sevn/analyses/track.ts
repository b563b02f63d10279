/**
 * `sevensim track`: follows a real SEVN table game as a person types what happens (each card as it is
 * revealed, stays, action targets, Crossroads and Ballast choices). No I/O: the terminal, the line
 * protocol and the tests drive the same object.
 *
 * The engine keeps the state, so the rules are the engine's: every entry replays the game from the
 * start with the cards typed so far stacked on the deck (SevnDeck.stackDeck) and the answers typed so
 * far given by scripted seats. The replay stops where the engine first needs something not typed yet:
 * a card (its deck stream throws OutOfCards) or an answer (OutOfAnswers). Who gets that card is found
 * by one more replay with a card of the deck as a probe: the trace event that draws it names the seat.
 */
import { counted } from '../../../io/words.js';
import { HINT_MAX_STATES } from './advise-last-seat.js';
import { UserError } from '../../../engine/errors.js';
import type { Rng } from '../../../engine/rng.js';
import { type SevnAdvice, adviseSevn, parseCards } from './advise.js';
import { OutOfAnswers, ScriptedSeat } from '../../../engine/game-record.js';
import { positionOf } from './review.js';
import { DEFAULT_TABLE_OPTIONS } from '../../table-game.js';
import { SevnEngine } from '../engine.js';
import { Ev } from '../events.js';
import type { SevnRules } from '../rules.js';
import { MAX_PLAYERS } from '../seats.js';
import { TextTracer } from '../trace.js';
import { Answer, Decision, type SevnStrategyDef, type SevnView, Status, STATUS_NAMES } from '../view.js';
import { formatSevnHint, SUGGESTING_BOT, type SevnHint, suggestion } from './human-game.js';

/** Thrown by the deck stream of a replay when the engine draws a card nobody has typed yet. */
class OutOfCards extends Error {}
const untypedDeck = { below(): number { throw new OutOfCards('no card typed'); } } as unknown as Rng;

/** What the game waits for. */
export type TrackNeed =
  | { what: 'card'; seat: number; why: string }
  | { what: 'answer'; seat: number; decision: number; view: SevnView }
  | { what: 'nothing' };

/** A saved track (`save FILE`, `--load FILE`). */
export interface TrackFile {
  format: 1;
  kind: 'sevn-track';
  rules: SevnRules;
  seats: number;
  me: number;
  /** Each accepted entry as typed (normalised), in order. */
  entries: string[];
}

const WHY: Record<number, string> = { [Ev.DEAL]: 'the deal', [Ev.DRAW]: 'its draw', [Ev.TRIPLE_CARD]: 'a Triple Draw card', [Ev.STORM_CARD]: 'the Storm' };

interface Replay {
  engine: SevnEngine;
  lines: string[];
  /** Events seen: [event, seat, a]. */
  events: [number, number, number][];
  need: { what: 'card' } | { what: 'answer'; decision: number; view: SevnView } | { what: 'nothing' };
}

export class SevnTrack {
  /** Cards typed, in the order drawn (card codes), and answers typed, in the order asked. */
  private cards: number[] = [];
  private answers: number[] = [];
  /** Per accepted entry: how many cards and answers it added (undo takes them back). */
  private readonly steps: { text: string; cards: number; answers: number }[] = [];
  need: TrackNeed = { what: 'nothing' };
  engine!: SevnEngine;
  lines: string[] = [];
  shown = 0;
  private readonly hints = new Map<string, SevnHint>();

  constructor(
    readonly strategies: readonly SevnStrategyDef[],
    readonly rules: SevnRules,
    readonly seats: number,
    readonly me: number,
    readonly hintRollouts = DEFAULT_TABLE_OPTIONS.hintRollouts,
  ) {
    if (!Number.isInteger(seats) || seats < 2 || seats > MAX_PLAYERS) throw new UserError(`--seats ${JSON.stringify(seats)}: a SEVN table seats 2 to ${MAX_PLAYERS} (a whole number)`);
    if (!Number.isInteger(me) || me < 0 || me >= seats) throw new UserError(`--me ${JSON.stringify(me)}: your seat is one of 0 to ${seats - 1} (seat 0 deals the first round, the others clockwise from it)`);
    this.update();
  }

  get over(): boolean {
    return this.need.what === 'nothing';
  }

  /** The game's end as play's trace says it (who won, with what, after how many rounds); null while it goes on. */
  result(): string | null {
    if (!this.over) return null;
    const e = this.engine;
    const winners = Array.from({ length: this.seats }, (_, s) => s).filter((s) => e.winShare[s] > 0);
    if (winners.length === 0) return null;
    const who = winners.length === 1 ? `Seat ${winners[0]}${winners[0] === this.me ? ' (you)' : ''} wins` : `Seats ${winners.join(', ')} share the win (a tied lead, tiedLead "shared")`;
    return `== Game over: ${who} with ${e.totals[winners[0]]} after ${counted(e.roundCount, 'round')}; totals ${Array.from(e.totals.subarray(0, this.seats)).join(' / ')}`;
  }

  get entries(): string[] {
    return this.steps.map((s) => s.text);
  }

  private run(cards: number[], answers: number[]): Replay {
    const engine = new SevnEngine(this.rules);
    const text = new TextTracer(engine);
    const events: [number, number, number][] = [];
    engine.tracer = {
      event(ev, s, a, b) {
        text.event(ev, s, a, b);
        events.push([ev, s, a]);
      },
    };
    const at = { used: 0 };
    const players = Array.from({ length: this.seats }, () => new ScriptedSeat(answers, at));
    engine.stackDeck(cards);
    let need: Replay['need'] = { what: 'nothing' };
    try {
      engine.playGame(players, untypedDeck);
    } catch (e) {
      if (e instanceof OutOfCards) need = { what: 'card' };
      else if (e instanceof OutOfAnswers) need = { what: 'answer', decision: e.decision, view: e.view as SevnView };
      else throw e;
    }
    engine.tracer = null;
    return { engine, lines: text.lines, events, need };
  }

  /** Replays the entries and works out what is needed next. */
  private update(): void {
    const r = this.run(this.cards, this.answers);
    this.engine = r.engine;
    this.lines = r.lines;
    if (r.need.what === 'answer') this.need = { what: 'answer', seat: r.need.view.seat, decision: r.need.decision, view: r.need.view };
    else if (r.need.what === 'nothing') this.need = { what: 'nothing' };
    else this.need = { what: 'card', ...this.receiver(r) };
  }

  /** Who gets the card the engine waits for: probe with cards of the deck (one, or two for a Crossroads). */
  private receiver(r: Replay): { seat: number; why: string } {
    const e = r.engine;
    // The second probe card is another of the deck, or the first of the discard pile it is reshuffled from.
    const second = e.deckLen > 1 ? e.deck[1] : e.discard[0];
    for (const extra of [[e.deck[0]], [e.deck[0], second]]) {
      const p = this.run([...this.cards, ...extra], this.answers);
      const next = p.events[r.events.length];
      if (next && next[0] in WHY) return { seat: next[1], why: WHY[next[0]] };
      if (p.need.what === 'answer' && p.need.decision === Decision.CROSSROADS) return { seat: p.need.view.seat, why: 'a card its Crossroads shows' };
    }
    throw new Error('internal: cannot tell who gets the next card');
  }

  /** The cards the deck holds now (the unseen cards), by code. */
  unseen(): number[] {
    const e = this.engine;
    const out = new Array<number>(e.cards.codes).fill(0);
    if (e.deckLen === 0) for (let i = 0; i < e.discardLen; i++) out[e.discard[i]]++; // reshuffled at the next draw
    else for (let i = 0; i < e.deckLen; i++) out[e.deck[i]]++;
    return out;
  }

  /** Takes one typed line; null when accepted, else a one-line reason (and nothing changed). */
  enter(line: string): string | null {
    const text = line.trim().replace(/\s+/g, ' ');
    if (text === '') return 'an empty entry: type a card, stay, or an answer (? lists them)';
    const before = { cards: this.cards.length, answers: this.answers.length };
    const error = this.apply(text);
    if (error !== null) {
      this.cards.length = before.cards;
      this.answers.length = before.answers;
      this.update();
      return error;
    }
    this.steps.push({ text, cards: this.cards.length - before.cards, answers: this.answers.length - before.answers });
    return null;
  }

  /** Takes back the last accepted entry. */
  undo(): string | null {
    const s = this.steps.pop();
    if (!s) return 'nothing to undo';
    this.cards.length -= s.cards;
    this.answers.length -= s.answers;
    this.update();
    return null;
  }

  private apply(text: string): string | null {
    const n = this.need;
    if (n.what === 'nothing') return 'the game is over';
    // "seat 2 7", "s2 stay", "2: 7": who the entry is for, checked against whom the game waits for.
    const m = /^(?:seat ?|s)?(\d+) ?: ?(.+)$|^(?:seat ?|s)(\d+) (.+)$/i.exec(text);
    const body = m ? (m[2] ?? m[4]) : text;
    if (m) {
      const who = Number(m[1] ?? m[3]);
      if (who >= this.seats) return `seat ${who}: the table has seats 0 to ${this.seats - 1}`;
      if (who !== n.seat) {
        const st = this.engine.status[who];
        const out = st !== Status.ACTIVE ? `seat ${who} is out of the round (${STATUS_NAMES[st]}); ` : '';
        return `${out}the game waits for seat ${n.seat} (${this.needText()})`;
      }
    }
    const word = body.toLowerCase();
    if (n.what === 'card') return this.card(body);
    const v = n.view;
    switch (n.decision) {
      case Decision.DRAW_STAY:
        if (word === 'stay' || word === 's') return this.answer(Answer.STAY);
        if (word === 'draw' || word === 'd') return this.answer(Answer.DRAW);
        if (word === 'bust' || word === 'busts') return 'a bust follows from the card: type the card drawn';
        // A card here is the seat drawing it.
        if (this.cardCode(body) === null) return `"${body}" is neither a card of this deck (${this.engine.cards.deck.length} cards: ${this.cardNames()}) nor stay: seat ${n.seat} draws (type the card) or stays (stay)`;
        this.answer(Answer.DRAW);
        this.update();
        return this.card(body);
      case Decision.BALLAST:
        if (word === 'keep' || word === 'k') return this.answer(Answer.KEEP);
        if (word === 'discard' || word === 'x') return this.answer(Answer.DISCARD);
        return `"${body}": seat ${n.seat} keeps (keep) or discards (discard) its Ballast ${this.name(v.card)}`;
      case Decision.CROSSROADS: {
        const c = this.cardCode(body.replace(/^take /i, ''));
        if (word === 'a' || c === v.optionA) return this.answer(0);
        if (word === 'b' || c === v.optionB) return this.answer(1);
        return `"${body}": the Crossroads shows ${this.name(v.optionA)} (a) and ${this.name(v.optionB)} (b); type the card seat ${n.seat} takes`;
      }
      default: {
        const t = /^(?:seat ?|s)?(\d+)$/i.exec(word);
        const seats = Array.from({ length: this.seats }, (_, s) => s).filter((s) => (v.candidates >>> s) & 1);
        if (!t || !seats.includes(Number(t[1]))) return `"${body}": seat ${n.seat}'s ${this.name(v.card)} goes to one of seats ${seats.join(', ')} (type the seat)`;
        return this.answer(Number(t[1]));
      }
    }
  }

  private answer(a: number): null {
    this.answers.push(a);
    this.update();
    return null;
  }

  private name(c: number): string {
    return this.engine.cards.name(c);
  }

  private cardCode(text: string): number | null {
    try {
      const cs = parseCards(this.engine.cards, text, 'card');
      return cs.length === 1 ? cs[0] : null;
    } catch {
      return null;
    }
  }

  /** The deck's card names, each once (as `play` prints them). */
  private cardNames(): string {
    const c = this.engine.cards;
    return Array.from({ length: c.codes }, (_, i) => c.name(i)).join(' ');
  }

  private card(text: string): string | null {
    const n = this.need;
    if (n.what !== 'card') return `the game waits for seat ${n.what === 'answer' ? n.seat : '-'}'s answer, not a card`;
    let c: number;
    try {
      const cs = parseCards(this.engine.cards, text, 'card');
      if (cs.length !== 1) return `"${text}": one card an entry`;
      c = cs[0];
    } catch (e) {
      return (e as Error).message;
    }
    const unseen = this.unseen();
    if (unseen[c] === 0) {
      const copies = this.engine.cards.copies[c];
      return `no ${this.name(c)} can be drawn: the full deck has ${copies === 1 ? 'one copy and it is' : `${copies} copies and all are`} seen (on the table or in the discard pile${this.engine.deckLen === 0 ? '' : ' since the last reshuffle'})`;
    }
    this.cards.push(c);
    this.update();
    return null;
  }

  /** What the game waits for, in words. */
  needText(): string {
    const n = this.need;
    if (n.what === 'nothing') return 'the game is over';
    if (n.what === 'card') return `card for seat ${n.seat}${n.seat === this.me ? ' (you)' : ''}: ${n.why}`;
    const card = this.name(n.view.card);
    const who = n.seat === this.me ? 'you' : `seat ${n.seat}`;
    switch (n.decision) {
      case Decision.DRAW_STAY: return `${who}: draw (type the card) or stay`;
      case Decision.BALLAST: return `${who}: keep or discard Ballast ${card}`;
      case Decision.CROSSROADS: return `${who}: Crossroads, take ${this.name(n.view.optionA)} (a) or ${this.name(n.view.optionB)} (b)`;
      case Decision.FREEZE: return `${who}: ${card} on which seat`;
      case Decision.TRIPLE_DRAW: return `${who}: ${card} on which seat`;
      default: return `${who}: give the Second Chance to which seat`;
    }
  }

  /** The table: rows, points, statuses, totals, dealer, deck, discard pile and the unseen cards. */
  table(): string {
    const e = this.engine;
    const status = e.status;
    const rowLen = e.rowLen;
    const lines = [`Round ${e.round + 1} (target ${this.rules.target}); deck ${e.deckSize}, discard pile ${e.discardSize}`];
    for (let s = 0; s < this.seats; s++) {
      const row = Array.from(e.rows.subarray(s * e.stride, s * e.stride + rowLen[s]), (c) => e.cards.name(c)).join(' ');
      lines.push(`  seat ${s}${s === this.me ? ' (you)' : '      '} ${STATUS_NAMES[status[s]].padEnd(7)} [${row}] ${e.scoreSeat(s)} points, total ${e.totals[s]}${s === e.dealer ? ', dealer' : ''}`);
    }
    const unseen = this.unseen();
    const parts: string[] = [];
    for (let c = 0; c < e.cards.codes; c++) if (e.cards.copies[c] > 0) parts.push(`${e.cards.name(c)}:${unseen[c]}`);
    lines.push(`  unseen (${unseen.reduce((a, b) => a + b, 0)}${e.deckLen === 0 ? ', the discard pile to be reshuffled' : ''}): ${parts.join(' ')}`);
    return lines.join('\n');
  }

  /** Your draw-or-stay decision: the advice (opponents assumed to play SUGGESTING_BOT); null at anything else. */
  hint(): SevnHint | null {
    const n = this.need;
    if (n.what !== 'answer' || n.seat !== this.me || n.decision !== Decision.DRAW_STAY) return null;
    const key = `${this.cards.length}/${this.answers.length}`;
    const cached = this.hints.get(key);
    if (cached) return cached;
    const advice: SevnAdvice = adviseSevn(this.strategies, this.rules, positionOf(n.view), { field: [SUGGESTING_BOT], then: SUGGESTING_BOT, rollouts: this.hintRollouts, seed: 1, maxStates: HINT_MAX_STATES });
    const { action, basis } = suggestion(advice);
    const h: SevnHint = { decision: 'draw-stay', advice, suggested: action, basis, bots: [] };
    this.hints.set(key, h);
    return h;
  }

  hintText(): string | null {
    const h = this.hint();
    return h && formatSevnHint(h, `opponents assumed to play ${SUGGESTING_BOT}`);
  }

  save(): TrackFile {
    return { format: 1, kind: 'sevn-track', rules: this.rules, seats: this.seats, me: this.me, entries: this.entries };
  }

  /** A track from its saved entries: each must be accepted again (the file is untrusted input). */
  static load(strategies: readonly SevnStrategyDef[], rules: SevnRules, file: TrackFile, where: string, hintRollouts?: number): SevnTrack {
    if (file?.format !== 1 || file.kind !== 'sevn-track' || !Array.isArray(file.entries) || !file.entries.every((x) => typeof x === 'string')) {
      throw new UserError(`${where}: not a track saved by \`sevensim track\` (save FILE)`);
    }
    let t: SevnTrack;
    try {
      t = new SevnTrack(strategies, rules, file.seats, file.me, hintRollouts);
    } catch (e) {
      // The constructor names the flags (--seats, --me); here the values came from the file's fields.
      if (e instanceof UserError) throw new UserError(`${where}: its ${e.message.replace(/^--(seats|me) /, '"$1" ')}`);
      throw e;
    }
    file.entries.forEach((x, i) => {
      const error = t.enter(x);
      if (error !== null) throw new UserError(`${where}: entry ${i + 1} "${x}" is refused: ${error}`);
    });
    return t;
  }
}
