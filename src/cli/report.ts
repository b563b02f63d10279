/** `sevensim report DIR...`: the charts of output directories in one HTML page, and as PNG files. */
import { spawn } from 'node:child_process';
import type { Argv } from 'yargs';
import { type CommandBody, forceOption } from './options.js';
import { progressBar } from './progress.js';

interface ReportArgs {
  dirs: string[];
  out: string;
  png: boolean;
  scale: number;
  open: boolean;
  force: boolean;
  quiet: boolean;
}

/** Opens a file in the desktop's viewer, if there is one; never fails the command. */
function openFile(path: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [path], { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stderr.write(`sevensim: could not run ${opener} to open ${path}; open it in a browser yourself\n`));
  child.unref();
}

export const reportCommand: CommandBody<ReportArgs> = {
  builder: (y: Argv) =>
    y
      .positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'output directories (--out of any command); each is recognised from its manifest' })
      .option('out', { type: 'string', default: '.', describe: 'directory that receives report.html (and the PNG files)' })
      .option('png', { type: 'boolean', default: false, describe: 'also write one PNG per chart' })
      .option('scale', { type: 'number', default: 2, describe: 'with --png: pixels per SVG unit (2 is sharp on high-density screens)' })
      .option('open', { type: 'boolean', default: false, describe: 'open report.html in the default browser when done' })
      .option('force', forceOption('replace an earlier report in --out (its report.html and PNG files; other files are left alone)'))
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar' }) as unknown as Argv<ReportArgs>,
  handler: async (a) => {
    // Loaded here: vega and vega-lite take about a second to import, which other commands should not pay.
    const { writeReport } = await import('../run/report.js');
    const progress = progressBar(a.quiet);
    const r = await writeReport({ dirs: a.dirs, out: a.out, png: a.png, scale: a.scale, force: a.force, onChart: (d, t) => progress.update(d, t) });
    progress.stop();
    const charts = r.runs.reduce((n, x) => n + x.charts.length, 0);
    console.log(`report written to ${r.html} (${charts} charts from ${r.runs.length} ${r.runs.length === 1 ? 'run' : 'runs'})`);
    if (r.pngs.length) console.log(`${r.pngs.length} PNG files written to ${a.out}`);
    if (a.open) openFile(r.html);
  },
};
