/** SEVENFALL's report charts: the value of each choice (decisions) and the solved turn policy. */
import { type Chart, CATEGORY, MIN_DECISIONS, bucketFeatures, fmt, int, meanVar, pool, simulateCaption, spec } from '../../../charts/chart.js';
import type { Output, Row, SimulateOutput, SolveOutput, SolveWinOutput } from '../../../charts/outputs.js';
import type { GameModule } from '../../../engine/game.js';
import { Z95 } from '../../../stats/summary.js';

const tilesDiscarded = (action: string): number => (action === 'stop' ? 0 : action.replace(/^discard /, '').split('+').length);

/**
 * SEVENFALL: mean turn score after each choice (stop, discard 1, 2 or 3 tiles) by profile, and by
 * discards left when the run recorded it. As played, each strategy's decisions are drawn apart (one
 * row of panels per strategy): pooling would set one strategy's stops beside another's discards. A
 * recorded bucket feature the chart does not draw is pooled, and the caption names it.
 */
export function sevenfallDecisionValue(o: SimulateOutput, game: GameModule): Chart {
  const rows = o.decisions.filter((r) => r.kind === 'discard');
  const [n, sum, sumSq] = o.counterfactual ? ['rollouts', 'sum_value', 'sum_value_sq'] : ['count', 'sum_score', 'sum_score_sq'];
  const features = bucketFeatures(o);
  const byDiscards = features.includes('discards_left') || rows.some((r) => r.discards_left !== undefined);
  const pooled = features.filter((f) => f !== 'profile' && f !== 'discards_left').map((f) => f.replace(/_/g, ' '));
  const strategies = o.counterfactual ? [] : [...new Set(rows.map((r) => String(r.strategy ?? '')))].filter(Boolean);
  const byStrategy = strategies.length > 1;
  const byProfile = pool(rows, (r) => r.profile as string, n, n, n);
  const top = [...byProfile.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, 10).map(([k]) => k);
  const keep = new Set(top);
  const key = (r: Row) => [r.profile, byDiscards ? r.discards_left : '', tilesDiscarded(r.action as string), byStrategy ? r.strategy : ''].join('|');
  const p = pool(rows.filter((r) => keep.has(r.profile as string)), key, n, sum, sumSq);
  const points: Row[] = [];
  for (const v of p.values()) {
    if (v.n < MIN_DECISIONS) continue;
    const { mean, variance } = meanVar(v);
    const se = Math.sqrt(variance / v.n);
    const tiles = tilesDiscarded(v.row.action as string);
    points.push({ profile: v.row.profile, discards_left: byDiscards ? v.row.discards_left : 'all', strategy: byStrategy ? v.row.strategy : 'all', choice: tiles === 0 ? 'stop' : `discard ${tiles}`, value: mean, lo: mean - Z95 * se, hi: mean + Z95 * se, se, n: v.n });
  }
  points.sort((a, b) => top.indexOf(a.profile as string) - top.indexOf(b.profile as string) || String(a.strategy).localeCompare(String(b.strategy)) || Number(b.discards_left) - Number(a.discards_left) || String(a.choice).localeCompare(String(b.choice)));
  const unit = o.manifest.mode === 'game' ? 'final score' : 'turn score';
  const facet: Record<string, unknown> = {};
  if (byDiscards) facet.column = { field: 'discards_left', type: 'ordinal', title: 'discards left', sort: 'descending' };
  if (byStrategy) facet.row = { field: 'strategy', type: 'nominal', title: null, sort: strategies, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top' } };
  const layer = {
    width: byDiscards ? 150 : 300,
    height: { step: 16 },
    encoding: {
      y: { field: 'profile', type: 'nominal', title: 'profile', sort: top },
      color: { field: 'choice', type: 'nominal', title: 'choice', scale: { domain: ['stop', 'discard 1', 'discard 2', 'discard 3'], scheme: CATEGORY }, legend: { orient: 'bottom' } },
    },
    layer: [
      { mark: { type: 'rule' }, encoding: { x: { field: 'lo', type: 'quantitative', title: unit }, x2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true, size: 40 }, encoding: { x: { field: 'value', type: 'quantitative' }, shape: { field: 'choice', type: 'nominal', legend: { orient: 'bottom' } } } },
    ],
  };
  const panels = [byDiscards ? 'one panel per discards left' : 'pooled over discards left (not in the run\'s --bucket)', ...(byStrategy ? ['one row of panels per strategy, each with its own decisions only'] : [])].join('; ');
  return {
    id: 'sevenfall-choice-value',
    title: `SEVENFALL: value of each choice by profile${byDiscards ? ' and discards left' : ''}${o.counterfactual ? ' (counterfactual)' : ''}`,
    caption: `${simulateCaption(o, game)} ${o.counterfactual ? 'Counterfactual: every legal discard played out on the same tiles at sampled decisions; the mean' : 'As played: the mean'} ${unit} after stopping or discarding 1, 2 or 3 tiles (all discards of that many tiles pooled, over seats${byStrategy ? ' of the same strategy' : ''}), for the 10 most frequent profiles (symbol group sizes, largest first); ${panels}; with 95% CIs.${pooled.length ? ` Pooled over ${pooled.join(', ')} (recorded in the bucket, not drawn).` : ''} Choices seen fewer than ${MIN_DECISIONS} times are left out.`,
    spec: spec(Object.keys(facet).length ? { data: { values: points }, facet, spec: layer } : { data: { values: points }, ...layer }),
    table: {
      head: ['profile', ...(byStrategy ? ['strategy'] : []), ...(byDiscards ? ['discards left'] : []), 'choice', 'mean (se)', o.counterfactual ? 'rollouts' : 'decisions'],
      rows: points.filter((p) => p.profile === top[0]).map((p) => [String(p.profile), ...(byStrategy ? [String(p.strategy)] : []), ...(byDiscards ? [String(p.discards_left)] : []), String(p.choice), `${fmt(p.value as number, 2)} (${fmt(p.se as number, 2)})`, int(p.n as number)]),
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

/**
 * The 2-player game for the win (solve --players 2 --objective win): seat 0's win share (a tie counting
 * half) by the score difference before a turn, a line for each round and seat to move; the table gives
 * the game's figures from the start.
 */
export function sevenfallWinChance(o: SolveWinOutput): Chart {
  const r = o.report as { bothOptimal: { seat0Win: number; tie: number }; seat0OptimalVsEv: { seat0Win: number; tie: number }; seat1OptimalVsEv: { seat1Win: number; tie: number }; states: number };
  const values = o.winprob.map((w) => ({ when: `round ${w.round as number}, seat ${w.seat_to_move as number} to move`, difference: w.difference, share: (w.seat0_win as number) + (w.tie as number) / 2 }));
  const both = r.bothOptimal;
  return {
    id: 'sevenfall-win-chance',
    title: 'SEVENFALL, 2 players: seat 0\'s win share by the score difference',
    caption: `SEVENFALL, ${o.rules}, 2 players, both playing for the win; exact (backward induction over ${int(r.states)} states: round, seat to move, score difference; no simulation, no seed). Lines: seat 0's win share (a win, plus half a tie) from each state, by seat 0's total minus seat 1's before the turn.`,
    spec: spec({
      width: 460,
      height: 260,
      data: { values },
      // Points too: the first turn of round 1 is one state (difference 0), no line.
      mark: { type: 'line', strokeWidth: 1.5, point: { size: 12 } },
      encoding: {
        x: { field: 'difference', type: 'quantitative', title: 'seat 0 total minus seat 1 total, before the turn' },
        y: { field: 'share', type: 'quantitative', title: 'seat 0 win share', scale: { domain: [0, 1] } },
        color: { field: 'when', type: 'nominal', title: null, sort: null, legend: { orient: 'right' } },
      },
    }),
    table: {
      head: ['from the start', 'seat 0 wins', 'tie', 'seat 1 wins'],
      rows: [
        ['both play for the win', fmt(both.seat0Win, 6), fmt(both.tie, 6), fmt(1 - both.seat0Win - both.tie, 6)],
        ['seat 0 for the win, seat 1 expected score', fmt(r.seat0OptimalVsEv.seat0Win, 6), fmt(r.seat0OptimalVsEv.tie, 6), fmt(1 - r.seat0OptimalVsEv.seat0Win - r.seat0OptimalVsEv.tie, 6)],
        ['seat 1 for the win, seat 0 expected score', fmt(1 - r.seat1OptimalVsEv.seat1Win - r.seat1OptimalVsEv.tie, 6), fmt(r.seat1OptimalVsEv.tie, 6), fmt(r.seat1OptimalVsEv.seat1Win, 6)],
      ],
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
    case 'solve-win':
      return [sevenfallWinChance(o)];
    default:
      return [];
  }
}
