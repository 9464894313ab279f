import { Skeleton } from './skeleton.tsx';

/**
 * The one loading state of the site: a region announced as a status (its `label` read out, not shown) holding
 * placeholder bars, one Skeleton per class in `bars` (each bar's height and width, so the state takes about the place
 * of what it waits for and nothing shifts when that arrives). `className` lays the region out (its spacing, a grid).
 */
export function LoadingState({ label = 'Loading…', bars, className }: { label?: string; bars: readonly string[]; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}
