/**
 * Checkpoints of long runs, so that `--resume DIR` continues a killed or interrupted run from its
 * completed work instead of starting again. Any command can use it:
 *
 *   const cp = new Checkpointer(dir, 'tune', definition);      // definition: what fixes the results
 *   const saved = readCheckpoint(dir);                           // on --resume
 *   if (saved) { checkDefinition(saved, 'tune', definition); state = saved.state; }
 *   ... after each completed unit of work:  cp.maybeSave(() => state);   // at most every few seconds
 *   ... the OutputDir's commit() removes the checkpoint with the run's temporary files.
 *
 * The state must be JSON and must describe a prefix of work in a fixed order (chunks, candidates,
 * pairs), so that the resumed run plays exactly what the uninterrupted one would have played.
 * Saving is atomic (a temporary file renamed over the old one), so a kill at any moment leaves either
 * the previous checkpoint or the new one.
 */
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';
import { fileInDir, readRegularText } from './input-files.js';
import { OUTPUT_FORMAT } from './package-info.js';

export const CHECKPOINT_FILE = '.checkpoint.json';

export interface Checkpoint<S = unknown> {
  /** OUTPUT_FORMAT: a checkpoint of another format is not resumed (its games may be seeded otherwise). */
  format: number;
  kind: string;
  /** Everything that fixes the results (game, rules, players, seed, ...): a resumed run must match it. */
  definition: unknown;
  /** Temporary files of the run that hold checkpointed work (kept by the stale-file cleanup). */
  keep: string[];
  state: S;
  savedAt: string;
  /** sha256 of the JSON of every other field, in this order: an edited or damaged checkpoint is refused. */
  sha256: string;
}

const contentHash = (c: Omit<Checkpoint, 'sha256'>): string => createHash('sha256').update(JSON.stringify(c)).digest('hex');

/**
 * The checkpoint in `dir`, or null if there is none. One that is not a regular file, not JSON, whose
 * hash does not match its content (edited by hand, damaged) or whose file list names a path outside
 * `dir` is a UserError: it is kept, and --force discards it.
 */
export function readCheckpoint<S = unknown>(dir: string): Checkpoint<S> | null {
  const path = join(dir, CHECKPOINT_FILE);
  let text: string;
  try {
    text = readRegularText(path);
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`${e.message}, or give --force to discard it`);
    return null;
  }
  let c: Checkpoint<S>;
  try {
    c = JSON.parse(text) as Checkpoint<S>;
    if (typeof c !== 'object' || c === null || !Array.isArray(c.keep) || typeof c.sha256 !== 'string') throw new Error('unknown format');
    if (c.format !== OUTPUT_FORMAT) throw new Error(`format ${JSON.stringify(c.format)}, this version reads ${OUTPUT_FORMAT}`);
    if (typeof c.state !== 'object' || c.state === null || typeof c.kind !== 'string') throw new Error('no state');
    const { sha256, ...content } = c;
    if (contentHash(content) !== sha256) throw new Error('its content does not match its sha256: edited or damaged');
  } catch (e) {
    throw new UserError(`${path}: not a checkpoint this version can trust (${(e as Error).message}); give --force to discard it`);
  }
  for (const name of c.keep) fileInDir(dir, name, `${path}: keep`);
  return c;
}

/** Throws unless the checkpoint is of `kind` and of the same run definition. */
export function checkDefinition(c: Checkpoint, kind: string, definition: unknown): void {
  if (c.kind !== kind) throw new UserError(`--resume: the checkpoint is of a ${c.kind} run, not ${kind}`);
  if (JSON.stringify(c.definition) !== JSON.stringify(definition)) {
    throw new UserError('--resume: the run definition differs from the checkpointed one; resume with the same arguments (or none)');
  }
}

/**
 * Field-by-field checks of a checkpoint's state (a valid sha256 only shows it was not damaged by
 * accident): `checks` are [what a sound checkpoint holds, whether this one does]; the first that fails
 * is the one line shown. The clock fields every kind carries are checked here too.
 */
export function checkState(dir: string, state: unknown, checks: [string, () => boolean][]): void {
  const s = state as { seconds?: unknown; startedAt?: unknown };
  const all: [string, () => boolean][] = [
    ...checks,
    ['seconds a number of seconds', () => typeof s.seconds === 'number' && s.seconds >= 0 && Number.isFinite(s.seconds)],
    ['startedAt a date', () => typeof s.startedAt === 'string' && !Number.isNaN(Date.parse(s.startedAt))],
  ];
  for (const [what, ok] of all) {
    if (!ok()) throw new UserError(`--resume: the checkpoint in ${dir} is damaged or edited (expected ${what}); give --force to start again`);
  }
}

/** Whole numbers from lo to hi: sums a checkpoint holds, exact in JSON. */
export const isInt = (x: unknown, lo = 0, hi = Number.MAX_SAFE_INTEGER): x is number => Number.isSafeInteger(x) && (x as number) >= lo && (x as number) <= hi;

/**
 * For tests: SEVENSIM_KILL_AFTER_CHECKPOINT=n kills the process (SIGKILL, as `kill -9` would) right
 * after its n-th checkpoint is on disk, so an interrupted run is made without racing a timer.
 */
const KILL_AFTER = Number(process.env.SEVENSIM_KILL_AFTER_CHECKPOINT ?? 0);

export class Checkpointer<S> {
  private last = performance.now();
  private saves = 0;

  constructor(
    readonly dir: string,
    readonly kind: string,
    readonly definition: unknown,
    /** Milliseconds between saves. */
    readonly every = 5000,
  ) {}

  /** Saves if the last save is `every` ms old; `state` is called only then. */
  maybeSave(state: () => { state: S; keep?: string[] }): boolean {
    if (performance.now() - this.last < this.every) return false;
    const s = state();
    this.save(s.state, s.keep ?? []);
    return true;
  }

  save(state: S, keep: string[] = []): void {
    const content = { format: OUTPUT_FORMAT, kind: this.kind, definition: this.definition, keep, state, savedAt: new Date().toISOString() };
    const c: Checkpoint<S> = { ...content, sha256: contentHash(content) };
    const path = join(this.dir, CHECKPOINT_FILE);
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      const fd = openSync(tmp, 'w');
      try {
        writeSync(fd, JSON.stringify(c));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, path);
    } catch (e) {
      rmSync(tmp, { force: true }); // a full disk must not leave an empty temporary file
      throw e;
    }
    this.last = performance.now();
    if (++this.saves === KILL_AFTER) process.kill(process.pid, 'SIGKILL');
  }
}
