/** Writes a JSON file whole or not at all: a temporary file beside it, renamed (or linked) into place. */
import { accessSync, constants, existsSync, linkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../../engine/errors.js';
import { OutputError } from '../../io/output.js';

/**
 * With `replace` false an existing file is never overwritten: the new file is linked into place,
 * which fails if the name is taken (no window between a check and the write).
 */
export function writeJsonAtomic(file: string, value: unknown, replace = true): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n');
    if (replace) renameSync(tmp, file);
    else {
      linkSync(tmp, file);
      rmSync(tmp);
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new UserError(`${file}: already exists; give another name (it was not replaced)`);
    throw new OutputError(`${file}: cannot write it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** `name.json`, or the first of `name-1.json`, `name-2.json`, ... that does not exist yet. */
export function freeName(name: string): string {
  const dot = name.endsWith('.json') ? name.length - 5 : name.length;
  let f = name;
  for (let i = 1; existsSync(f); i++) f = `${name.slice(0, dot)}-${i}${name.slice(dot)}`;
  return f;
}

/** Throws unless `file` can be written (its directory exists and is writable, it is not a directory): checked before a game, not lost after it. */
export function checkWritable(file: string, flag: string, replace = true): void {
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
  if (!replace && existsSync(file)) throw new UserError(`${flag} ${file}: already exists; give another name, or --force to replace it`);
}
