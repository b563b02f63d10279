import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

/** A fresh directory under the system temp dir, removed when the test file's tests are done. */
export const tempDir = (name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), `sevensim-${name}-`));
  made.push(dir);
  return dir;
};

// Registered when a test file first imports this module: that file's temp dirs go after its tests.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const listDir = (dir: string): string[] => readdirSync(dir).sort();
