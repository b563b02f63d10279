/**
 * Fuzzing the files sevensim reads back: mutated shard run.json files given to merge and report,
 * mutated checkpoints given to --resume, mutated `play --json` records (SEVN and SEVENFALL) given to
 * review. Each must fail with a UserError (the CLI prints its one-line message and exits 2), leave the
 * previous result intact, and touch nothing outside its directory; a mutated record that passes every
 * check must review exactly as the original (the mutation changed nothing the review reads).
 * In-process through the command functions, so that a few hundred cases take seconds.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { CHECKPOINT_FILE } from '../../src/io/checkpoint.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { sevnGameRecord } from '../../src/games/sevn/analyses/record.js';
import { sevnReviewCommand } from '../../src/games/sevn/analyses/review.js';
import { sevenfallGameRecord } from '../../src/games/sevenfall/analyses/record.js';
import { sevenfallReviewCommand } from '../../src/games/sevenfall/analyses/review.js';
import { mergeRuns } from '../../src/run/merge.js';
import { readOutput } from '../../src/report/inputs.js';
import { writeReport } from '../../src/run/report.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { tempDir } from '../helpers/dirs.js';
import { smallRules } from '../helpers/sevenfall.js';
import { onSevn } from '../helpers/presets.js';

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevn(),
  mode: 'round',
  players: ['stay-at:points=20', 'bust-cap'],
  games: 1000,
  seed: 5,
  threads: 1,
  chunkSize: 250,
  perGame: true,
  ...over,
});

/** Every file under `dir` (recursively) with its bytes and mtime: what "nothing touched" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const p = join(dir, name);
    const s = statSync(p);
    out[name] = s.isFile() ? `${s.mtimeMs} ${readFileSync(p).toString('base64')}` : 'dir';
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The JSON paths of `v` (objects and arrays walked), so a mutation can pick one. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

function mutate(v: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, Json>;
  const [k, ...rest] = path;
  if (rest.length === 0 && value === undefined) delete copy[k];
  else copy[k] = mutate(copy[k], rest, value);
  return copy as Json;
}

/** Values a hostile edit puts in a field: wrong types, out of range numbers, paths out of the directory. */
const hostile = fc.oneof(
  fc.constantFrom<Json | undefined>(undefined, null, true, 0, -1, 1.5, 1e300, -1e300, '', '../victim.txt', '/etc/passwd', [], {}, [null], 'x'.repeat(1000)),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.string({ maxLength: 8 }),
);

/** A mutation: a path of the document (chosen by index) and the value put there. */
const mutation = fc.record({ at: fc.nat(), value: hostile });

function applyTo(doc: Json, m: { at: number; value: Json | undefined }, only: (path: (string | number)[]) => boolean = () => true): Json {
  const all = paths(doc).filter(only);
  return mutate(doc, all[m.at % all.length], m.value);
}

/** The error a bad input must raise: a UserError of one line (what the CLI prints, exit 2). */
function expectOneLineUserError(e: unknown): void {
  expect(e, String((e as Error)?.stack)).toBeInstanceOf(UserError);
  expect((e as Error).message).not.toContain('\n');
}

describe('fuzzed inputs fail with one line, the previous result intact, nothing outside touched', () => {
  let root: string;
  let shardA: string;
  let shardB: string;
  let merged: string;
  let resumeDir: string;
  let checkpoint: Json;
  let shardManifest: Json;
  let record: Json;
  let fallRecord: Json;

  beforeAll(async () => {
    root = tempDir('fuzz');
    writeFileSync(join(root, 'victim.txt'), 'outside');
    [shardA, shardB, merged, resumeDir] = ['a', 'b', 'merged', 'resume'].map((n) => join(root, n));
    await simulate(run({ out: shardA, shard: { index: 1, count: 2 } }));
    await simulate(run({ out: shardB, shard: { index: 2, count: 2 } }));
    await mergeRuns([shardA, shardB], merged);
    shardManifest = JSON.parse(readFileSync(join(shardA, 'run.json'), 'utf8'));
    const controller = new AbortController();
    await simulate(run({ out: resumeDir, games: 4000, checkpointEvery: 0, signal: controller.signal, onProgress: (d) => d >= 1000 && controller.abort(new Error('interrupted')) })).catch(() => {});
    checkpoint = JSON.parse(readFileSync(join(resumeDir, CHECKPOINT_FILE), 'utf8'));
    record = sevnGameRecord(SEVN_STRATEGIES, sevnPreset('sevn-numbers'), ['stay-at:points=25', 'bust-cap'], 7) as unknown as Json;
    // A small canister over 3 rounds: each decision's exact advice takes a millisecond, not a second.
    fallRecord = sevenfallGameRecord(SEVENFALL_STRATEGIES, { ...smallRules(4, 2), rounds: 3 }, ['greedy', 'random', 'optimal'], 11) as unknown as Json;
  }, 60_000);

  it('merge and report of a shard with a mutated run.json', async () => {
    const before = snapshot(root);
    const original = readFileSync(join(shardA, 'run.json'));
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const doc = applyTo(shardManifest, m);
        if (JSON.stringify(doc) === JSON.stringify(shardManifest)) return;
        writeFileSync(join(shardA, 'run.json'), JSON.stringify(doc));
        expectOneLineUserError(await mergeRuns([shardA, shardB], merged, { force: true }).catch((e: unknown) => e));
        expectOneLineUserError((() => { try { readOutput(shardA); } catch (e) { return e; } })());
      }),
      { numRuns: 150, seed: 18 },
    );
    writeFileSync(join(shardA, 'run.json'), original);
    expect(snapshot(root)).toEqual({ ...before, 'a/run.json': snapshot(root)['a/run.json'] });
    expect(readFileSync(join(shardA, 'run.json')).equals(original)).toBe(true);
  }, 60_000);

  it('report of an unsealed older (format 1) run.json with a mutated field: one line, never a stack trace', async () => {
    // No seal to catch the edit: report's own checks, and its one-line wrapping of anything else, answer.
    const { sha256: _s, files: _f, ...older } = shardManifest as Record<string, Json>;
    const format1 = { ...older, format: 1 } as Json;
    const dir = join(root, 'older');
    mkdirSync(dir);
    for (const f of ['scores.arrow', 'games.arrow']) writeFileSync(join(dir, f), readFileSync(join(shardA, f)));
    writeFileSync(join(dir, 'run.json'), JSON.stringify(format1));
    expect(readOutput(dir).kind).toBe('simulate'); // unmutated, it is read
    const out = join(root, 'older-report');
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        // Fields the report reads (the rules and the command line are only shown).
        writeFileSync(join(dir, 'run.json'), JSON.stringify(applyTo(format1, m, (p) => p[0] !== 'rules' && p[0] !== 'argv')));
        try {
          await writeReport({ dirs: [dir], out, force: true });
        } catch (e) {
          expectOneLineUserError(e);
        }
      }),
      // Each case draws the report (a few hundred ms), so few runs; the example is the one that found a number where a name was shown.
      { numRuns: 12, seed: 18, examples: [[{ at: 544292441, value: 0 }]] },
    );
  }, 60_000);

  it('--resume from a mutated checkpoint', async () => {
    const path = join(resumeDir, CHECKPOINT_FILE);
    const original = readFileSync(path);
    const others = snapshot(root);
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const doc = applyTo(checkpoint, m);
        if (JSON.stringify(doc) === JSON.stringify(checkpoint)) return;
        const text = JSON.stringify(doc);
        writeFileSync(path, text);
        expectOneLineUserError(await simulate(run({ out: resumeDir, games: 4000, resume: true })).catch((e: unknown) => e));
        expect(readFileSync(path, 'utf8')).toBe(text); // a bad checkpoint is kept, for the user to look at
      }),
      { numRuns: 150, seed: 18 },
    );
    writeFileSync(path, original);
    const after = snapshot(root);
    for (const [name, v] of Object.entries(others)) if (name !== `resume/${CHECKPOINT_FILE}`) expect(after[name], name).toBe(v);
    expect(readFileSync(join(root, 'victim.txt'), 'utf8')).toBe('outside');
  }, 60_000);

  it('review of a mutated play record', async () => {
    const before = snapshot(root);
    const args = { seat: 0, seed: 1, objective: 'ev', locked: '', discarded: '', secondChance: false, seen: '', then: 'same', rollouts: 16 };
    const original = JSON.stringify((await sevnReviewCommand(SEVN_STRATEGIES, record as never, args as never)).report);
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const doc = applyTo(record, m);
        let report: unknown;
        try {
          report = (await sevnReviewCommand(SEVN_STRATEGIES, doc as never, args as never)).report;
        } catch (e) {
          return expectOneLineUserError(e);
        }
        expect(JSON.stringify(report), JSON.stringify(m)).toBe(original);
      }),
      { numRuns: 60, seed: 18 },
    );
    expect(snapshot(root)).toEqual(before);
  }, 60_000);

  it('review of a mutated SEVENFALL play record', () => {
    const before = snapshot(root);
    const review = (doc: Json, seat: number) => sevenfallReviewCommand(SEVENFALL_STRATEGIES, doc as never, { seat, objective: 'ev' } as never).report;
    const originals = [0, 1, 2].map((seat) => JSON.stringify(review(fallRecord, seat)));
    expect(JSON.parse(originals[0]).decisions.length).toBeGreaterThan(0); // the seat reviewed made decisions
    fc.assert(
      fc.property(mutation, fc.constantFrom(0, 1, 2), (m, seat) => {
        const doc = applyTo(fallRecord, m);
        let report: unknown;
        try {
          report = review(doc, seat);
        } catch (e) {
          return expectOneLineUserError(e);
        }
        expect(JSON.stringify(report), JSON.stringify(m)).toBe(originals[seat]);
      }),
      { numRuns: 150, seed: 18 },
    );
    expect(snapshot(root)).toEqual(before);
  }, 60_000);
});

