/**
 * Issue 20 §7's Lighthouse goals and the bench's table of every page against them (pure: no browser, so it has a unit
 * test). The goals, on this machine:
 *   - mobile (Lighthouse's default preset): performance score ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms, CLS 0;
 *   - desktop (Lighthouse's desktop preset): performance score ≥ 98 (the issue sets no metric goal of its own there).
 * CLS 0 means none: a shift of 0.0004 misses, and is printed as such rather than rounded to 0.000.
 */

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseFigures {
  formFactor: FormFactor;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export interface LighthouseGoal {
  minScore: number;
  maxLcpMs?: number;
  maxTbtMs?: number;
  maxCls?: number;
}

export const LIGHTHOUSE_GOALS: Record<FormFactor, LighthouseGoal> = {
  mobile: { minScore: 95, maxLcpMs: 1_800, maxTbtMs: 150, maxCls: 0 },
  desktop: { minScore: 98 },
};

/** One page and preset: its figures (the median of `runs` runs), or why there are none (the others still ran). */
export interface LighthouseRow {
  page: string;
  formFactor: FormFactor;
  figures?: LighthouseFigures;
  /** How many runs the figures are the median of (1 when absent). */
  runs?: number;
  error?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Each figure's median over several runs of one page and preset. A single run on a shared two-core machine can be far
 * off either way (TBT most of all); the median of three says more than any one of them.
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('medianFigures: no runs');
  const of = (key: Exclude<keyof LighthouseFigures, 'formFactor'>) => median(runs.map((r) => r[key]));
  return { formFactor: runs[0]!.formFactor, score: Math.round(of('score')), lcpMs: of('lcpMs'), fcpMs: of('fcpMs'), tbtMs: of('tbtMs'), cls: of('cls'), speedIndexMs: of('speedIndexMs') };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
export function formatCls(cls: number): string {
  if (!Number.isFinite(cls)) return 'n/a';
  if (cls === 0) return '0';
  return cls < 0.001 ? cls.toPrecision(1) : cls.toFixed(3);
}

/** What a run misses of its preset's goal, in words (empty: it meets the goal). A metric Lighthouse did not give misses. */
export function goalMisses(f: LighthouseFigures, goal: LighthouseGoal = LIGHTHOUSE_GOALS[f.formFactor]): string[] {
  const misses: string[] = [];
  const over = (value: number, max: number | undefined) => max !== undefined && !(value <= max);
  if (!(f.score >= goal.minScore)) misses.push(`score ${f.score} < ${goal.minScore}`);
  if (over(f.lcpMs, goal.maxLcpMs)) misses.push(`LCP ${seconds(f.lcpMs)} > ${seconds(goal.maxLcpMs!)}`);
  if (over(f.tbtMs, goal.maxTbtMs)) misses.push(`TBT ${millis(f.tbtMs)} > ${millis(goal.maxTbtMs!)}`);
  if (over(f.cls, goal.maxCls)) misses.push(`CLS ${formatCls(f.cls)} > ${goal.maxCls}`);
  return misses;
}

function goalCells(goal: LighthouseGoal): string[] {
  return [
    `≥ ${goal.minScore}`,
    goal.maxLcpMs === undefined ? '' : `≤ ${seconds(goal.maxLcpMs)}`,
    goal.maxTbtMs === undefined ? '' : `≤ ${millis(goal.maxTbtMs)}`,
    goal.maxCls === undefined ? '' : goal.maxCls === 0 ? '0' : `≤ ${goal.maxCls}`,
    '',
    '',
  ];
}

/**
 * The Markdown table of every page and preset: the goal rows first, then one row per run with its figures and
 * `meets`, `misses: …` (what it misses) or `failed: …` (no figures), then the count of rows that meet their goal.
 */
export function lighthouseGoalTable(rows: readonly LighthouseRow[], goals: Record<FormFactor, LighthouseGoal> = LIGHTHOUSE_GOALS): string[] {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const out = [
    line(['page', 'preset', 'score', 'LCP', 'TBT', 'CLS', 'FCP', 'Speed Index', 'goal']),
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    line(['**goal**', 'mobile', ...goalCells(goals.mobile), '']),
    line(['**goal**', 'desktop', ...goalCells(goals.desktop), '']),
  ];
  let meeting = 0;
  for (const r of rows) {
    const f = r.figures;
    if (!f) {
      out.push(line([r.page, r.formFactor, '', '', '', '', '', '', `failed: ${(r.error ?? 'no figures').replace(/\s+/g, ' ').replace(/\|/g, '\\|')}`]));
      continue;
    }
    const misses = goalMisses(f, goals[f.formFactor]);
    if (misses.length === 0) meeting++;
    out.push(
      line([
        r.page,
        (r.runs ?? 1) > 1 ? `${f.formFactor} (median of ${r.runs})` : f.formFactor,
        String(f.score),
        seconds(f.lcpMs),
        millis(f.tbtMs),
        formatCls(f.cls),
        seconds(f.fcpMs),
        seconds(f.speedIndexMs),
        misses.length === 0 ? 'meets' : `misses: ${misses.join(', ')}`,
      ]),
    );
  }
  out.push('', `${meeting} of ${rows.length} runs meet their goal`);
  return out;
}
