/**
 * The report page: one self-contained HTML file, charts as inline SVG (no script, no network), runs
 * grouped by game so that runs of different games never share a section.
 */
import { gameName } from './captions.js';

export interface PageChart {
  id: string;
  title: string;
  caption: string;
  svg: string;
  table: { head: string[]; rows: string[][] };
}

export interface PageRun {
  game: string;
  kind: string;
  dir: string;
  charts: PageChart[];
}

/** Text for HTML, whatever a damaged run.json put there (a number where a name was: shown, not a TypeError). */
const esc = (s: unknown): string => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 24px auto; max-width: 1400px; padding: 0 16px; color: #222; }
h1 { font-size: 22px; } h2 { font-size: 19px; border-bottom: 2px solid #ddd; padding-bottom: 4px; margin-top: 36px; } h3 { font-size: 15px; margin: 24px 0 4px; color: #444; }
figure.chart { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; margin: 12px 0 28px; padding: 12px; border: 1px solid #e4e4e4; border-radius: 6px; }
figure.chart > .plot { flex: 0 0 auto; } figure.chart > .plot svg { max-width: 100%; height: auto; display: block; }
figure.chart figcaption { flex: 1 1 100%; font-size: 13px; line-height: 1.45; color: #333; }
figure.chart figcaption b { display: block; font-size: 14px; margin-bottom: 2px; color: #111; }
table { border-collapse: collapse; font-size: 12px; font-variant-numeric: tabular-nums; align-self: flex-start; }
th, td { border-bottom: 1px solid #e8e8e8; padding: 3px 8px; text-align: right; white-space: nowrap; } th { background: #f5f5f5; }
td:first-child, th:first-child { text-align: left; }
code { font-size: 12px; }
`;

function chartHtml(c: PageChart): string {
  const table = `<table><thead><tr>${c.table.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${c.table.rows.map((r) => `<tr>${r.map((v) => `<td>${esc(v)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  return `<figure class="chart" id="${esc(c.id)}"><figcaption><b>${esc(c.title)}</b>${esc(c.caption)}</figcaption><div class="plot" role="img" aria-label="${esc(c.title)}">${c.svg}</div>${table}</figure>`;
}

export function reportPage(runs: PageRun[], generated: string): string {
  const games = [...new Set(runs.map((r) => r.game))];
  const sections = games.map((g) => {
    const body = runs.filter((r) => r.game === g).map((r) => `<h3>${esc(r.kind)}: <code>${esc(r.dir)}</code></h3>\n${r.charts.map(chartHtml).join('\n')}`).join('\n');
    return `<section class="game" data-game="${esc(g)}"><h2>${esc(gameName(g))}</h2>\n${body}</section>`;
  });
  const count = runs.reduce((n, r) => n + r.charts.length, 0);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>sevensim report</title><style>${STYLE}</style></head>
<body><h1>sevensim report</h1><p>${count} charts from ${runs.length} output ${runs.length === 1 ? 'directory' : 'directories'}; ${esc(generated)}.</p>
${sections.join('\n')}
</body></html>
`;
}
