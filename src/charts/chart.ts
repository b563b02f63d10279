/**
 * What every report chart is made of, for the report's own charts (src/report/charts.ts) and each
 * game's charts (src/games/<game>/analyses/charts.ts): the chart record, the common look, number
 * formats, and pooling of decision rows. Nothing here renders or reads files.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { GameModule } from '../engine/game.js';
import { sampleVariance } from '../stats/variance.js';
import type { Row, SimulateOutput } from './outputs.js';

export interface Chart {
  /** File-name-safe and unique within a report (with the run's index prefixed). */
  id: string;
  title: string;
  caption: string;
  spec: TopLevelSpec;
  table: { head: string[]; rows: string[][] };
}

export const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
export const WIDTH = 460;
/** Seats and strategies: ten clearly different colours. */
export const CATEGORY = 'tableau10';

const CONFIG = { font: FONT, view: { stroke: '#ccc' }, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11, titleFontSize: 11, labelLimit: 260 }, title: { fontSize: 13 } };

export const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');
export const int = (x: number): string => x.toLocaleString('en-US');

export function spec(s: Record<string, unknown>): TopLevelSpec {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', config: CONFIG, background: 'white', padding: 8, ...s } as unknown as TopLevelSpec;
}

/** "SEVN, preset sevn, round mode; seats 0 a, 1 b; 20,000 rounds, seed 1". */
export function simulateCaption(o: SimulateOutput, game: GameModule | null): string {
  const m = o.manifest;
  const unit = m.mode === 'game' ? 'games' : `${game?.roundUnit ?? 'round'}s`;
  const lineup = m.players.map((p, i) => `${i} ${p}`).join(', ');
  // A shard alone is part of a run (its games a range of the run's): said, as simulate prints it.
  const merged = m.mergedFrom ? `, merged from ${m.mergedFrom.length} shards${m.complete === false ? ' (partial)' : ''}` : m.shard ? `, shard ${m.shard.index}/${m.shard.count} of a run of ${int(m.games)} ${unit} (partial)` : '';
  return `${game?.title ?? o.game}, ${o.rules}, ${m.mode} mode; seats: ${lineup}; ${int(m.totals[0]?.games ?? 0)} ${unit}, seed ${m.seed}${merged}${m.decisions === 'counterfactual' ? `; counterfactual decisions (sample rate ${m.counterfactual?.rate}, ${m.counterfactual?.rollouts} rollouts)` : ''}.`;
}


/** Pools rows of a bucket by key: count, sum and sum of squares. */
export function pool(rows: Row[], key: (r: Row) => string | null, n: string, sum: string, sumSq: string): Map<string, { row: Row; n: number; sum: number; sumSq: number }> {
  const m = new Map<string, { row: Row; n: number; sum: number; sumSq: number }>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const p = m.get(k) ?? { row: r, n: 0, sum: 0, sumSq: 0 };
    p.n += r[n] as number;
    p.sum += r[sum] as number;
    p.sumSq += r[sumSq] as number;
    m.set(k, p);
  }
  return m;
}

export const meanVar = (p: { n: number; sum: number; sumSq: number }) => ({ mean: p.sum / p.n, variance: sampleVariance(p.n, p.sum, p.sumSq) });

/** The bucket features a run recorded (run.json `buckets`, e.g. `points:10,distinct:1`), as decisions.arrow names their columns. */
export const bucketFeatures = (o: SimulateOutput): string[] =>
  String(o.manifest.buckets ?? '').split(',').map((b) => b.split(':')[0].trim().replace(/-/g, '_')).filter((f) => f && f !== 'none');

/** The band width a run recorded a bucket feature with (`points:10` gives 10), or null if it did not record it. */
export function bucketWidth(o: SimulateOutput, feature: string): number | null {
  for (const b of String(o.manifest.buckets ?? '').split(',')) {
    const [name, width] = b.split(':').map((x) => x.trim());
    if (name.replace(/-/g, '_') === feature) return Number(width ?? 1) || 1;
  }
  return null;
}

/** Fewest observations behind a point drawn from decisions (each side of a difference). */
export const MIN_DECISIONS = 100;
