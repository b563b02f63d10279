/**
 * `sevensim decisions DIR`: a run's decisions.arrow as a table a player can read. Rows of the file
 * (one per seat, bucket and action) are pooled over seats and over the features not asked for
 * (`--by`), from the exact sums the file keeps (sum_diff, sum_diff_sq, rollouts; sum_score, ...).
 *
 * Counterfactual runs: where a kind has one action beside its reference (SEVN draw against stay,
 * keep against discard), each group shows that action minus the reference, paired over the same
 * rollouts, with its 95% CI and the rollouts behind it; the better answer is named where the CI
 * excludes 0. Where there are several (SEVENFALL discards against stop, targets), the group shows
 * the action with the highest mean difference. Outcome runs: each action's mean outcome as played
 * (not causal: the outcome mixes the decision with everything after it), and the same comparison as
 * a difference of two independent means.
 */
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { catalogEntry } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import { WIN_UNITS } from '../engine/game.js';
import { checkFileSeals, checkSeal, readManifest } from '../io/manifest.js';
import { arrowRows, type Row } from '../report/inputs.js';
import { normalQuantile } from '../stats/ratings.js';
import { Z95, clusteredSe } from '../stats/summary.js';

export interface Estimate {
  mean: number;
  se: number;
  lo: number;
  hi: number;
  n: number;
}

export interface DecisionGroup {
  /** The features' band lower bounds (or profile text), in --by order. */
  features: (number | string)[];
  /** The action compared (the only one beside the reference, or the best). */
  action: string;
  reference: string;
  /** action - reference: the score (round or turn points; game mode: final total), and the win share (game mode). */
  score: Estimate;
  win: Estimate | null;
  /**
   * What each side stands on: decisions of the answer and of the reference (outcomes), or the
   * rollouts of the pair (counterfactual: both sides are the same rollouts).
   */
  counts: { action: number; reference: number };
  /** Counterfactual: the sampled decisions behind the pair (its rollouts over the run's rollouts per decision); null for outcomes. */
  sampled: number | null;
  /** The answers beside the reference the action was chosen from (its interval covers all of them: Bonferroni). */
  compared: number;
  /**
   * The better answer where the CI of the score difference (game mode: of the win share) excludes 0
   * and each side stands on at least VERDICT_MIN_N decisions (counterfactual: sampled decisions), else null.
   */
  better: string | null;
}

/**
 * The least decisions a side needs before the table names a better answer (outcomes: its CI is shown
 * only then; below it a normal interval is not to be trusted: two decisions that both won have an SE
 * of 0). Counterfactual: sampled decisions, each valued by the run's --rollouts; the CI takes each
 * decision's rollouts as one cluster (they share its position), so it is the bucket's, not only the
 * sampled positions'.
 */
export const VERDICT_MIN_N = 30;

export interface DecisionsTable {
  dir: string;
  game: string;
  kind: string;
  mode: string;
  /** What the score difference is in: round (turn) points, or the final total in game mode. */
  unit: string;
  recording: 'outcomes' | 'counterfactual';
  /** What `games` counts: games (game mode), or rounds (turns) in round mode. */
  units: string;
  games: number;
  by: string[];
  /** The answer every other is compared with (SEVN stay, SEVENFALL stop, ...). */
  reference: string;
  groups: DecisionGroup[];
  /** Counterfactual: whether the file has the sums by decision (format 5 on), so the SE takes each decision as one cluster. */
  clustered: boolean;
  /** Buckets left out: only one answer was given there (as played), or only the reference (counterfactual). */
  oneAnswer: { buckets: number; decisions: number };
}

/** Mean, SE and 95% CI from n, sum and sum of squares (SE NaN when n < 2: one value has no variance). */
export function fromSums(n: number, s: number, s2: number): Estimate {
  const mean = n > 0 ? s / n : 0;
  const v = n > 1 ? Math.max(0, (s2 - (s * s) / n) / (n - 1)) : NaN;
  const se = Math.sqrt(v / n);
  return { mean, se, lo: mean - Z95 * se, hi: mean + Z95 * se, n };
}

/** a - b of two independent estimates; n is the decisions behind both. */
function minus(a: Estimate, b: Estimate): Estimate {
  const mean = a.mean - b.mean;
  const se = Math.hypot(a.se, b.se);
  return { mean, se, lo: mean - Z95 * se, hi: mean + Z95 * se, n: a.n + b.n };
}

/** `e` without an interval: its sides stand on too few decisions (VERDICT_MIN_N). NaN is null in --json. */
const noInterval = (e: Estimate): Estimate => ({ ...e, se: NaN, lo: NaN, hi: NaN });

/** `e` with the two-sided 95% interval of the best of k comparisons (z for 1 - 0.025 / k); `e` itself when k = 1. */
function widened(e: Estimate, k: number): Estimate {
  if (k <= 1) return e;
  const z = normalQuantile(1 - 0.025 / k);
  return { ...e, lo: e.mean - z * e.se, hi: e.mean + z * e.se };
}

const num = (r: Row, k: string) => Number(r[k] ?? 0);

export function decisionsTable(dir: string, kindIn: string | undefined, byIn: string | undefined): DecisionsTable {
  const m = readManifest(dir);
  // Untrusted input, as report and merge read it: a sealed run.json, and the decisions.arrow it records.
  if (m === null || typeof m !== 'object' || Array.isArray(m)) throw new UserError(`${dir}: run.json is not a sevensim manifest`);
  checkSeal(join(dir, 'run.json'), m as unknown as Record<string, unknown>);
  if (m.kind !== undefined && m.kind !== 'simulate' && m.kind !== 'merge') throw new UserError(`${dir}: run.json is of a ${String(m.kind)} run; decisions reads the --out directory of simulate (or merge)`);
  if (typeof m.files === 'object' && m.files !== null) checkFileSeals(dir, m.files as unknown as Record<string, unknown>, 'run it again', ['decisions.arrow']);
  if (m.decisions !== 'outcomes' && m.decisions !== 'counterfactual') throw new UserError(`${dir}: the run recorded no decisions; run simulate with --decisions counterfactual (or outcomes) and --out DIR`);
  const file = join(dir, 'decisions.arrow');
  if (!existsSync(file)) throw new UserError(`${dir}: decisions.arrow is missing; the output is incomplete`);
  const game = catalogEntry(m.game).game;
  const rows = arrowRows(file);
  const columns = rows.length ? Object.keys(rows[0]) : [];
  const features = columns.slice(columns.indexOf('kind') + 1, columns.indexOf('action'));
  const kind = kindIn ?? game.decisionKinds[0];
  if (!game.decisionKinds.includes(kind)) throw new UserError(`--kind ${kind}: ${game.name} decisions are ${game.decisionKinds.join(', ')}`);
  const by = byIn === undefined ? features : byIn.split(',').map((f) => f.trim().replace(/-/g, '_')).filter((f) => f !== '');
  const twice = by.find((f, i) => by.indexOf(f) !== i);
  if (twice !== undefined) throw new UserError(`--by ${byIn}: ${twice.replace(/_/g, '-')} is listed twice; give each feature once`);
  for (const f of by) if (!features.includes(f)) throw new UserError(`--by ${byIn}: ${f.replace(/_/g, '-')} is not a feature of this run (its buckets: ${features.map((x) => x.replace(/_/g, '-')).join(', ') || 'none'}; simulate --bucket chooses them)`);
  const cf = m.decisions === 'counterfactual';
  const win = m.mode === 'game';
  const reference = game.counterfactualReference?.(game.decisionKinds.indexOf(kind)) ?? '';
  // Sums by decision (format 5 on); an older file's CI treats rollouts as independent.
  const clustered = cf && columns.includes('sum_diff_by_decision_sq');
  // Rollouts per action of a sampled decision (run.json, checked: it is untrusted input).
  const perDecision = cf ? Number(m.counterfactual?.rollouts) : 1;
  if (!(Number.isSafeInteger(perDecision) && perDecision >= 1)) throw new UserError(`${dir}: run.json gives ${JSON.stringify(m.counterfactual?.rollouts)} rollouts per decision; expected a whole number from 1; it is damaged or edited`);

  // Pool the rows of each (group, action).
  const sums = new Map<string, { features: (number | string)[]; actions: Map<string, number[]> }>();
  for (const r of rows) {
    if (r.kind !== kind) continue;
    const fs = by.map((f) => r[f] as number | string);
    const key = JSON.stringify(fs);
    let g = sums.get(key);
    if (!g) sums.set(key, (g = { features: fs, actions: new Map() }));
    const a = String(r.action);
    let s = g.actions.get(a);
    if (!s) g.actions.set(a, (s = new Array<number>(9).fill(0)));
    const add = cf
      ? [num(r, 'rollouts'), num(r, 'sum_diff'), num(r, 'sum_diff_sq'), num(r, 'sum_diff_win'), num(r, 'sum_diff_win_sq'), num(r, 'decisions'), num(r, 'sum_diff_by_decision_sq'), num(r, 'sum_diff_win_by_decision_sq'), 0]
      : [num(r, 'count'), num(r, 'sum_score'), num(r, 'sum_score_sq'), num(r, 'sum_win'), num(r, 'sum_win_sq'), 0, 0, 0, 0];
    add.forEach((x, i) => (s![i] += x));
  }

  const groups: DecisionGroup[] = [];
  const oneAnswer = { buckets: 0, decisions: 0 };
  const leaveOut = (g: { actions: Map<string, number[]> }): void => {
    oneAnswer.buckets++;
    for (const s of g.actions.values()) oneAnswer.decisions += s[0];
  };
  for (const g of sums.values()) {
    // Counterfactual (format 5 on): a decision's rollouts share its position, so each decision is one cluster of the SE.
    const byDecision = (e: Estimate, d: number, sum: number, bySq: number, scale: number): Estimate => {
      const se = clusteredSe(e.n, d, sum, bySq) / scale;
      return { ...e, se, lo: e.mean - Z95 * se, hi: e.mean + Z95 * se };
    };
    const est = (s: number[]) => {
      const score = fromSums(s[0], s[1], s[2]);
      const w = win ? fromSums(s[0], s[3] / WIN_UNITS, s[4] / (WIN_UNITS * WIN_UNITS)) : null;
      if (!clustered) return { score, win: w, decisions: null };
      return { score: byDecision(score, s[5], s[1], s[6], 1), win: w && byDecision(w, s[5], s[3], s[7], WIN_UNITS), decisions: s[5] };
    };
    const all = [...g.actions.entries()].map(([action, s]) => ({ action, ...est(s) }));
    const ref = all.find((a) => a.action === reference);
    let chosen: (typeof all)[number];
    let score: Estimate;
    let w: Estimate | null;
    let counts: DecisionGroup['counts'];
    let sampled: number | null = null;
    if (cf) {
      // Differences against the reference are in each row already; the reference's own are 0.
      const others = all.filter((a) => a.action !== reference);
      if (others.length === 0) {
        leaveOut(g);
        continue;
      }
      chosen = others.reduce((b, a) => ((win ? a.win!.mean > b.win!.mean : a.score.mean > b.score.mean) ? a : b));
      score = chosen.score;
      w = chosen.win;
      counts = { action: score.n, reference: score.n };
      sampled = chosen.decisions ?? Math.floor(score.n / perDecision);
    } else {
      const others = all.filter((a) => a.action !== reference);
      if (!ref || others.length === 0) {
        leaveOut(g);
        continue;
      }
      chosen = others.reduce((b, a) => ((win ? a.win!.mean > b.win!.mean : a.score.mean > b.score.mean) ? a : b));
      score = minus(chosen.score, ref.score);
      w = win ? minus(chosen.win!, ref.win!) : null;
      counts = { action: chosen.score.n, reference: ref.score.n };
    }
    // The best of k answers is chosen on the same data it is judged on: its interval is widened to
    // cover all k at once (Bonferroni), so that choosing does not make the verdict optimistic.
    const compared = all.filter((a) => a.action !== reference).length;
    score = widened(score, compared);
    if (w) {
      // A difference of two win shares lies in [-1, 1]; a normal interval on a thin bucket can pass it.
      const wide = widened(w, compared);
      w = { ...wide, lo: Math.max(-1, wide.lo), hi: Math.min(1, wide.hi) };
    }
    const enough = (sampled ?? Math.min(counts.action, counts.reference)) >= VERDICT_MIN_N;
    if (!enough) {
      score = noInterval(score);
      w = w && noInterval(w);
    }
    const judged = w ?? score;
    const better = !enough ? null : judged.lo > 0 ? chosen.action : judged.hi < 0 ? reference : null;
    groups.push({ features: g.features, action: chosen.action, reference, score, win: w, counts, sampled, compared, better });
  }
  const cmp = (a: number | string, b: number | string) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)));
  groups.sort((a, b) => a.features.reduce<number>((c, _, i) => c || cmp(a.features[i], b.features[i]), 0));
  return { dir, game: m.game, kind, mode: m.mode, unit: win ? 'final total' : `${game.roundUnit ?? 'round'} points`, units: win ? 'games' : `${game.roundUnit ?? 'round'}s`, recording: cf ? 'counterfactual' : 'outcomes', games: m.games, by, reference, groups, clustered, oneAnswer };
}

const signed = (x: number, d: number) => `${x >= 0 ? '+' : ''}${x.toFixed(d)}`;
const ci = (e: Estimate, d: number, scale = 1, why = `a side under ${VERDICT_MIN_N}`) => `${signed(scale * e.mean, d)} ${Number.isNaN(e.se) ? `[no CI: ${e.n < 2 ? 'one value' : why}]` : `[${signed(scale * e.lo, d)}, ${signed(scale * e.hi, d)}]`}`;

export function formatDecisionsTable(t: DecisionsTable): string {
  const unit = t.unit;
  const several = t.groups.some((g) => g.action !== t.groups[0]?.action);
  const what = several || t.groups.length === 0 ? `the best of the other answers minus ${t.reference}` : `${t.groups[0].action} minus ${t.reference}`;
  const chosen = t.groups.some((g) => g.compared > 1);
  const widenedNote = chosen ? ' (where the best of k answers was chosen on these data, widened to cover all k: Bonferroni)' : '';
  const lines = [
    `${t.game} ${t.kind} decisions of ${t.dir} (${t.mode} mode, ${t.games.toLocaleString('en-US')} ${t.units}, ${t.recording}): ${what}, by ${t.by.join(', ').replace(/_/g, '-') || 'nothing (all pooled)'}.`,
    t.recording === 'counterfactual'
      ? `Paired rollouts: the same futures for both answers; 95% CI${widenedNote}, ${t.clustered ? 'each decision\'s rollouts one cluster (they share its position)' : 'over the rollouts as if independent (this decisions.arrow, older than format 5, has no sums by decision: the interval describes the sampled positions)'}, shown on at least ${VERDICT_MIN_N} sampled decisions; n = rollouts, decisions = the sampled decisions behind them. "better" where the CI ${t.mode === 'game' ? 'of the win chance ' : ''}excludes 0.`
      : `Outcomes as played (not causal: they mix the decision with everything after it; simulate --decisions counterfactual isolates it); 95% CI${widenedNote}, shown where each answer has at least ${VERDICT_MIN_N} decisions; n = decisions of each answer. "better" where the CI ${t.mode === 'game' ? 'of the win chance ' : ''}excludes 0.`,
  ];
  if (t.groups.length === 0) {
    const why = t.recording === 'outcomes' ? ` (as played, each bucket held one answer only: a strategy that answers by these features never shows the other; simulate --decisions counterfactual plays both)` : '';
    return [...lines, `  nothing to compare: no bucket has a ${t.kind} answer beside ${t.reference}${why}`].join('\n');
  }
  const outcomes = t.recording === 'outcomes';
  const ref = t.groups[0]?.reference;
  const head = [...t.by.map((f) => f.replace(/_/g, '-')), ...(several ? ['answer'] : []), ...(outcomes ? [several ? 'n answer' : `n ${t.groups[0]?.action}`, `n ${ref}`] : ['n', 'decisions']), `${unit} (95% CI)`, ...(t.mode === 'game' ? ['win chance, % (95% CI, cut at +-100)'] : []), 'better'];
  const body = t.groups.map((g) => [
    ...g.features.map(String),
    ...(several ? [g.action] : []),
    ...(outcomes ? [g.counts.action.toLocaleString('en-US'), g.counts.reference.toLocaleString('en-US')] : [g.score.n.toLocaleString('en-US'), (g.sampled ?? 0).toLocaleString('en-US')]),
    ci(g.score, 2, 1, outcomes ? undefined : `under ${VERDICT_MIN_N} decisions`),
    ...(g.win ? [ci(g.win, 2, 100, outcomes ? undefined : `under ${VERDICT_MIN_N} decisions`)] : []),
    g.better ?? '-',
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  for (const r of [head, ...body]) lines.push(`  ${r.map((c, i) => c.padEnd(w[i])).join('  ').trimEnd()}`);
  if (t.oneAnswer.buckets > 0) {
    const n = t.oneAnswer;
    lines.push(`Left out: ${n.buckets.toLocaleString('en-US')} bucket${n.buckets === 1 ? '' : 's'} (${n.decisions.toLocaleString('en-US')} ${outcomes ? 'decisions' : 'rollouts'}) with one answer only, nothing to compare${outcomes ? ' (as played, a strategy that answers by these features never shows the other there; --decisions counterfactual plays both)' : ''}.`);
  }
  return lines.join('\n');
}
