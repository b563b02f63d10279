/** SEVENFALL's report charts: the value of each choice (decisions) and the solved turn policy. */
import { type Chart, CATEGORY, MIN_DECISIONS, fmt, int, meanVar, pool, simulateCaption, spec } from '../../../charts/chart.js';
import type { Output, Row, SimulateOutput, SolveOutput } from '../../../charts/outputs.js';
import type { GameModule } from '../../../engine/game.js';
import { Z95 } from '../../../stats/summary.js';

const tilesDiscarded = (action: string): number => (action === 'stop' ? 0 : action.replace(/^discard /, '').split('+').length);

/** SEVENFALL: mean turn score after each choice (stop, discard 1, 2 or 3 tiles) by profile and discards left. */
export function sevenfallDecisionValue(o: SimulateOutput, game: GameModule): Chart {
  const rows = o.decisions.filter((r) => r.kind === 'discard');
  const [n, sum, sumSq] = o.counterfactual ? ['rollouts', 'sum_value', 'sum_value_sq'] : ['count', 'sum_score', 'sum_score_sq'];
  const byProfile = pool(rows, (r) => r.profile as string, n, n, n);
  const top = [...byProfile.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, 10).map(([k]) => k);
  const keep = new Set(top);
  const p = pool(rows.filter((r) => keep.has(r.profile as string)), (r) => `${r.profile as string}|${r.discards_left as number}|${tilesDiscarded(r.action as string)}`, n, sum, sumSq);
  const points: Row[] = [];
  for (const v of p.values()) {
    if (v.n < MIN_DECISIONS) continue;
    const { mean, variance } = meanVar(v);
    const se = Math.sqrt(variance / v.n);
    const tiles = tilesDiscarded(v.row.action as string);
    points.push({ profile: v.row.profile, discards_left: v.row.discards_left, choice: tiles === 0 ? 'stop' : `discard ${tiles}`, value: mean, lo: mean - Z95 * se, hi: mean + Z95 * se, se, n: v.n });
  }
  points.sort((a, b) => top.indexOf(a.profile as string) - top.indexOf(b.profile as string) || (b.discards_left as number) - (a.discards_left as number) || String(a.choice).localeCompare(String(b.choice)));
  const unit = o.manifest.mode === 'game' ? 'final score' : 'turn score';
  return {
    id: 'sevenfall-choice-value',
    title: `SEVENFALL: value of each choice by profile and discards left${o.counterfactual ? ' (counterfactual)' : ''}`,
    caption: `${simulateCaption(o, game)} ${o.counterfactual ? 'Counterfactual: every legal discard played out on the same tiles at sampled decisions; the mean' : 'As played: the mean'} ${unit} after stopping or discarding 1, 2 or 3 tiles (all discards of that many tiles pooled, over seats), for the 10 most frequent profiles (symbol group sizes, largest first), one panel per discards left, with 95% CIs. Choices seen fewer than ${MIN_DECISIONS} times are left out.`,
    spec: spec({
      data: { values: points },
      facet: { column: { field: 'discards_left', type: 'ordinal', title: 'discards left', sort: 'descending' } },
      spec: {
        width: 150,
        height: { step: 16 },
        encoding: {
          y: { field: 'profile', type: 'nominal', title: 'profile', sort: top },
          color: { field: 'choice', type: 'nominal', title: 'choice', scale: { domain: ['stop', 'discard 1', 'discard 2', 'discard 3'], scheme: CATEGORY }, legend: { orient: 'bottom' } },
        },
        layer: [
          { mark: { type: 'rule' }, encoding: { x: { field: 'lo', type: 'quantitative', title: unit }, x2: { field: 'hi' } } },
          { mark: { type: 'point', filled: true, size: 40 }, encoding: { x: { field: 'value', type: 'quantitative' }, shape: { field: 'choice', type: 'nominal', legend: { orient: 'bottom' } } } },
        ],
      },
    }),
    table: {
      head: ['profile', 'discards left', 'choice', 'mean (se)', o.counterfactual ? 'rollouts' : 'decisions'],
      rows: points.filter((p) => p.profile === top[0]).map((p) => [String(p.profile), String(p.discards_left), String(p.choice), `${fmt(p.value as number, 2)} (${fmt(p.se as number, 2)})`, int(p.n as number)]),
    },
  };
}

function solveCaption(o: SolveOutput): string {
  const r = o.report;
  return `SEVENFALL, ${o.rules}, one turn, objective ${String(r.objective)}; exact (no simulation, no seed): optimal value ${fmt((r.ev ?? r.probability) as number, 4)}, ${int(r.states as number)} decision states.`;
}

/** Largest symbol group (letters A..; W wild, X break do not count) in the unlocked and locked tiles. */
function largestGroup(state: string): number {
  const [unlocked = '', locked = ''] = state.split('|').map((p) => p.trim().split(/\s+/)[1] ?? '');
  const counts = new Map<string, number>();
  for (const ch of (unlocked + locked).replace(/[-WX]/g, '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/** SEVENFALL: the value of the best action by state group (largest symbol group, discards left). */
export function sevenfallPolicy(o: SolveOutput): Chart {
  const groups = new Map<string, { group: number; discards_left: number; states: number; sum: number; stop: number }>();
  for (const r of o.policy) {
    if (r.best !== 1) continue;
    const g = largestGroup(r.state as string);
    const k = `${g},${r.discards_left as number}`;
    const v = groups.get(k) ?? { group: g, discards_left: r.discards_left as number, states: 0, sum: 0, stop: 0 };
    v.states++;
    v.sum += r.value as number;
    if (r.action === 'stop') v.stop++;
    groups.set(k, v);
  }
  const values = [...groups.values()].map((g) => ({ ...g, value: g.sum / g.states, stopShare: g.stop / g.states })).sort((a, b) => a.group - b.group || b.discards_left - a.discards_left);
  const what = o.report.ev !== undefined ? 'expected turn score' : `P(${String(o.report.objective)})`;
  return {
    id: 'sevenfall-policy',
    title: 'SEVENFALL: value of the optimal action by state group',
    caption: `${solveCaption(o)} Cells: the mean over the canonical decision states of a group of the value of the optimal action (${what}); text: that mean. Groups: the largest group of one symbol among the row's tiles (wilds and breaks not counted), and the discards left.`,
    spec: spec({
      width: 380,
      height: { step: 34 },
      data: { values },
      encoding: {
        x: { field: 'group', type: 'ordinal', title: 'largest group of one symbol', axis: { labelAngle: 0 } },
        y: { field: 'discards_left', type: 'ordinal', title: 'discards left', sort: 'descending' },
      },
      layer: [
        { mark: { type: 'rect' }, encoding: { color: { field: 'value', type: 'quantitative', title: what, scale: { scheme: 'viridis' } } } },
        { mark: { type: 'text', fontSize: 10 }, encoding: { text: { field: 'value', type: 'quantitative', format: '.2f' }, color: { condition: { test: `datum.value > ${Math.max(...values.map((v) => v.value)) * 0.6}`, value: 'black' }, value: 'white' } } },
      ],
    }),
    table: {
      head: ['largest group', 'discards left', 'states', 'mean optimal value', 'stop is optimal'],
      rows: values.map((v) => [String(v.group), String(v.discards_left), int(v.states), fmt(v.value, 3), `${fmt(100 * v.stopShare, 1)}%`]),
    },
  };
}

/** SEVENFALL's charts of an output: the value of each choice when a run recorded discard decisions, and the solved policy. */
export function sevenfallCharts(o: Output, game: GameModule): Chart[] {
  switch (o.kind) {
    case 'simulate':
      return o.decisions.some((r) => r.kind === 'discard') ? [sevenfallDecisionValue(o, game)] : [];
    case 'solve':
      return [sevenfallPolicy(o)];
    default:
      return [];
  }
}
