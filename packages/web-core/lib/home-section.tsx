import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';

/** A home section of any app: a heading, an optional "View all" link, and the content. */
export function HomeSection({ id, title, viewAll, children }: { id: string; title: string; viewAll?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {viewAll ? (
          <Link to={viewAll.to} className="flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
            {viewAll.label}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
