import { useId } from 'react';
import { formatOperationsValue, type OperationsUnit } from '@cp/contracts';

/**
 * One small line chart of the Operations tab (issue 36 §4), drawn as SVG by hand: a line over time, its scale from 0 to
 * the largest value, gaps where Prometheus had no value. A chart library (uPlot is the smallest good one, ~20 KB gzip,
 * drawing on a canvas) would do more than six sparklines per service need; this is ~1 KB, needs no dependency and is
 * readable by tests and screen readers. It is part of the tab's own chunk, so no other page or tab loads it.
 *
 * Accessible: a figure with its title as heading, a text summary (the latest value and the peak) that the image is
 * labelled with, and the scale and times written out.
 */
export interface OperationsChartProps {
  title: string;
  description: string;
  unit: OperationsUnit;
  /** Unix seconds of each value. */
  timestamps: readonly number[];
  values: ReadonlyArray<number | null>;
}

const W = 300;
const H = 80;
/** The top of the scale: the largest value, at least a unit's smallest sensible top (so 0 stays at the bottom). */
function scaleTop(max: number, unit: OperationsUnit): number {
  const floor = unit === 'ratio' ? 0.01 : unit === 'seconds' ? 0.01 : 1;
  return Math.max(max, floor);
}

/** `M x y L x y …` per run of values without a gap. */
export function linePath(values: ReadonlyArray<number | null>, top: number): string {
  const n = values.length;
  const x = (i: number) => (n <= 1 ? W / 2 : (i / (n - 1)) * W);
  const y = (v: number) => H - (Math.min(v, top) / top) * H;
  let d = '';
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)} `;
    drawing = true;
  });
  return d.trim();
}

/** The latest value and the peak of a series (null: none). */
export function seriesSummary(values: ReadonlyArray<number | null>): { latest: number | null; peak: number | null; points: number } {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return { latest: present.at(-1) ?? null, peak: present.length > 0 ? Math.max(...present) : null, points: present.length };
}

const clock = (t: number | undefined) => (t === undefined ? '' : new Date(t * 1000).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }));

export function OperationsChart({ title, description, unit, timestamps, values }: OperationsChartProps) {
  const id = useId();
  const { latest, peak, points } = seriesSummary(values);
  const top = scaleTop(peak ?? 0, unit);
  const summary = points === 0 ? 'No data in this window.' : `Latest ${formatOperationsValue(unit, latest)}; peak ${formatOperationsValue(unit, peak)}.`;
  return (
    <figure className="space-y-1 rounded-md border p-3" aria-labelledby={`${id}-title`} data-chart={title}>
      <h4 id={`${id}-title`} className="text-sm font-medium" title={description}>
        {title}
      </h4>
      <p id={`${id}-summary`} className="text-sm text-muted-foreground">
        {summary}
      </p>
      {points > 0 ? (
        <>
          <p className="text-xs text-muted-foreground" aria-hidden="true">
            {formatOperationsValue(unit, top)}
          </p>
          <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="h-20 w-full text-primary" role="img" aria-labelledby={`${id}-title ${id}-summary`} data-points={points}>
            <line x1="0" y1={H} x2={W} y2={H} stroke="currentColor" strokeOpacity="0.3" vectorEffect="non-scaling-stroke" />
            <path d={linePath(values, top)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
          <p className="flex justify-between text-xs text-muted-foreground">
            <span>{clock(timestamps[0])}</span>
            <span>{clock(timestamps.at(-1))}</span>
          </p>
        </>
      ) : null}
    </figure>
  );
}
