/**
 * Reading what sevensim did not write itself in this process (rules files, run.json, checkpoints,
 * Arrow files, play records): the checks every reader shares, so that no command trusts a path or a
 * file more than another.
 */
import { constants, closeSync, fstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../engine/errors.js';

/** What a non-regular file is, for messages. */
export function kindOf(s: import('node:fs').Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * The bytes of the regular file at `path`. A FIFO, a device (/dev/zero never ends) or a directory is
 * a UserError naming `what` (e.g. "--rules x.json"); other failures (ENOENT, EACCES) are thrown as
 * the file system's errors for the caller to word. The file is opened non-blocking (opening a FIFO
 * with no writer would otherwise wait forever) and checked on the open descriptor, so it cannot be
 * swapped between the check and the read.
 */
export function readRegularFile(path: string, what: string = path): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new UserError(`${what}: ${kindOf(s)}, not a regular file; give a file`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

export const readRegularText = (path: string, what: string = path): string => readRegularFile(path, what).toString('utf8');

/**
 * `dir/name` for a file name read from a file that belongs to `dir` (a checkpoint's list of kept
 * files, its games file): a plain name, never a path, so that an edited file cannot make sevensim
 * read or delete anything outside the directory. `what` names the source, for the message.
 */
export function fileInDir(dir: string, name: unknown, what: string): string {
  const ok = typeof name === 'string' && name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\') && !name.includes('\0') && basename(name) === name;
  const path = ok ? join(dir, name) : '';
  if (!ok || dirname(resolve(path)) !== resolve(dir)) {
    throw new UserError(`${what}: names ${JSON.stringify(name)}, which is not a file name inside ${dir}; the file is damaged or edited`);
  }
  return path;
}

/** The real path of `p` (symlinks resolved); of its nearest existing ancestor joined with the rest when `p` does not exist yet. */
export function realPath(p: string): string {
  const rest: string[] = [];
  for (let d = resolve(p); ; d = dirname(d)) {
    try {
      return join(realpathSync(d), ...rest.reverse());
    } catch {
      if (dirname(d) === d) return resolve(p);
      rest.push(basename(d));
    }
  }
}

/** Whether `a` and `b` are the same directory once symlinks are resolved. */
export const samePlace = (a: string, b: string): boolean => realPath(a) === realPath(b);
