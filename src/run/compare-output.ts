/**
 * `compare --out DIR`: compare.json (exactly what `compare --json` prints, the SPRT path as
 * `sprt_path: [[games, llr], ...]` when there was one) and run.json (kind `compare`), all or nothing.
 */
import { writeRunJson } from '../io/manifest.js';
import { writeFileSync } from 'node:fs';
import type { OutputDir } from '../io/output.js';
import { OUTPUT_FORMAT, gitCommit, packageVersion } from '../io/package-info.js';
import type { CompareResult } from './compare.js';

/** The JSON `compare --json` prints and compare.json holds. */
export function compareJson(r: CompareResult): Record<string, unknown> {
  const { sprtPath, ...rest } = r;
  return { ...rest, ci95: r.diff.ci95, pValue: r.diff.pValue, ...(sprtPath ? { sprt_path: sprtPath } : {}) };
}

export function writeCompareOutput(out: OutputDir, r: CompareResult, rules: unknown, argv: string[]): void {
  try {
    writeFileSync(out.file('compare.json'), JSON.stringify(compareJson(r), null, 2) + '\n');
    const manifest = {
      format: OUTPUT_FORMAT,
      kind: 'compare',
      version: packageVersion(),
      gitCommit: gitCommit(),
      game: r.game,
      preset: r.preset,
      rules,
      mode: r.mode,
      a: r.a,
      b: r.b,
      field: r.field,
      games: r.games,
      seed: r.seed,
      chunkSize: r.chunkSize,
      argv,
      seconds: r.seconds,
    };
    writeRunJson(out, manifest);
    out.commit();
  } catch (e) {
    out.abort();
    throw out.fault(e); // a full disk: one line, the previous result intact
  }
}
