/**
 * Rendering chart specs: vega-lite compiled to vega, drawn to SVG by vega in Node (no browser, no
 * canvas), and SVG to PNG by resvg with an explicit font so text never falls back to a serif face.
 */
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** The font resvg draws text with; the SVG names it first (see FONT in charts.ts). */
export const PNG_FONT = 'DejaVu Sans';

/** A vega view of a spec with no renderer, for SVG output and for reading the scenegraph (tests). */
export async function chartView(spec: TopLevelSpec): Promise<vega.View> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  await view.runAsync();
  return view;
}

/**
 * The chart as an SVG string. Vega numbers its clip paths and gradients from 1 in every SVG, so ids are
 * prefixed with `idPrefix` to keep several charts in one HTML page from pointing at each other's.
 */
export async function chartSvg(spec: TopLevelSpec, idPrefix = ''): Promise<string> {
  const view = await chartView(spec);
  const svg = await view.toSVG();
  view.finalize();
  if (!idPrefix) return svg;
  return svg.replace(/\bid="([^"]+)"/g, `id="${idPrefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}$1)`).replace(/href="#([^"]+)"/g, `href="#${idPrefix}$1"`);
}

/** The SVG rasterised at `scale` times its size (a 460-pixel-wide chart at scale 2 is 920 pixels wide). */
export function svgToPng(svg: string, scale: number): { png: Buffer; width: number; height: number } {
  const r = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: true, defaultFontFamily: PNG_FONT, sansSerifFamily: PNG_FONT }, background: 'white' }).render();
  return { png: r.asPng(), width: r.width, height: r.height };
}

const escapeXml = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Words into lines of at most `chars` characters (a longer word gets a line of its own). */
function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The chart with its title above and its caption below, as one SVG: what a PNG needs to stand on its
 * own (the page shows both as HTML). The caption wraps to the chart's width, at least 480 units; DejaVu
 * Sans averages about 0.55 em a character.
 */
export function framedSvg(svg: string, title: string, caption: string): string {
  const { width: w, height: h } = svgSize(svg);
  const width = Math.max(w, 480);
  const pad = 8;
  const titleLines = wrap(title, Math.floor((width - 2 * pad) / (14 * 0.6)));
  const captionLines = wrap(caption, Math.floor((width - 2 * pad) / (11 * 0.55)));
  const top = pad + titleLines.length * 18 + 4;
  const bottom = top + h + 4;
  const height = bottom + captionLines.length * 14 + pad;
  const text = (lines: string[], y0: number, step: number, attrs: string) =>
    lines.map((l, i) => `<text x="${pad}" y="${y0 + i * step}" ${attrs}>${escapeXml(l)}</text>`).join('');
  const chart = svg.replace(/^<svg /, `<svg x="${Math.floor((width - w) / 2)}" y="${top}" `);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="white"/>` +
    text(titleLines, pad + 14, 18, `font-family="${PNG_FONT}" font-size="14" font-weight="bold" fill="#222"`) +
    chart +
    text(captionLines, bottom + 11, 14, `font-family="${PNG_FONT}" font-size="11" fill="#444"`) +
    '</svg>'
  );
}

/** The width and height an SVG declares. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('svgSize: no width and height on the svg element');
  return { width: Number(m[1]), height: Number(m[2]) };
}
