/**
 * A checkpoint rebuilt by hand with a valid sha256 is still untrusted input: simulate's, tune's and
 * tournament's states are checked field by field on --resume, and a bad one is refused in one line, kept for --force.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_FILE } from '../../src/io/checkpoint.js';
import { sevensim, sevensimKilledAfterCheckpoint } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

/** A run that checkpoints after every step, killed (SIGKILL) right after its second checkpoint. */
function killedRun(dir: string, args: string[]): void {
  const r = sevensimKilledAfterCheckpoint(2, ...args, '--threads', '1', '--checkpoint-seconds', '0', '--out', dir);
  expect(r.signal, r.stderr).toBe('SIGKILL');
}

/** The checkpoint with its state (or, with `part`, another field) edited and its sha256 computed again, as a forger would. */
function forge(text: string, edit: (state: Record<string, any>) => void, part = 'state'): string {
  const { sha256: _, ...content } = JSON.parse(text);
  edit(content[part]);
  return JSON.stringify({ ...content, sha256: createHash('sha256').update(JSON.stringify(content)).digest('hex') });
}

const cases: [string, string[], [string, (s: Record<string, any>) => void][]][] = [
  [
    'simulate',
    ['simulate', '--game', 'sevn', '--preset', 'sevn-numbers', '--mode', 'game', '--players', 'stay-at', 'bust-cap', '--games', '20000', '--chunk-size', '1000', '--seed', '4', '--per-game', '--decisions', 'outcomes', '--quiet'],
    [
      ['next null', (s) => (s.next = null)],
      ['next past the last chunk', (s) => (s.next = 21)],
      ['next a chunk further than the totals', (s) => (s.next += 1)],
      ['totals.games edited', (s) => (s.totals.games += 1)],
      ['a seat missing', (s) => s.totals.seats.pop()],
      ['a seat\'s busts edited', (s) => (s.totals.seats[0].busts = s.totals.seats[0].rounds + 1)],
      ['a seat\'s sumScore edited (the histogram disagrees)', (s) => (s.totals.seats[1].sumScore += 7)],
      ['a histogram count edited', (s) => (s.totals.seats[0].histogram[0][1] += 1)],
      ['a negative win sum', (s) => (s.totals.seats[0].sumWin = -840)],
      ['a decision row cut short', (s) => s.totals.decisions[0].pop()],
      ['gamesFile null with --per-game', (s) => (s.gamesFile = null)],
      ['gamesBytes short of the games before next', (s) => (s.gamesBytes = 8)],
      ['gamesBytes past the end of the file', (s) => (s.gamesBytes += 1e6)],
    ],
  ],
  [
    'tournament',
    ['tournament', '--game', 'sevenfall', '--players', 'greedy', 'stand', 'random', '--games', '6000', '--chunk-size', '100', '--seed', '4', '--quiet'],
    [
      ['next null', (s) => (s.next = null)],
      ['next past the last chunk', (s) => (s.next = 1e6)],
      ['one deal more in the sums than next says', (s) => (s.sums[0] += 1)],
      ['a sum null', (s) => (s.sums[3] = null)],
      ['games edited', (s) => (s.games += 1)],
      ['a negative win sum', (s) => (s.sums[1] = -5)],
      // 3 entrants (one table of 3, 6 seat orders): sums[0] deals, 1-3 wins, 4-6 scores, 7-15 and 16-24 products, 25-33 head-to-head.
      ['a head-to-head count cut (the pair no longer adds up to 2 a shared game)', (s) => (s.sums[26] -= 5000)],
      ['a head-to-head count negative', (s) => (s.sums[26] = -500000)],
      ['a win sum above its entrant\'s games', (s) => (s.sums[1] = s.sums[0] * 4 * 840 + 840)],
      ['a win moved to one entrant from nobody (wins no longer one a game)', (s) => (s.sums[2] += 840)],
      ['a score sum a fraction', (s) => (s.sums[4] += 0.5)],
      ['a score sum raised, its squares and products zeroed', (s) => { s.sums[4] = 1e9; for (let i = 7; i < 34; i++) s.sums[i] = 0; }],
      ['a bootstrap sum above its weights (6 shared games a deal, at most 2 each)', (s) => (s.sums[s.sums.length - 1] = s.sums[s.sums.length - 4] * 12 + 1)],
    ],
  ],
  [
    'tune',
    ['tune', '--game', 'sevn', '--preset', 'sevn-numbers', '--strategy', 'stay-at', '--param', 'points=10:40', '--method', 'spsa', '--budget', '1000000', '--seed', '3', '--quiet'],
    [
      ['blocks null', (s) => (s.blocks = null)],
      ['a block null', (s) => (s.blocks[0] = null)],
      ['a block\'s sums null', (s) => (s.blocks[0].sums = null)],
      ['a step sum edited (more games than the block played)', (s) => (s.blocks[0].sums[0] += 1)],
      ['a sum of squares negative', (s) => (s.blocks[0].sums[s.blocks[0].candidates.length + 1] = -1)],
      ['a score sum no scores can have with that sum of squares', (s) => (s.blocks[0].sums[1] += 1e9)],
      ['a score sum of 0 with squares above 0', (s) => { s.blocks[0].sums[1] = 0; s.blocks[0].sums[s.blocks[0].candidates.length + 1] = 5; }],
      ['a cross product larger than the two sums of squares allow', (s) => (s.blocks[0].sums[s.blocks[0].candidates.length + 2] += 1e12)],
      ['seconds null', (s) => (s.seconds = null)],
    ],
  ],
];

describe('edited checkpoints with a valid sha256', () => {
  for (const [kind, args, edits] of cases) {
    it(`${kind} --resume refuses each in one line and keeps the checkpoint`, async () => {
      const killed = tempDir(`killed-${kind}`);
      killedRun(killed, args);
      const original = readFileSync(join(killed, CHECKPOINT_FILE), 'utf8');
      for (const [what, edit] of edits) {
        // Each edit on a copy of the killed run's directory: an accepted edit must not hide the next.
        const dir = tempDir(`forged-${kind}`);
        cpSync(killed, dir, { recursive: true, verbatimSymlinks: true });
        const forged = forge(original, edit);
        writeFileSync(join(dir, CHECKPOINT_FILE), forged);
        const r = sevensim(kind, '--resume', dir, '--quiet');
        expect.soft(r.code, what).not.toBe(0); // soft: every accepted edit is named, not only the first
        expect.soft(r.stderr, what).toMatch(/^sevensim: --resume: the checkpoint in .* is damaged or edited \(expected .*\); give --force to start again\n$/);
        expect.soft(existsSync(join(dir, CHECKPOINT_FILE)) && readFileSync(join(dir, CHECKPOINT_FILE), 'utf8'), what).toBe(forged);
      }
      // The rules in its definition are checked like a rules file (they were taken as they were by tune and tournament).
      const dir = tempDir(`forged-rules-${kind}`);
      cpSync(killed, dir, { recursive: true, verbatimSymlinks: true });
      const forged = forge(original, (d) => (d.rules = { ...d.rules, seats: 'four', deck: null }), 'definition');
      writeFileSync(join(dir, CHECKPOINT_FILE), forged);
      const r = sevensim(kind, '--resume', dir, '--quiet');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^sevensim: --resume ${dir}: the checkpoint's rules.*\n$`));
      expect(readFileSync(join(dir, CHECKPOINT_FILE), 'utf8')).toBe(forged);
    }, 120_000);
  }
});

describe('a simulate checkpoint whose run definition was edited and resealed', () => {
  it('refuses decisions or a mode simulate does not have, naming the checkpoint', () => {
    const killed = tempDir('killed-def');
    killedRun(killed, cases[0][1]);
    const original = readFileSync(join(killed, CHECKPOINT_FILE), 'utf8');
    for (const [what, edit, message] of [
      ['decisions "bogus"', (d: Record<string, any>) => (d.decisions = 'bogus'), /the checkpoint's run definition: decisions "bogus": expected none, outcomes or counterfactual/],
      ['mode "both"', (d: Record<string, any>) => (d.mode = 'both'), /the checkpoint's run definition: mode "both": expected round or game/],
    ] as const) {
      const dir = tempDir('forged-def');
      cpSync(killed, dir, { recursive: true, verbatimSymlinks: true });
      writeFileSync(join(dir, CHECKPOINT_FILE), forge(original, edit, 'definition'));
      const r = sevensim('simulate', '--resume', dir, '--quiet');
      expect(r.code, what).toBe(2);
      expect(r.stderr, what).toMatch(new RegExp(`^sevensim: --resume ${dir}: ${message.source}\n$`));
      expect(existsSync(join(dir, 'decisions.arrow')), what).toBe(false);
    }
  }, 120_000);
});
