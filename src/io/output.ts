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
import { accessSync, closeSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, rmdirSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../engine/errors.js';
import { CHECKPOINT_FILE, type Checkpoint, readCheckpoint } from './checkpoint.js';
import { counted } from './words.js';

/** A fault of the environment while writing (disk full, I/O error): the CLI exits 1 with the message. */
export class OutputError extends Error {
  override name = 'OutputError';
}

/** `.<name>.<pid>.tmp`: the temporary name of a file being written by process `pid`. */
const TEMP = /^\.(.+)\.(\d+)\.tmp$/;

/**
 * Result files: the names runs write their results under. --force replaces only these; anything else
 * in the directory (a rules file, notes) is the user's and is left alone.
 */
export const RESULT_FILES: ReadonlySet<string> = new Set([
  'run.json', 'scores.arrow', 'decisions.arrow', 'games.arrow', 'compare.json', 'tune.arrow', 'best.json',
  'tournament.arrow', 'tournament.json', 'bust-table.arrow', 'bust-table.json', 'policy.arrow', 'solve.json', 'winprob.arrow',
]);
const isResult = (name: string): boolean => RESULT_FILES.has(name);
/** What `report` writes: never refused or removed as a result (a report is redrawn into the same place). */
const isReportFile = (name: string): boolean => name === 'report.html' || /^\d{2}-[A-Za-z0-9._-]+\.png$/.test(name);

/** Held while a run writes the directory: a second run into it at the same time is refused. */
export const LOCK_FILE = '.sevensim.lock';

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * Whether process `pid` may be a sevensim: it exists and, where /proc shows its command line, that
 * line runs node or sevensim. Pids are reused (32,768 of them here), so a lock left by a killed run
 * can name a live process that is not ours: that lock is stale too.
 */
function mayBeSevensim(pid: number): boolean {
  if (!processExists(pid)) return false;
  let cmd: string;
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true; // no /proc (or not readable): trust the pid alone
  }
  return /node|sevensim/.test(cmd);
}

/** Creates `dir` and its missing parents one level at a time (recursive mkdir loops forever under /proc); returns the directories made, outermost first. */
function makeDirectory(dir: string): string[] {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  missing.reverse();
  for (const d of missing) mkdirSync(d);
  return missing;
}

/**
 * Output directories prepared and not yet committed or aborted. A run that fails before it writes
 * (a refused option, a fault in the first game) leaves the process through an error, not through
 * abort(): at exit their lock goes, with the directories prepare() made if they are still empty.
 */
const live = new Set<OutputDir>();
process.on('exit', () => {
  for (const d of live) d.release();
});

export interface OutputOptions {
  /** Replace a previous result in the directory. */
  force?: boolean;
  /** Continue the interrupted run whose checkpoint is in the directory. */
  resume?: boolean;
  /** The flag that named the directory, for messages (default --out). */
  flag?: string;
  /** Which files are results (replaced or removed with force); default: the names in RESULT_FILES. */
  results?: (name: string) => boolean;
}

interface Closable {
  destroy(): void;
}

export class OutputDir {
  private readonly writing = new Map<string, string>(); // temporary path -> final path
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
      this.made = makeDirectory(this.dir);
      if (!statSync(this.dir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
      accessSync(this.dir, constants.W_OK);
    } catch (e) {
      throw new UserError(`${this.flag} ${this.dir}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose a writable directory`);
    }
    this.lock();
    let checkpoint: Checkpoint | null;
    try {
      checkpoint = readCheckpoint(this.dir);
    } catch (e) {
      this.unlock();
      if (!(this.options.force && !this.options.resume)) throw e;
      // --force discards a damaged checkpoint; the files it named go as stale temporaries below.
      rmSync(join(this.dir, CHECKPOINT_FILE), { force: true });
      checkpoint = null;
      this.lock();
    }
    this.removeStaleTemporaries(checkpoint?.keep ?? []);
    const names = readdirSync(this.dir).sort();
    const result = this.options.results ?? isResult;
    this.previous = names.filter(result);
    // Others: the user's files, named in the warning with force (subdirectories are never touched).
    this.others = names.filter((n) => !result(n) && !n.startsWith('.') && !statSync(join(this.dir, n)).isDirectory());
    if (this.options.resume) {
      if (!checkpoint) this.refuse(`--resume ${this.dir}: no interrupted run to continue here (no ${CHECKPOINT_FILE})`);
      return;
    }
    if (this.options.force) {
      if (checkpoint) for (const f of [CHECKPOINT_FILE, ...checkpoint.keep]) rmSync(join(this.dir, f), { force: true }); // keep: plain names, checked on reading
      return;
    }
    if (checkpoint) {
      this.refuse(`${this.flag} ${this.dir}: holds an interrupted run; continue it with --resume ${this.dir}, or give --force to discard it`);
    }
    if (this.previous.length > 0) {
      const list = this.previous.slice(0, 4).join(', ') + (this.previous.length > 4 ? ', ...' : '');
      this.refuse(`${this.flag} ${this.dir}: already holds results (${list}); choose another directory, or give --force to replace them`);
    }
  }

  private refuse(message: string): never {
    this.release();
    throw new UserError(message);
  }

  private locked = false;
  /** The directories prepare() created (outermost first): removed again if the run writes nothing. */
  private made: string[] = [];

  /**
   * Gives the directory back untouched: the lock goes, and the directories prepare() created if they
   * are still empty. For a run that ends before commit() or abort().
   */
  release(): void {
    this.unlock();
    for (const d of [...this.made].reverse()) {
      try {
        rmdirSync(d); // fails, and stays, unless empty
      } catch {
        break;
      }
    }
    this.made = [];
  }

  /**
   * Takes the directory's lock, so that two runs cannot mix their files in one directory. The lock is
   * a symbolic link whose target is the holder's pid: made atomically, and without a data block, so a
   * full disk cannot leave it empty. A lock left by a process that no longer exists (kill -9) is taken over.
   */
  private lock(): void {
    const path = join(this.dir, LOCK_FILE);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        symlinkSync(String(process.pid), path);
        this.locked = true;
        live.add(this);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      let pid = NaN;
      try {
        pid = /^\d+$/.test(readlinkSync(path)) ? Number(readlinkSync(path)) : NaN;
      } catch {
        // removed meanwhile, or not a link: taken over below
      }
      if (pid === process.pid) {
        this.locked = true; // left by an earlier OutputDir of this process (tests, the study): ours
        live.add(this);
        return;
      }
      if (pid > 0 && mayBeSevensim(pid)) {
        throw new UserError(`${this.flag} ${this.dir}: another sevensim (pid ${pid}) is writing there; wait for it to finish or choose another directory (if no sevensim is running, remove ${path})`);
      }
      rmSync(path, { force: true, recursive: true }); // its process is gone: take it over
    }
    throw new UserError(`${this.flag} ${this.dir}: cannot take its lock ${path}; remove it if no sevensim is running`);
  }

  private unlock(): void {
    live.delete(this);
    if (!this.locked) return;
    this.locked = false;
    rmSync(join(this.dir, LOCK_FILE), { force: true });
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
    if (!isResult(name) && !isReportFile(name)) throw new Error(`OutputDir.file: ${name} is not a result file name; add it to RESULT_FILES`);
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    this.writing.set(tmp, join(this.dir, name));
    return tmp;
  }

  /** The names of the result files asked for with file() so far. */
  names(): string[] {
    return [...this.writing.values()].map((p) => basename(p));
  }

  /** The temporary path of `name`, already asked for with file(). */
  pending(name: string): string {
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    if (!this.writing.has(tmp)) throw new Error(`OutputDir.pending: ${name} is not being written`);
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
   * files that the new run did not replace. Nothing is renamed if `signal` has fired, nor if any
   * final name is taken by something a file cannot replace (a directory): all or nothing.
   */
  commit(signal?: AbortSignal): void {
    signal?.throwIfAborted();
    const finals = new Set([...this.writing.values()].map((p) => basename(p)));
    for (const final of this.writing.values()) {
      let s;
      try {
        s = lstatSync(final);
      } catch {
        continue; // not there yet: the rename creates it
      }
      if (!s.isFile() && !s.isSymbolicLink()) {
        throw new OutputError(`${this.flag} ${this.dir}: cannot put ${basename(final)} in place: a ${s.isDirectory() ? 'directory' : 'non-file'} of that name is there; move it away and run again; no result files were written and anything there before is intact`);
      }
    }
    const done: string[] = [];
    for (const [tmp, final] of this.writing) {
      try {
        renameSync(tmp, final);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
        throw new OutputError(`${this.flag} ${this.dir}: putting ${basename(final)} in place failed (${code}) after ${done.length ? `${done.join(', ')} had replaced the previous ones` : 'nothing had been replaced'}; ${done.length ? 'the directory now mixes two results: run again with --force' : 'anything there before is intact'}`);
      }
      done.push(basename(final));
    }
    this.writing.clear();
    for (const name of this.previous) if (!finals.has(name)) rmSync(join(this.dir, name), { force: true });
    rmSync(join(this.dir, CHECKPOINT_FILE), { force: true });
    this.made = []; // written: the directory stays
    this.unlock();
    if (this.options.force && this.others.length > 0) {
      process.stderr.write(`sevensim: warning: ${this.flag} ${this.dir}: left alone ${counted(this.others.length, 'file')} not written by sevensim: ${this.others.join(', ')}\n`);
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
    for (const tmp of this.writing.keys()) if (!keep.includes(basename(tmp))) rmSync(tmp, { force: true });
    this.writing.clear();
    this.release();
  }

  /** Whether an interrupted run left a checkpoint here that --resume can continue. */
  resumable(): boolean {
    return existsSync(join(this.dir, CHECKPOINT_FILE));
  }

  /**
   * After an interrupt that left a checkpoint: what `--resume` continues from and what is kept for it (the
   * checkpoint and the partial files it names, e.g. games.arrow's batches so far), and how to discard them.
   */
  resumeNote(command: string): string {
    let bytes = 0;
    for (const name of readdirSync(this.dir)) if (name === CHECKPOINT_FILE || /^\..+\.tmp$/.test(name)) bytes += statSync(join(this.dir, name)).size;
    const size = bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
    return `\`sevensim ${command} --resume ${this.dir}\` continues from the last checkpoint (it and the partial files it keeps, ${size}, stay in ${this.dir} for that; a new run there with --force discards them)`;
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
