import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const tempDir = (name: string): string => mkdtempSync(join(tmpdir(), `sevensim-${name}-`));
export const listDir = (dir: string): string[] => readdirSync(dir).sort();
