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

/** The width and height an SVG declares. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('svgSize: no width and height on the svg element');
  return { width: Number(m[1]), height: Number(m[2]) };
}
