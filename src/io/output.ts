/**
 * An output directory written all or nothing: files are written under temporary names and renamed
 * only when the whole run is complete; on failure or Ctrl-C the temporary files are removed.
 */
import { accessSync, constants, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';

export class OutputDir {
  private readonly pending = new Map<string, string>(); // temporary path -> final path

  constructor(readonly dir: string) {}

  /** Creates the directory if needed and checks it is writable, before any work starts. */
  prepare(): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      if (!statSync(this.dir).isDirectory()) throw new Error('not a directory');
      accessSync(this.dir, constants.W_OK);
    } catch (e) {
      throw new UserError(`--out ${this.dir}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose a writable directory`);
    }
  }

  /** A temporary path for `name`, renamed to `dir/name` by commit(). */
  file(name: string): string {
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    this.pending.set(tmp, join(this.dir, name));
    return tmp;
  }

  commit(): void {
    for (const [tmp, final] of this.pending) renameSync(tmp, final);
    this.pending.clear();
  }

  abort(): void {
    for (const tmp of this.pending.keys()) rmSync(tmp, { force: true });
    this.pending.clear();
  }
}
