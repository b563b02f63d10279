/**
 * `report`: reads output directories, draws their charts and writes report.html (and with png one PNG
 * per chart) all or nothing. Every input is read before anything is written, so a bad directory
 * leaves the previous report intact.
 */
import { writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UserError } from '../engine/errors.js';
import { samePlace } from '../io/input-files.js';
import { OutputDir } from '../io/output.js';
import { packageVersion } from '../io/package-info.js';
import { type Chart, chartsOf } from '../report/charts.js';
import { type Output, damaged, readOutput } from '../report/inputs.js';
import { type PageRun, reportPage } from '../report/page.js';
import { chartSvg, framedSvg, svgToPng } from '../report/render.js';

export interface ReportOptions {
  dirs: string[];
  out: string;
  /** Also write one PNG per chart, at `scale` times the chart's size. */
  png?: boolean;
  scale?: number;
  /** Replace an earlier report in `out` (its report.html and PNG files). */
  force?: boolean;
  onChart?(done: number, total: number): void;
}

/** A report's own files: report.html and the PNGs named as below; whatever else is in `out` stays. */
const isReportFile = (name: string): boolean => name === 'report.html' || /^\d{2,}-.+\.png$/.test(name);

export interface ReportResult {
  html: string;
  /** `id`: the chart's figure id in report.html. */
  pngs: { id: string; path: string; width: number; height: number }[];
  runs: { output: Output; charts: Chart[] }[];
}

const slug = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'run';

export async function writeReport(o: ReportOptions): Promise<ReportResult> {
  if (o.dirs.length === 0) throw new UserError('report: give at least one output directory');
  const scale = o.scale ?? 2;
  if (!(scale > 0 && scale <= 8)) throw new UserError(`--scale: expected a number in (0, 8], got ${scale}`);
  o.dirs.forEach((d, i) => {
    const j = o.dirs.findIndex((e) => samePlace(d, e));
    if (j < i) throw new UserError(`report: ${d} is given twice (as ${o.dirs[j]} too); give each output directory once`);
  });
  const outputs = o.dirs.map(readOutput);
  const runs = outputs.map((output) => {
    try {
      return { output, charts: chartsOf(output) };
    } catch (e) {
      throw damaged(output.dir, e);
    }
  });
  const total = runs.reduce((n, r) => n + r.charts.length, 0);
  // With force, an earlier report's files go at commit, its PNGs included: no stale chart is left.
  const out = new OutputDir(o.out, { force: o.force, results: isReportFile });
  out.prepare();
  const result: ReportResult = { html: join(o.out, 'report.html'), pngs: [], runs };
  try {
    const page: PageRun[] = [];
    let done = 0;
    for (const [i, { output, charts }] of runs.entries()) {
      const run: PageRun = { game: output.game, kind: output.kind, dir: output.dir, charts: [] };
      for (const c of charts) {
        const id = `r${i + 1}-${c.id}`;
        const svg = await chartSvg(c.spec, `${id}-`);
        run.charts.push({ id, title: c.title, caption: c.caption, table: c.table, svg });
        if (o.png) {
          const name = `${String(i + 1).padStart(2, '0')}-${slug(basename(resolve(output.dir)))}-${c.id}.png`;
          const p = svgToPng(framedSvg(svg, c.title, c.caption), scale); // a PNG stands alone: title and caption in it
          writeFileSync(out.file(name), p.png);
          result.pngs.push({ id, path: join(o.out, name), width: p.width, height: p.height });
        }
        o.onChart?.(++done, total);
      }
      page.push(run);
    }
    writeFileSync(out.file('report.html'), reportPage(page, `written by sevensim ${packageVersion()} on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`));
    out.commit();
    return result;
  } catch (e) {
    out.abort();
    throw out.fault(e); // a full disk: one line, the previous result intact
  }
}
