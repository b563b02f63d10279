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
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';
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
}

export function readCheckpoint<S = unknown>(dir: string): Checkpoint<S> | null {
  let text: string;
  try {
    text = readFileSync(join(dir, CHECKPOINT_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const c = JSON.parse(text) as Checkpoint<S>;
    if (c.format !== OUTPUT_FORMAT || !Array.isArray(c.keep)) throw new Error(`format ${JSON.stringify(c.format)}, this version reads ${OUTPUT_FORMAT}`);
    return c;
  } catch (e) {
    throw new UserError(`${join(dir, CHECKPOINT_FILE)}: not a checkpoint this version reads (${(e as Error).message}); give --force to discard it`);
  }
}

/** Throws unless the checkpoint is of `kind` and of the same run definition. */
export function checkDefinition(c: Checkpoint, kind: string, definition: unknown): void {
  if (c.kind !== kind) throw new UserError(`--resume: the checkpoint is of a ${c.kind} run, not ${kind}`);
  if (JSON.stringify(c.definition) !== JSON.stringify(definition)) {
    throw new UserError('--resume: the run definition differs from the checkpointed one; resume with the same arguments (or none)');
  }
}

export class Checkpointer<S> {
  private last = performance.now();

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
    const c: Checkpoint<S> = { format: OUTPUT_FORMAT, kind: this.kind, definition: this.definition, keep, state, savedAt: new Date().toISOString() };
    const path = join(this.dir, CHECKPOINT_FILE);
    const tmp = `${path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, JSON.stringify(c));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
    this.last = performance.now();
  }
}
