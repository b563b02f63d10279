/** A readable trace of one SEVN game: the deal, every draw and action, busts, SEVN, scores, totals. */
import { counted } from '../../io/words.js';
import { Rng, STREAM_DECK } from '../../engine/rng.js';
import { PartialOutputError } from '../../engine/errors.js';
import { RoundCapError, SevnEngine } from './engine.js';
import { Ev, type SevnTracer } from './events.js';
import { breakdownText, explainScore } from './scoring.js';
import { type SevnPlayer, Status, STATUS_NAMES } from './view.js';

/** Collects the lines of a trace from the engine's events. */
export class TextTracer implements SevnTracer {
  readonly lines: string[] = [];
  constructor(private readonly engine: SevnEngine) {}

  event(ev: number, seat: number, a: number, b: number): void {
    const e = this.engine;
    const name = (c: number): string => e.cards.name(c);
    const who = `seat ${seat}`;
    const line = (s: string): void => void this.lines.push(s);
    switch (ev) {
      case Ev.ROUND_START:
        line(`== Round ${a + 1}, dealer seat ${seat}; totals ${Array.from(e.totals.subarray(0, e.n)).join(' / ')}; deck ${e.deckSize}, discard pile ${e.discardSize}`);
        break;
      case Ev.DEAL: line(`deal: ${who} gets ${name(a)}`); break;
      case Ev.DRAW: line(`${who} draws ${name(a)}`); break;
      case Ev.TRIPLE_CARD: line(`  Triple Draw card ${b}: ${who} gets ${name(a)}`); break;
      case Ev.STORM_CARD: line(`  Storm: ${who} gets ${name(a)}`); break;
      case Ev.STAY: line(`${who} stays with ${counted(e.scoreSeat(seat), 'point')} at stake`); break;
      case Ev.BUST: line(`  ${who} BUSTS on a second ${name(a)}`); break;
      case Ev.SECOND_CHANCE_USED: line(`  ${who}'s Second Chance cancels the duplicate ${name(a)} (both discarded)`); break;
      case Ev.BALLAST: line(`  ${who} ${b ? 'keeps' : 'discards'} Ballast ${name(a)}`); break;
      case Ev.SECOND_CHANCE_GIVEN: line(a < 0 ? `  ${who} already holds a Second Chance and nobody can take it: discarded` : `  ${who} already holds a Second Chance: gives it to seat ${a}`); break;
      case Ev.FREEZE: line(`  ${who}'s Freeze: seat ${a} is frozen with ${e.scoreSeat(a)} points`); break;
      case Ev.TRIPLE_DRAW: line(`  ${who}'s Triple Draw: seat ${a} draws up to ${e.rules.tripleDrawCards}`); break;
      case Ev.STORM: line(`  ${who}'s Storm: every player still in the round draws once`); break;
      case Ev.CROSSROADS: line(b < 0 ? `  ${who}'s Crossroads shows only ${name(a)} (the last card): takes it` : `  ${who}'s Crossroads: takes ${name(a)}, leaves ${name(b)}`); break;
      case Ev.QUEUED: line(`  ${who}'s ${name(a)} waits in the queue`); break;
      case Ev.ACTION_DISCARDED: line(`  ${who}'s ${name(a)} is discarded (no possible target, or its owner busted)`); break;
      case Ev.SEVN: line(`  SEVN! ${who} holds ${e.rules.sevn.distinct} distinct values: the round ends`); break;
      case Ev.RESHUFFLE: line(`  (deck empty: the discard pile is shuffled into a new deck of ${a})`); break;
      case Ev.EXHAUSTED: line(`  (deck and discard pile empty: the round ends, everyone still in stays)`); break;
      case Ev.ROUND_END:
        for (let s = 0; s < e.n; s++) {
          const row = Array.from(e.rows.subarray(s * e.stride, s * e.stride + e.rowLen[s]), name).join(' ');
          const busted = e.status[s] === Status.BUSTED;
          const bd = explainScore(e.cards, e.rows.subarray(s * e.stride, s * e.stride + e.rowLen[s]), e.sevnAt[s] !== 0, busted);
          const status = e.sevnAt[s] ? 'SEVN' : STATUS_NAMES[e.status[s]];
          line(`  seat ${s} (${status}): [${row}] -> ${busted ? 'bust = 0' : breakdownText(bd)}`);
        }
        break;
    }
  }
}

/** Plays one game with the deck stream (seed, chunk 0) and returns its trace. */
export function traceSevnGame(players: readonly SevnPlayer[], engine: SevnEngine, seed: number): string {
  const tracer = new TextTracer(engine);
  const rng = new Rng();
  rng.reseed(seed, 0, STREAM_DECK);
  engine.tracer = tracer;
  const head = [`SEVN game, rules "${engine.rules.name}", seed ${seed}`, ...players.map((p, s) => `  seat ${s}: ${p.label}`)];
  try {
    engine.playGame(players, rng);
  } catch (e) {
    // The rules did not let the game end: show what was played, then say why it stopped.
    if (e instanceof RoundCapError) throw new PartialOutputError(e.advice, [...head, ...tracer.lines].join('\n'));
    throw e;
  } finally {
    engine.tracer = null;
  }
  const winners = players.flatMap((_, s) => (engine.winShare[s] > 0 ? [s] : []));
  const who =
    winners.length === 1
      ? `Seat ${winners[0]} (${players[winners[0]].label}) wins`
      : `Seats ${winners.join(', ')} share the win (a tied lead, tiedLead "shared")`;
  const tail = `== ${who} with ${engine.totals[winners[0]]} after ${counted(engine.roundCount, 'round')}; totals ${Array.from(engine.totals.subarray(0, players.length)).join(' / ')}`;
  return [...head, ...tracer.lines, tail].join('\n');
}
