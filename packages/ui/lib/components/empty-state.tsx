import type { ReactNode } from 'react';
import { cn } from '../utils.ts';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Heading level of the title, so the page outline stays correct. */
  /** 1 when the empty state is the whole page (a gate, a not-found): the page's one h1. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
  /** 'alert' for an error that just happened, 'status' for a quiet empty result. */
  role?: 'status' | 'alert';
}

/** The one look of "nothing here" and "could not load" states across the site. */
export function EmptyState({ title, description, icon, action, headingLevel = 2, className, role = 'status' }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div role={role} className={cn('flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center', className)}>
      {icon ? <div aria-hidden="true" className="text-muted-foreground [&_svg]:size-10">{icon}</div> : null}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description ? <div className="max-w-md text-sm text-muted-foreground">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
