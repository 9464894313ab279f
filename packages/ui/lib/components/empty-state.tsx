import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../utils.ts';
import { buttonVariants } from './button.tsx';

/** A way on from an empty state: a link of this site, drawn as a button ('outline' for the quieter look). */
export interface EmptyStateLink {
  to: string;
  label: ReactNode;
  variant?: 'default' | 'outline';
}

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** What to do here (a Try again button, a dialog's trigger), before the links. */
  action?: ReactNode;
  /** Where to go from here (Back to Home, Browse Listings …): each a button-looking link. */
  links?: readonly EmptyStateLink[];
  /** Heading level of the title, so the page outline stays correct. */
  /** 1 when the empty state is the whole page (a gate, a not-found): the page's one h1. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
  /** 'alert' for an error that just happened, 'status' for a quiet empty result. */
  role?: 'status' | 'alert';
}

/**
 * The one look of "nothing here", "could not load", "log in first" and "not found" states across the site (issue 25
 * §7): an icon, a title, a text and the ways on. Every page and section uses it; none draws its own.
 */
export function EmptyState({ title, description, icon, action, links, headingLevel = 2, className, role = 'status' }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div role={role} className={cn('flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center', className)}>
      {icon ? <div aria-hidden="true" className="text-muted-foreground [&_svg]:size-10">{icon}</div> : null}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description ? <div className="max-w-md text-sm text-muted-foreground">{description}</div> : null}
      {action || links ? (
        <div className="mt-2 flex gap-3">
          {action}
          {links?.map(({ to, label, variant }) => (
            <Link key={to} to={to} className={buttonVariants({ variant })}>
              {label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
