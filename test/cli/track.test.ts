/**
 * `track`: a whole game played by bots on the engine, typed in entry by entry as a person at the table
 * would, gives the same game (every trace line, the totals); impossible entries are refused with one
 * line and nothing changes; undo, save and --load; the line protocol through the CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng, STREAM_DECK } from '../../src/engine/rng.js';
import { SevnTrack } from '../../src/games/sevn/analyses/track.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { TextTracer } from '../../src/games/sevn/trace.js';
import { sevnPlayers } from '../../src/games/sevn/analyses/record.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { sevensimWithInput } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const rules = sevnPreset('sevn');

/** A bots' game on the engine: its trace lines, totals, and what a person would type at the table, in order. */
function recordedGame(specs: string[], seed: number) {
  const engine = new SevnEngine(rules);
  const text = new TextTracer(engine);
  const entries: string[] = [];
  const name = (c: number) => engine.cards.name(c);
  engine.tracer = {
    event(ev, seat, a, b) {
      text.event(ev, seat, a, b);
      switch (ev) {
        case Ev.DEAL: case Ev.TRIPLE_CARD: case Ev.STORM_CARD: entries.push(`seat ${seat}: ${name(a)}`); break;
        case Ev.DRAW: entries.push(name(a)); break; // at a turn, the card drawn
        case Ev.STAY: entries.push('stay'); break;
        case Ev.FREEZE: case Ev.TRIPLE_DRAW: entries.push(String(a)); break;
        case Ev.SECOND_CHANCE_GIVEN: if (a >= 0) entries.push(`seat ${a}`); break;
        case Ev.BALLAST: entries.push(b ? 'keep' : 'discard'); break;
        // The two cards shown (in either order: the deck's order is not the table's business), then the one taken.
        case Ev.CROSSROADS: entries.push(...(b < 0 ? [name(a)] : [name(b), name(a), `take ${name(a)}`])); break;
        case Ev.EXHAUSTED: throw new Error('pick a seed whose game does not exhaust the deck');
      }
    },
  };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  engine.playGame(sevnPlayers(SEVN_STRATEGIES, rules, specs, seed), deck);
  return { lines: text.lines, totals: Array.from(engine.totals.subarray(0, specs.length)), rounds: engine.roundCount, entries };
}

describe('track: a whole recorded game', () => {
  const specs = ['ev', 'race', 'bust-cap', 'stay-at'];
  const game = recordedGame(specs, 21);

  it('typed in entry by entry, it is the same game: every trace line and the totals', () => {
    // The game uses the actions: a replay that only covered draws and stays would not be this one.
    for (const word of ['Freeze', 'Triple Draw', 'Crossroads', 'Second Chance', 'Ballast', 'shuffled into a new deck']) expect(game.lines.join('\n')).toContain(word);
    const t = new SevnTrack(SEVN_STRATEGIES, rules, 4, 2);
    game.entries.forEach((e, i) => {
      expect(t.result()).toBeNull();
      expect([i, e, t.enter(e)]).toEqual([i, e, null]);
    });
    expect(t.over).toBe(true);
    // The end is said as play's trace says it: the one highest total, the rounds, every total.
    const best = Math.max(...game.totals);
    expect(game.totals.filter((x) => x === best)).toHaveLength(1);
    const w = game.totals.indexOf(best);
    expect(t.result()).toBe(`== Game over: Seat ${w}${w === 2 ? ' (you)' : ''} wins with ${best} after ${game.rounds} rounds; totals ${game.totals.join(' / ')}`);
    expect(t.lines).toEqual(game.lines);
    expect(Array.from(t.engine.totals.subarray(0, 4))).toEqual(game.totals);
  }, 60_000);

  it('save and load: the entries replay to the same state; undo takes back the last entry', () => {
    const t = new SevnTrack(SEVN_STRATEGIES, rules, 4, 2);
    for (const e of game.entries.slice(0, 60)) t.enter(e);
    const saved = JSON.parse(JSON.stringify(t.save()));
    const u = SevnTrack.load(SEVN_STRATEGIES, rules, saved, 'test');
    expect(u.table()).toBe(t.table());
    expect(u.needText()).toBe(t.needText());
    const before = t.table();
    const need = t.needText();
    expect(t.enter(game.entries[60])).toBeNull();
    expect(t.undo()).toBeNull();
    expect(t.table()).toBe(before);
    expect(t.needText()).toBe(need);
  });
});

describe('track: impossible entries are refused, nothing changes', () => {
  const t = () => new SevnTrack(SEVN_STRATEGIES, rules, 3, 0);
  const refused = (track: SevnTrack, entry: string, reason: RegExp) => {
    const table = track.table();
    const need = track.needText();
    const n = track.entries.length;
    const error = track.enter(entry);
    expect(error).toMatch(reason);
    expect(error!.split('\n')).toHaveLength(1);
    expect([track.table(), track.needText(), track.entries.length]).toEqual([table, need, n]);
  };

  it('a card the deck no longer holds (the rules deck has one 1 and one 0)', () => {
    const track = t();
    expect(track.needText()).toBe('card for seat 1: the deal');
    expect(track.enter('1')).toBeNull();
    refused(track, '1', /^no 1 can be drawn: the full deck has one copy and it is seen/);
    refused(track, '14', /"14" is not a card of rules "sevn"/);
  });

  it('a card for a seat that is out, or not the one waited for; an answer where a card is due', () => {
    const track = t();
    for (const e of ['5', '6', '7']) expect(track.enter(e)).toBeNull(); // the deal: seats 1, 2, 0
    expect(track.needText()).toBe('seat 1: draw (type the card) or stay');
    expect(track.enter('stay')).toBeNull();
    refused(track, 'seat 1: 9', /^seat 1 is out of the round \(stayed\); the game waits for seat 2/);
    refused(track, 'seat 0: 9', /^the game waits for seat 2/);
    refused(track, 'seat 7: 9', /^seat 7: the table has seats 0 to 2/);
    expect(track.enter('6')).toBeNull(); // seat 2 draws a second 6 and busts
    expect(track.lines.at(-1)).toBe('  seat 2 BUSTS on a second 6');
    refused(track, 'keep', /seat 0 draws \(type the card\) or stays/);
    refused(track, 'seat 2: stay', /^seat 2 is out of the round \(busted\)/);
  });
});

describe('track: the line protocol through the CLI', () => {
  it('entries from stdin, a refusal, the hint panel at your decision, undo, save then --load; EOF exits 0', () => {
    const dir = tempDir('track');
    const file = join(dir, 'track.json');
    const r = sevensimWithInput(['5', '5', '9', 'undo', '6', 'xyz', `save ${file}`, ''].join('\n'), 'track', '--seats', '2', '--me', '0', '--hint-rollouts', '50');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/refused: "xyz" is neither a card of this deck \(\d+ cards: 0 1 2 .*\) nor stay: seat 0 draws \(type the card\) or stays \(stay\)/);
    expect(r.stdout).toMatch(/next card busts: [\d.]+% exact/);
    expect(JSON.parse(readFileSync(file, 'utf8')).entries).toEqual(['5', '5', '6']);
    const again = sevensimWithInput('stay\n', 'track', '--load', file);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('seat 1 draws 6');
    expect(again.stdout).toContain('seat 0 stays with 5 points at stake');
    // A save that cannot be written, or without a file name, is refused and the game goes on; q says what was not saved.
    const kept = sevensimWithInput(['5', `save ${join(dir, 'no-such-dir', 't.json')}`, 'save', '9', 'q'].join('\n'), 'track', '--seats', '2', '--me', '0', '--hint-rollouts', '50');
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain(`refused: ${join(dir, 'no-such-dir', 't.json')}: cannot write it (ENOENT); the game goes on`);
    expect(kept.stdout).toContain('refused: save needs a file name: save FILE');
    expect(kept.stdout).toContain('deal: seat 0 gets 9');
    expect(kept.stdout).toContain('stopped; 2 entries not saved');
    // A saved file's seat out of range is named as the file's field, not as a flag the user did not give.
    const badMe = join(dir, 'bad-me.json');
    writeFileSync(badMe, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), me: 7 }));
    expect(sevensimWithInput('', 'track', '--load', badMe).stderr).toBe(`sevensim: --load ${badMe}: its "me" 7: your seat is one of 0 to 1 (seat 0 deals the first round, the others clockwise from it)\n`);
    // A file that is not JSON: the parser's message quotes its line breaks; the error stays one line.
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, 'not json\n{');
    const nj = sevensimWithInput('', 'track', '--load', notJson);
    expect(nj.code).toBe(2);
    expect(nj.stderr.trim().split('\n')).toHaveLength(1);
    const bad = sevensimWithInput('', 'track', '--seats', '9', '--me', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('sevensim: --seats 9: a SEVN table seats 2 to 8 (a whole number)\n');
  });
});
