/** Writes a JSON file whole or not at all: a temporary file beside it, renamed into place. */
import { accessSync, constants, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../../engine/errors.js';
import { OutputError } from '../../io/output.js';

export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n');
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new OutputError(`${file}: cannot write it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** Throws unless `file` can be written (its directory exists and is writable, it is not a directory): checked before a game, not lost after it. */
export function checkWritable(file: string, flag: string): void {
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch (e) {
    throw new UserError(`${flag} ${file}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); give a file in a directory that exists and is writable`);
  }
  let dir = false;
  try {
    dir = statSync(file).isDirectory();
  } catch {
    // absent: it will be created
  }
  if (dir) throw new UserError(`${flag} ${file}: is a directory; give a file name`);
}
