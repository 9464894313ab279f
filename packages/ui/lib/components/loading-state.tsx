import { Card } from './card.tsx';
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

/**
 * The loading state of a list of cards: `count` cards (each laid out by `cardClassName`), each holding one Skeleton
 * per class in `bars`, in a status region announcing `label`; `className` lays out the list (a grid, a column).
 */
export function CardsLoadingState({ label, count, bars, className, cardClassName }: { label: string; count: number; bars: readonly string[]; className: string; cardClassName: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={cardClassName}>
          {bars.map((bar, j) => (
            <Skeleton key={j} className={bar} />
          ))}
        </Card>
      ))}
    </div>
  );
}
