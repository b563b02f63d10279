/** Writes a JSON file whole or not at all: a temporary file beside it, renamed into place. */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
