/**
 * An output directory written all or nothing: files are written under temporary names
 * (`.<name>.<pid>.tmp`) and renamed only when the whole run is complete; on failure or Ctrl-C the
 * temporary files are closed and removed, so the previous result in the directory stays intact.
 *
 * Before any work it also: refuses an unwritable or empty path (never loops on a path it cannot
 * create), removes temporary files left by processes that no longer exist (kill -9, power loss), and
 * refuses a directory that already holds results unless `force` (then the old result files go at
 * commit; files that are not results are left alone and named in a warning).
 */
import { accessSync, closeSync, constants, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../engine/errors.js';
import { CHECKPOINT_FILE, readCheckpoint } from './checkpoint.js';

/** A fault of the environment while writing (disk full, I/O error): the CLI exits 1 with the message. */
export class OutputError extends Error {
  override name = 'OutputError';
}

/** `.<name>.<pid>.tmp`: the temporary name of a file being written by process `pid`. */
const TEMP = /^\.(.+)\.(\d+)\.tmp$/;

/** Result files: what runs write (Arrow tables and JSON reports). Anything else is the user's. */
const isResult = (name: string): boolean => !name.startsWith('.') && /\.(arrow|json)$/.test(name);

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Creates `dir` and its missing parents one level at a time (recursive mkdir loops forever under /proc). */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

export interface OutputOptions {
  /** Replace a previous result in the directory. */
  force?: boolean;
  /** Continue the interrupted run whose checkpoint is in the directory. */
  resume?: boolean;
  /** The flag that named the directory, for messages (default --out). */
  flag?: string;
  /** Which files are results (replaced or removed with force); default: `*.arrow` and `*.json`. */
  results?: (name: string) => boolean;
}

interface Closable {
  destroy(): void;
}

export class OutputDir {
  private readonly pending = new Map<string, string>(); // temporary path -> final path
  private readonly open = new Set<Closable>();
  private previous: string[] = [];
  private others: string[] = [];

  constructor(
    readonly dir: string,
    private readonly options: OutputOptions = {},
  ) {}

  private get flag(): string {
    return this.options.flag ?? '--out';
  }

  /** Creates the directory if needed, checks it is writable and free, before any work starts. */
  prepare(): void {
    if (this.dir.trim() === '') throw new UserError(`${this.flag}: expected a directory, got an empty path`);
    try {
      makeDirectory(this.dir);
      if (!statSync(this.dir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
      accessSync(this.dir, constants.W_OK);
    } catch (e) {
      throw new UserError(`${this.flag} ${this.dir}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose a writable directory`);
    }
    const checkpoint = readCheckpoint(this.dir);
    this.removeStaleTemporaries(checkpoint?.keep ?? []);
    const names = readdirSync(this.dir).sort();
    const result = this.options.results ?? isResult;
    this.previous = names.filter(result);
    // Others: the user's files, named in the warning with force (subdirectories are never touched).
    this.others = names.filter((n) => !result(n) && !n.startsWith('.') && !statSync(join(this.dir, n)).isDirectory());
    if (this.options.resume) {
      if (!checkpoint) throw new UserError(`--resume ${this.dir}: no interrupted run to continue here (no ${CHECKPOINT_FILE})`);
      return;
    }
    if (this.options.force) {
      if (checkpoint) for (const f of [CHECKPOINT_FILE, ...checkpoint.keep]) rmSync(join(this.dir, f), { force: true });
      return;
    }
    if (checkpoint) {
      throw new UserError(`${this.flag} ${this.dir}: holds an interrupted run; continue it with --resume ${this.dir}, or give --force to discard it`);
    }
    if (this.previous.length > 0) {
      const list = this.previous.slice(0, 4).join(', ') + (this.previous.length > 4 ? ', ...' : '');
      throw new UserError(`${this.flag} ${this.dir}: already holds results (${list}); choose another directory, or give --force to replace them`);
    }
  }

  /** Temporary files of processes that no longer exist (except those a checkpoint still needs). */
  private removeStaleTemporaries(keep: string[]): void {
    for (const name of readdirSync(this.dir)) {
      const m = TEMP.exec(name);
      if (!m || keep.includes(name)) continue;
      const pid = Number(m[2]);
      if (pid !== process.pid && !processExists(pid)) rmSync(join(this.dir, name), { force: true });
    }
  }

  /** A temporary path for `name`, renamed to `dir/name` by commit(). */
  file(name: string): string {
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    this.pending.set(tmp, join(this.dir, name));
    return tmp;
  }

  /** Registers an open writer, closed by abort() before its file is removed (so its space is freed). */
  track<T extends Closable>(c: T): T {
    this.open.add(c);
    return c;
  }

  untrack(c: Closable): void {
    this.open.delete(c);
  }

  /**
   * Renames every temporary file into place, then (with force) removes the previous run's result
   * files that the new run did not replace. Nothing is renamed if `signal` has fired.
   */
  commit(signal?: AbortSignal): void {
    signal?.throwIfAborted();
    const finals = new Set([...this.pending.values()].map((p) => p.slice(this.dir.length + 1)));
    for (const [tmp, final] of this.pending) renameSync(tmp, final);
    this.pending.clear();
    for (const name of this.previous) if (!finals.has(name)) rmSync(join(this.dir, name), { force: true });
    rmSync(join(this.dir, CHECKPOINT_FILE), { force: true });
    if (this.options.force && this.others.length > 0) {
      process.stderr.write(`sevensim: warning: ${this.flag} ${this.dir}: left alone ${this.others.length} file(s) that are not results: ${this.others.join(', ')}\n`);
    }
  }

  /**
   * Closes open writers and removes every temporary file; with keepCheckpoint (an interrupted run)
   * the checkpoint and the files it names stay for --resume, otherwise they go too.
   */
  abort(o: { keepCheckpoint?: boolean } = {}): void {
    for (const c of this.open) {
      try {
        c.destroy();
      } catch {
        // already closed or failed: the file is removed below either way
      }
    }
    this.open.clear();
    let keep: string[] = [];
    try {
      keep = readCheckpoint(this.dir)?.keep ?? [];
    } catch {
      // an unreadable checkpoint is not kept
    }
    if (!o.keepCheckpoint) {
      for (const f of [CHECKPOINT_FILE, ...keep]) rmSync(join(this.dir, f), { force: true });
      keep = [];
    }
    for (const tmp of this.pending.keys()) if (!keep.includes(basename(tmp))) rmSync(tmp, { force: true });
    this.pending.clear();
  }

  /** Whether an interrupted run left a checkpoint here that --resume can continue. */
  resumable(): boolean {
    return existsSync(join(this.dir, CHECKPOINT_FILE));
  }

  /** An error of the environment while writing, as one line that says what happened to the directory. */
  fault(e: unknown): unknown {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (e instanceof UserError || e instanceof OutputError || typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return e;
    const what = code === 'ENOSPC' ? 'the disk is full' : code === 'EDQUOT' ? 'the disk quota is exceeded' : (e as Error).message.split('\n')[0];
    return new OutputError(`${this.flag} ${this.dir}: writing the results failed: ${what} (${code}); no result files were written and anything there before is intact`);
  }
}

/** Closes a file descriptor, ignoring a second close. */
export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
