import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants, cn } from '@cp/ui';

/** The current location's query with another `page` (page 1 leaves it out, as a first visit has it). */
function pageSearch(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A URL page past the last one (an old link, a list that shrank, a typed `?page=`): true while it is replaced, in
 * place, by the last page. `answer` is the current page's answer (undefined until it came).
 */
export function usePastLastPage(page: number, answer: { items: readonly unknown[]; total: number } | undefined, pageSize: number): boolean {
  const { search } = useLocation();
  const navigate = useNavigate();
  const last = answer ? Math.max(1, Math.ceil(answer.total / pageSize)) : 1;
  const past = answer !== undefined && answer.items.length === 0 && answer.total > 0 && page > last;
  useEffect(() => {
    if (past) void navigate({ search: pageSearch(search, last) }, { replace: true });
  }, [past, search, last, navigate]);
  return past;
}

/**
 * Previous / "Page n of m" / Next for a paged list whose page is the URL's `page`: real links (shareable, Back returns
 * to the previous page, the new page starts at the top), an unavailable direction is plain text marked disabled.
 */
export function Pagination({ page, total, pageSize, label }: { page: number; total: number; pageSize: number; label: string }) {
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const edge = (to: number, text: string, icon: ReactNode, rel: 'prev' | 'next') =>
    to >= 1 && to <= pages ? (
      <Link to={{ search: pageSearch(search, to) }} rel={rel} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        {rel === 'prev' ? icon : null}
        {text}
        {rel === 'next' ? icon : null}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')}>
        {rel === 'prev' ? icon : null}
        {text}
        {rel === 'next' ? icon : null}
      </span>
    );
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      {edge(page - 1, 'Previous', <ChevronLeft aria-hidden="true" />, 'prev')}
      <p className="text-sm text-muted-foreground">
        Page {Math.min(page, pages)} of {pages}
      </p>
      {edge(page + 1, 'Next', <ChevronRight aria-hidden="true" />, 'next')}
    </nav>
  );
}
