/**
 * A checkpoint rebuilt by hand with a valid sha256 is still untrusted input: tune's and tournament's
 * states are checked field by field on --resume, and a bad one is refused in one line, kept for --force.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_FILE } from '../../src/io/checkpoint.js';
import { sevensim, sevensimAsync } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

/** Starts a run that checkpoints after every step and kills it once there is a checkpoint. */
async function killedRun(dir: string, args: string[]): Promise<void> {
  const child = sevensimAsync(...args, '--threads', '1', '--checkpoint-seconds', '0', '--out', dir);
  let running = true;
  const exited = new Promise((r) => child.on('exit', r)).then(() => (running = false));
  while (running && !existsSync(join(dir, CHECKPOINT_FILE))) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGKILL');
  await exited;
}

/** The checkpoint with its state edited and its sha256 computed again, as a forger would. */
function forge(text: string, edit: (state: Record<string, any>) => void): string {
  const { sha256: _, ...content } = JSON.parse(text);
  edit(content.state);
  return JSON.stringify({ ...content, sha256: createHash('sha256').update(JSON.stringify(content)).digest('hex') });
}

const cases: [string, string[], [string, (s: Record<string, any>) => void][]][] = [
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
      ['startedAt null', (s) => (s.startedAt = null)],
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
      ['seconds null', (s) => (s.seconds = null)],
    ],
  ],
];

describe('edited checkpoints with a valid sha256', () => {
  for (const [kind, args, edits] of cases) {
    it(`${kind} --resume refuses each in one line and keeps the checkpoint`, async () => {
      const dir = tempDir(`forged-${kind}`);
      await killedRun(dir, args);
      const original = readFileSync(join(dir, CHECKPOINT_FILE), 'utf8');
      for (const [what, edit] of edits) {
        const forged = forge(original, edit);
        writeFileSync(join(dir, CHECKPOINT_FILE), forged);
        const r = sevensim(kind, '--resume', dir, '--quiet');
        expect(r.code, what).not.toBe(0);
        expect(r.stderr, what).toMatch(/^sevensim: --resume: the checkpoint in .* is damaged or edited \(expected .*\); give --force to start again\n$/);
        expect(readFileSync(join(dir, CHECKPOINT_FILE), 'utf8'), what).toBe(forged);
      }
    }, 120_000);
  }
});
