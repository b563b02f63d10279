/**
 * The charts of a `tune` output: the search's incumbent per step, each parameter's path, and the
 * validated finalists against each parameter (the slices). Reads tune.arrow rows and best.json as
 * run/tune.ts writes them; an older tune.arrow (a `validation` column, no best so far) still draws.
 */
import { Z95 } from '../stats/summary.js';
import { type Chart, WIDTH, fmt, int, spec } from '../charts/chart.js';
import { otherCaption } from './captions.js';
import type { Row, TuneOutput } from './inputs.js';

interface Searched {
  name: string;
  kind?: string;
  lo?: number;
  hi?: number;
  values?: string[];
}

interface Candidate {
  spec: string;
  values?: Record<string, unknown>;
  mean: number;
  se: number;
  ci95?: [number, number];
}

const searched = (o: TuneOutput, p: string): Searched | undefined => (o.best.searched as Searched[] | undefined)?.find((x) => x.name === p);
const blockOf = (r: Row): string => (typeof r.block === 'string' ? r.block : r.validation ? 'validation' : 'search');
const searchRows = (o: TuneOutput): Row[] => o.steps.filter((r) => blockOf(r) === 'search');
/** A candidate's 95% CI as tune wrote it (Wilson's near a share of 0 or 1), or mean +/- 1.96 se from an older file. */
const interval = (c: Candidate): [number, number] => c.ci95 ?? [c.mean - Z95 * c.se, c.mean + Z95 * c.se];

const candidate = (v: unknown): Candidate | null => (v && typeof v === 'object' && typeof (v as Candidate).mean === 'number' ? (v as Candidate) : null);

function what(o: TuneOutput): string {
  const games = (o.best.games ?? o.steps.reduce((s, r) => s + (r.games as number), 0)) as number;
  const strategy = o.best.strategy ?? o.run.strategy;
  const field = (o.best.field ?? o.run.field) as string[] | undefined;
  const objective = o.best.objective ?? o.run.objective;
  return `tuning ${strategy ? String(strategy) : 'a strategy'} over ${o.params.join(', ')}${o.run.method ? ` by ${String(o.run.method)}` : ''}${objective ? `, objective ${String(objective)}` : ''}${field?.length ? `, field ${field.join(' ')}` : ''}; ${int(games)} games`;
}

/** A parameter's value as tune.arrow stores it (an enum as its choice's index) from a candidate's values. */
function valueOf(o: TuneOutput, c: Candidate, p: string): number {
  let v: unknown = c.values?.[p];
  if (v === undefined) v = new RegExp(`[:,]${p}=([^,]+)`).exec(c.spec)?.[1];
  const choices = searched(o, p)?.values;
  if (choices) return typeof v === 'string' ? choices.indexOf(v) : NaN;
  return typeof v === 'number' ? v : Number(v);
}

/** A parameter value as text: the choice's name for an enum. */
function valueText(o: TuneOutput, p: string, v: number): string {
  const choices = searched(o, p)?.values;
  if (choices) return choices[v] ?? '-';
  return Number.isInteger(v) ? String(v) : fmt(v, 3);
}

/** The searched values of a tune.arrow row, as "points=30,freeze=most". */
const rowText = (o: TuneOutput, r: Row): string => o.params.map((p) => `${p}=${valueText(o, p, r[`param_${p}`] as number)}`).join(',');
const candidateText = (o: TuneOutput, c: Candidate): string => o.params.map((p) => `${p}=${valueText(o, p, valueOf(o, c, p))}`).join(',');

/** A parameter's axis over the searched range (and the start, if it lies outside): enum choices by name. */
function paramScale(o: TuneOutput, p: string, title: string, extra: number[] = []): { scale: Record<string, unknown>; axis: Record<string, unknown> } {
  const d = searched(o, p);
  if (d?.values) return { scale: { domain: [-0.5, d.values.length - 0.5], nice: false, zero: false }, axis: { title, values: d.values.map((_, i) => i), labelExpr: `${JSON.stringify(d.values)}[datum.value]` } };
  const known = [d?.lo, d?.hi, ...extra].filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  const pad = (hi - lo || 1) * 0.03;
  const axis = d?.kind === 'int' ? { title, tickMinStep: 1, format: 'd' } : { title };
  return known.length ? { scale: { domain: [lo - pad, hi + pad], nice: false, zero: false }, axis } : { scale: { zero: false }, axis };
}

type Paired = { mean: number; se: number; ci95: [number, number]; pValue?: number };

/**
 * best.json's paired difference against the start, as tune prints it: answer - start (diffVsStart), or
 * when the start was kept over the validation's choice, choice - start (choiceVsStart). On the
 * confirmation block; a best.json without confirmationGames is from before that block, when
 * diffVsStart was measured on the validation block.
 */
function pairedDiff(o: TuneOutput): { d: Paired; what: string; block: string; games: string } | null {
  const kept = o.best.answer === 'start kept';
  const d = (kept ? o.best.choiceVsStart : o.best.diffVsStart) as { mean?: unknown; se?: unknown; ci95?: unknown } | undefined;
  if (!(d && typeof d.mean === 'number' && typeof d.se === 'number' && Array.isArray(d.ci95))) return null;
  const confirmed = typeof o.best.confirmationGames === 'number';
  const games = confirmed ? o.best.confirmationGames : o.best.validationGames;
  return { d: d as Paired, what: kept ? 'choice - start' : 'answer - start', block: confirmed ? 'confirmation' : 'validation', games: typeof games === 'number' ? int(games) : '-' };
}

/** The paired difference in words for a caption: the result the two answers' own overlapping CIs cannot show. */
function diffText(o: TuneOutput): string {
  const x = pairedDiff(o);
  if (x === null || (x.d.mean === 0 && x.d.se === 0)) return ''; // the answer is the start
  const p = typeof x.d.pValue === 'number' ? `, p = ${fmt(x.d.pValue, 4)}` : '';
  const cap = x.what[0].toUpperCase() + x.what.slice(1);
  return ` ${cap}, paired on the same ${x.block} games: ${fmt(x.d.mean, 4)} (95% CI [${fmt(x.d.ci95[0], 4)}, ${fmt(x.d.ci95[1], 4)}]${p}): whether one beats the other is this difference's CI, not whether their own CIs overlap.`;
}

const confirmationGames = (o: TuneOutput): string => (typeof o.best.confirmationGames === 'number' ? int(o.best.confirmationGames) : '-');

/** The search's incumbent after each step with its estimate; the answer and the start on the confirmation block. */
export function tuneProgress(o: TuneOutput): Chart {
  const search = searchRows(o);
  const steps = [...new Set(search.map((r) => r.step as number))].sort((a, b) => a - b);
  const points = steps.map((s) => {
    const rows = search.filter((r) => r.step === s);
    // An older tune.arrow has no incumbent: the step's highest mean stands in.
    const inc = rows.find((r) => r.incumbent === true) ?? rows.reduce((a, r) => ((r.mean as number) > (a.mean as number) ? r : a));
    const mean = (inc.best_mean ?? inc.mean) as number;
    const se = (inc.best_se ?? inc.se) as number;
    // race and grid pool the incumbent's estimate (best_se) over every search step it played so far: its games
    // with it, its rows found by their parameter values (not their text, which rounds). Without best_se (an
    // older file) the estimate is the step's own.
    const method = String(o.best.method ?? o.run.method ?? '');
    const same = (r: Row): boolean => o.params.every((p) => r[`param_${p}`] === inc[`param_${p}`]);
    const pooled = typeof inc.best_se === 'number' && (method === 'race' || method === 'grid');
    const games = pooled ? search.filter((r) => (r.step as number) <= s && same(r)).reduce((n, r) => n + (r.games as number), 0) : (inc.games as number);
    return { step: s + 1, mean, lo: mean - Z95 * se, hi: mean + Z95 * se, se, incumbent: rowText(o, inc), games };
  });
  const answer = candidate(o.best.best);
  const diff = pairedDiff(o);
  const start = candidate(o.best.start);
  const isStart = answer !== null && start !== null && answer.spec === start.spec;
  const confirmed = [
    ...(answer ? [{ label: isStart ? 'answer (the start), confirmation' : 'answer, confirmation', mean: answer.mean, se: answer.se, ci: interval(answer), color: '#d62728' }] : []),
    ...(start && !isStart ? [{ label: 'start, confirmation', mean: start.mean, se: start.se, ci: interval(start), color: '#7f7f7f' }] : []),
  ];
  const last = points.length ? points[points.length - 1].step : 1;
  const x = { field: 'step', type: 'quantitative', title: 'search step', scale: { domain: [1, Math.max(2, last)], nice: false }, axis: { tickMinStep: 1, format: 'd' } };
  const objective = String(o.best.objective ?? o.run.objective ?? 'objective');
  return {
    id: 'tune-progress',
    title: 'Tuning: the incumbent, step by step',
    caption: `${otherCaption(o, what(o))} Line: the search's incumbent after each step with its estimate and 95% CI (race and grid pool every step the incumbent played, so the band narrows; cmaes and spsa estimate each step's incumbent on that step's games alone, so the line can fall: it is not the best so far). The search keeps a point for scoring high, so these estimates lean high. Steps are numbered from 1, as tune prints them (tune.arrow's step counts from 0). Horizontal lines: the answer${isStart ? ' (the start)' : ' and the start'} on the confirmation block, games neither the search nor the choice saw (dotted: 95% CI).${diffText(o)}`,
    spec: spec({
      width: WIDTH,
      height: 240,
      layer: [
        { data: { values: points }, mark: { type: 'area', opacity: 0.2, color: '#4c78a8' }, encoding: { x, y: { field: 'lo', type: 'quantitative', title: `${objective} (mean)`, scale: { zero: false } }, y2: { field: 'hi' } } },
        { data: { values: points }, mark: { type: 'line', point: { size: 24 }, color: '#4c78a8' }, encoding: { x, y: { field: 'mean', type: 'quantitative' } } },
        ...confirmed.flatMap((c) => [
          { data: { values: [c] }, mark: { type: 'rule', color: c.color, strokeWidth: 1.5 }, encoding: { y: { field: 'mean', type: 'quantitative' } } },
          { data: { values: [{ y: c.ci[0] }, { y: c.ci[1] }] }, mark: { type: 'rule', color: c.color, strokeDash: [2, 3] }, encoding: { y: { field: 'y', type: 'quantitative' } } },
          { data: { values: [c] }, mark: { type: 'text', align: 'right', dy: -6, color: c.color, fontSize: 11 }, encoding: { y: { field: 'mean', type: 'quantitative' }, x: { datum: Math.max(2, last) }, text: { field: 'label' } } },
        ]),
      ],
    }),
    table: {
      head: ['step', 'incumbent', 'mean', 'se', 'games'],
      rows: [
        // The games behind each estimate: the step's, or for race and grid the incumbent's over its steps so far.
        ...points.filter((_, i, a) => a.length <= 12 || i % Math.ceil(a.length / 12) === 0 || i === a.length - 1).map((p) => [String(p.step), p.incumbent, fmt(p.mean, 4), fmt(p.se, 4), int(p.games)]),
        ...confirmed.map((c) => [c.label, c === confirmed[0] && answer ? candidateText(o, answer) : start ? candidateText(o, start) : '-', fmt(c.mean, 4), fmt(c.se, 4), confirmationGames(o)]),
        ...(diff && !(diff.d.mean === 0 && diff.d.se === 0) ? [[`${diff.what} (paired), ${diff.block}`, '-', fmt(diff.d.mean, 4), fmt(diff.d.se, 4), diff.games]] : []),
      ],
    },
  };
}

/** Per parameter: every candidate's value at each step (faint) and the incumbent's (the line). */
export function tuneParams(o: TuneOutput): Chart {
  const rows = searchRows(o).flatMap((r) => o.params.map((p) => ({ step: (r.step as number) + 1, param: p, value: r[`param_${p}`], incumbent: r.incumbent === true })));
  const last = Math.max(2, ...rows.map((r) => r.step));
  return {
    id: 'tune-params',
    title: "Tuning: each parameter's path",
    caption: `${otherCaption(o, what(o))} One panel per parameter over its searched range: dots, the value of every candidate played at each search step; line, the incumbent's value after the step.`,
    spec: spec({
      data: { values: rows },
      vconcat: o.params.map((p) => {
        const { scale, axis } = paramScale(o, p, p);
        const x = { field: 'step', type: 'quantitative', title: 'search step', scale: { domain: [1, last], nice: false }, axis: { tickMinStep: 1, format: 'd' } };
        return {
          width: WIDTH,
          height: 100,
          transform: [{ filter: `datum.param === ${JSON.stringify(p)}` }],
          layer: [
            { mark: { type: 'point', filled: true, size: 14, opacity: 0.35, color: '#4c78a8' }, encoding: { x, y: { field: 'value', type: 'quantitative', scale, axis } } },
            { transform: [{ filter: 'datum.incumbent' }], mark: { type: 'line', color: '#d62728', point: { size: 18 } }, encoding: { x, y: { field: 'value', type: 'quantitative', scale, axis } } },
          ],
        };
      }),
    }),
    table: {
      head: ['parameter', 'start', 'answer'],
      rows: o.params.map((p) => {
        const s = candidate(o.best.start);
        const a = candidate(o.best.best);
        return [p, s ? valueText(o, p, valueOf(o, s, p)) : '-', a ? valueText(o, p, valueOf(o, a, p)) : '-'];
      }),
    },
  };
}

/** Per parameter: each validated finalist's validation mean (95% CI) against its value; the choice, the start and the finalists within noise marked. */
export function tuneSlices(o: TuneOutput): Chart {
  const validated = ((o.best.validated ?? o.best.plateau ?? []) as unknown[]).map(candidate).filter((c): c is Candidate => c !== null);
  const choice = candidate(o.best.choice ?? o.best.best);
  const start = candidate(o.best.start);
  const plateau = new Set(((o.best.plateau ?? []) as unknown[]).map(candidate).filter((c): c is Candidate => c !== null).map((c) => c.spec));
  const role = (c: Candidate): string =>
    c.spec === choice?.spec ? (c.spec === start?.spec ? 'choice (the start)' : 'choice') : c.spec === start?.spec ? (plateau.has(c.spec) ? 'start, within noise of the choice' : 'start') : plateau.has(c.spec) ? 'within noise of the choice' : 'other finalist';
  const palette: [string, string][] = [['choice', '#d62728'], ['choice (the start)', '#d62728'], ['start', '#7f7f7f'], ['start, within noise of the choice', '#59a14f'], ['within noise of the choice', '#59a14f'], ['other finalist', '#4c78a8']];
  const present = palette.filter(([r]) => validated.some((c) => role(c) === r));
  const [roles, colors] = [present.map(([r]) => r), present.map(([, c]) => c)];
  const rows = validated.flatMap((c) => {
    const [lo, hi] = interval(c);
    return o.params.map((p) => ({ param: p, value: valueOf(o, c, p), mean: c.mean, lo, hi, role: role(c), finalist: candidateText(o, c) }));
  });
  const panels = o.params.map((p) => {
    const { scale, axis } = paramScale(o, p, p, start ? [valueOf(o, start, p)] : []);
    const x = { field: 'value', type: 'quantitative', scale, axis };
    return {
      width: o.params.length === 1 ? WIDTH : 210,
      height: 190,
      transform: [{ filter: `datum.param === ${JSON.stringify(p)}` }],
      layer: [
        { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { x, y: { field: 'lo', type: 'quantitative', title: 'mean on validation', scale: { zero: false } }, y2: { field: 'hi' }, color: { field: 'role', type: 'nominal', title: null, scale: { domain: roles, range: colors }, legend: { orient: 'bottom', columns: 2 } } } },
        { mark: { type: 'point', filled: true, size: 40 }, encoding: { x, y: { field: 'mean', type: 'quantitative' }, color: { field: 'role', type: 'nominal' }, tooltip: [{ field: 'finalist' }, { field: 'mean', format: '.4f' }] } },
      ],
    };
  });
  // tune marks the plateau by each finalist's paired difference from the choice (vsChoice); an older best.json by overlapping CIs.
  const paired = ((o.best.validated ?? []) as { vsChoice?: unknown }[]).some((v) => v.vsChoice !== undefined);
  return {
    id: 'tune-slices',
    title: 'Tuning: the validated finalists against each parameter',
    caption: `${otherCaption(o, what(o))} One panel per searched parameter (axis: its searched range): each finalist's mean on the validation block, games the search never saw, with its 95% CI, against its value of that parameter. The other parameters differ between finalists: a panel is a slice through them, not a curve with the rest held fixed. The choice is the highest; green, the finalists within noise of the choice: ${paired ? 'their difference from it, paired on the same games, has a 95% CI reaching 0' : 'their CI overlaps the choice\'s (this best.json is older than the paired rule)'}.`,
    spec: spec({
      data: { values: rows },
      concat: panels,
      columns: Math.min(3, panels.length),
      resolve: { scale: { y: 'shared' } },
    }),
    table: {
      head: ['finalist', 'mean on validation', 'se', 'games', 'role'],
      rows: [...validated].sort((a, b) => b.mean - a.mean).map((c) => [candidateText(o, c), fmt(c.mean, 4), fmt(c.se, 4), typeof o.best.validationGames === 'number' ? int(o.best.validationGames) : '-', role(c)]),
    },
  };
}
