/**
 * run.json: what a run records beside its result files (the manifest of simulate and merge, every
 * command's sealed run.json and the seals of the files beside it), and run totals as JSON for
 * checkpoints. Apart from results.ts so that reading and writing run.json does not load Apache Arrow.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';
import type { DecisionRecording } from '../engine/decisions.js';
import { RunTotals, type SeatTotals } from '../engine/runner.js';
import { fileInDir, kindOf, readRegularText } from './input-files.js';
import type { OutputDir } from './output.js';

export interface Manifest {
  /** The output format (OUTPUT_FORMAT; see "Output format versions"). */
  format: number;
  kind: 'simulate' | 'merge';
  version: string;
  sevensim: string;
  gitCommit: string | null;
  game: string;
  preset: string | null;
  rules: unknown;
  mode: string;
  players: string[];
  games: number;
  seed: number;
  chunkSize: number;
  chunks: { total: number; first: number; last: number };
  shard: { index: number; count: number } | null;
  perGame: boolean;
  /** What decisions.arrow holds: `none` (no file), `outcomes` (decisions as played) or `counterfactual`. */
  decisions: DecisionRecording;
  /** The bucket features and band widths, as given to --bucket (e.g. `points:10,distinct:1`). */
  buckets: string;
  counterfactual: { rate: number; rollouts: number } | null;
  argv: string[];
  threads: number;
  startedAt: string;
  seconds: number;
  gamesPerSecond: number;
  /** Raw per-seat sums (win sums in 1/840ths), from which every summary is derived. */
  /** Per seat (bustsSq, roundsSq, bustRounds from format 4 on; see SeatTotals). */
  totals: { games: number; sumScore: number; sumScoreSq: number; sumWin: number; sumWinSq: number; rounds: number; busts: number; bustsSq?: number; roundsSq?: number; bustRounds?: number }[];
  /** Set by `sevensim merge`: the shard directories combined, and whether they cover every chunk. */
  mergedFrom?: { dir: string; chunks: Manifest['chunks']; shard: Manifest['shard'] }[];
  complete?: boolean;
  /** What identifies each result file: its rows, bytes and sha256 (merge refuses a file that differs). */
  files?: Record<string, FileSeal>;
  /** sha256 of the JSON of every other field, in order: an edited run.json is refused by merge and report. */
  sha256?: string;
}

export interface FileSeal {
  rows: number;
  bytes: number;
  sha256: string;
}

const sha256Of = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `m` with the sha256 of its JSON appended: what every command writes as run.json. */
export function sealed<T extends object>(m: T): T & { sha256: string } {
  const { sha256: _old, ...rest } = m as T & { sha256?: string };
  return { ...(rest as T), sha256: sha256Of(JSON.stringify(rest)) };
}

/**
 * Writes run.json (sealed) into `out`, with the bytes and sha256 of every file written beside it
 * (`seals`; simulate and merge record theirs in `files`, with rows), so that report refuses a result
 * file replaced, edited or copied from another run. Call it when those files are complete.
 */
export function writeRunJson(out: OutputDir, m: object): void {
  const files = (m as { files?: unknown }).files;
  const byFile = typeof files === 'object' && files !== null && !Array.isArray(files);
  const seals = byFile ? {} : { seals: Object.fromEntries(out.names().filter((n) => n !== 'run.json').map((n) => [n, fileDigest(out.pending(n))])) };
  writeFileSync(out.file('run.json'), JSON.stringify(sealed({ ...m, ...seals }), null, 2) + '\n');
}

/**
 * Throws unless each file named in `seals` is in `dir` with the bytes and sha256 recorded (only
 * `names`, when given: the files a reader reads).
 */
export function checkFileSeals(dir: string, seals: Record<string, unknown>, again: string, names: string[] = Object.keys(seals)): void {
  for (const name of names) {
    const f = seals[name] as Partial<FileSeal> | null | undefined;
    if (f === undefined) continue;
    let d: { bytes: number; sha256: string };
    try {
      d = fileDigest(fileInDir(dir, name, `${join(dir, 'run.json')}: a file`));
    } catch (e) {
      if (e instanceof UserError) throw e;
      throw new UserError(`${join(dir, name)}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); ${again}`);
    }
    if (d.bytes !== f?.bytes || d.sha256 !== f?.sha256) throw new UserError(`${join(dir, name)}: not the file its run.json records (${d.bytes} bytes, sha256 ${d.sha256.slice(0, 12)}...; recorded ${f?.bytes} bytes, ${String(f?.sha256).slice(0, 12)}...): replaced, edited or damaged; ${again}`);
  }
}

/** Whether a parsed run.json still holds what its writer sealed (true when it carries no seal: older versions). */
export function sealHolds(m: Record<string, unknown>): boolean {
  if (m.sha256 === undefined) return true;
  const { sha256, ...rest } = m;
  return typeof sha256 === 'string' && sha256Of(JSON.stringify(rest)) === sha256;
}

/**
 * Throws unless a parsed run.json (at `path`) holds what its writer sealed. Every command seals its
 * run.json from output format 2 on, so one of format 2 or later without a sha256 had it taken out;
 * an older one is checked field by field by its reader.
 */
export function checkSeal(path: string, m: Record<string, unknown>, again = 'run it again'): void {
  if (m.sha256 === undefined && typeof m.format === 'number' && m.format >= 2) throw new UserError(`${path}: format ${m.format} but no sha256 (every run.json of format 2 or later is sealed): it was edited or damaged; ${again}`);
  if (!sealHolds(m)) throw new UserError(`${path}: its content does not match its sha256: it was edited or damaged; ${again}`);
}

/** Bytes and sha256 of a file, read in blocks. */
export function fileDigest(path: string): { bytes: number; sha256: string } {
  const h = createHash('sha256');
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK); // a FIFO must not block the open
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new UserError(`${path}: ${kindOf(s)}, not a regular file; give a file`);
    const block = Buffer.allocUnsafe(1 << 20);
    let bytes = 0;
    for (let n; (n = readSync(fd, block, 0, block.length, null)) > 0; bytes += n) h.update(block.subarray(0, n));
    return { bytes, sha256: h.digest('hex') };
  } finally {
    closeSync(fd);
  }
}

/** The rows each result file of a simulate or merge run holds, from its totals. */
export function resultRows(totals: RunTotals, m: Pick<Manifest, 'decisions' | 'perGame' | 'players'>): Record<string, number> {
  const rows: Record<string, number> = { 'scores.arrow': totals.seats.reduce((n, s) => n + s.histogram.entries().length, 0) };
  if (m.decisions !== 'none') rows['decisions.arrow'] = totals.decisions.size;
  if (m.perGame) rows['games.arrow'] = totals.games * m.players.length;
  return rows;
}

/** Writes a simulate or merge run.json that records, and seals, what identifies each result file. */
export function writeResultManifest(out: OutputDir, m: Manifest, rows: Record<string, number>): void {
  const files: Record<string, FileSeal> = {};
  for (const [name, n] of Object.entries(rows)) files[name] = { rows: n, ...fileDigest(out.pending(name)) };
  writeRunJson(out, { ...m, files });
}

/**
 * Throws unless the run.json of `dir` is sealed and unedited, and each result file it lists is there
 * with the bytes it recorded: a shard's totals (busts, rounds, win sums) and files are then those its
 * run wrote, not edited ones or files copied from another shard.
 */
export function checkSealedRun(dir: string, m: Manifest): void {
  if (typeof m.sha256 !== 'string' || typeof m.files !== 'object' || m.files === null) {
    throw new UserError(`${dir}: its run.json records no sha256 of its files (written by an older sevensim, or edited); run that shard again`);
  }
  checkSeal(join(dir, 'run.json'), m as unknown as Record<string, unknown>, 'run that shard again');
  const expected = Object.keys(resultRows(new RunTotals(0), m)).sort();
  const listed = Object.keys(m.files).sort();
  if (JSON.stringify(expected) !== JSON.stringify(listed)) throw new UserError(`${dir}: run.json lists ${listed.join(', ') || 'no files'}, but its run writes ${expected.join(', ')}; run that shard again`);
  checkFileSeals(dir, m.files as unknown as Record<string, unknown>, 'run that shard again', listed);
}

export function readManifest(dir: string): Manifest {
  const path = join(dir, 'run.json');
  let text: string;
  try {
    text = readRegularText(path);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${dir}: no run.json here; is it the --out directory of a simulate run?`);
  }
  try {
    return JSON.parse(text) as Manifest;
  } catch (e) {
    throw new UserError(`${path}: not valid JSON (${(e as Error).message})`);
  }
}

/** Run totals as JSON (for checkpoints): every sum is an integer or an exactly representable double. */
export interface SerializedTotals {
  games: number;
  seats: (Omit<SeatTotals, 'histogram'> & { histogram: [number, number][] })[];
  decisions: number[][];
}

export function serializeTotals(t: RunTotals): SerializedTotals {
  return {
    games: t.games,
    seats: t.seats.map((s) => ({ ...s, histogram: s.histogram.entries().map(([v, c]) => [v, c]) })),
    decisions: [...t.decisions.entries()].map(([state, actionSeat, v]) => [state, actionSeat, ...v]),
  };
}

export function deserializeTotals(s: SerializedTotals, seats: number, recording: DecisionRecording = 'outcomes'): RunTotals {
  const t = new RunTotals(seats, recording);
  t.games = s.games;
  s.seats.forEach(({ histogram, ...sums }, i) => {
    Object.assign(t.seats[i], sums);
    for (const [score, count] of histogram) t.seats[i].histogram.add(score, count);
  });
  for (const [state, actionSeat, ...sums] of s.decisions) t.decisions.add(state, actionSeat, sums);
  return t;
}

/** Chunk ranges as text, e.g. "0-9, 20-29". */
export function describeRanges(ranges: [number, number][]): string {
  return ranges.map(([a, b]) => (b - a === 1 ? `${a}` : `${a}-${b - 1}`)).join(', ');
}

/** The chunks of [0, total) that no range covers. */
export function missingRanges(ranges: [number, number][], total: number): [number, number][] {
  const gaps: [number, number][] = [];
  let at = 0;
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    if (a > at) gaps.push([at, a]);
    at = Math.max(at, b);
  }
  if (at < total) gaps.push([at, total]);
  return gaps;
}

/** What a merged manifest covers, as a sentence (empty when complete). */
export function coverageNote(m: Manifest): string {
  if (m.complete !== false) return '';
  const ranges = (m.mergedFrom ?? []).map((r): [number, number] => [r.chunks.first, r.chunks.last]);
  return `the shards cover chunks ${describeRanges(ranges)} of ${m.chunks.total} (0-${m.chunks.total - 1}); chunks ${describeRanges(missingRanges(ranges, m.chunks.total))} are missing, so the result is partial`;
}
