import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import { QUERY_TEXT_MAX, SEARCH_HIT_TYPE_NAMES as TYPE_NAMES, SEARCH_HIT_TYPES, LIST_PAGE_SIZES, type SearchHitType } from '@cp/contracts';
import { Badge, Button, cn, EmptyState, Input } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { useSiteSearchQuery } from '../api/site-search-api.ts';
import { Pagination, usePastLastPage } from '../components/Pagination.tsx';
import { pageOf } from '../lib/listings-server.ts';


const isType = (value: string | null): value is SearchHitType => (SEARCH_HIT_TYPES as readonly string[]).includes(value ?? '');

/** `?q=` with a type (none: every type) from page 1. */
const searchOf = (q: string, type?: SearchHitType) => `?${new URLSearchParams({ q, ...(type ? { type } : {}) }).toString()}`;

/**
 * /search?q=&type=&page= (issue 15): the header search's results page — the hits of listings, businesses and forum
 * posts for the words, best first, how many of each (a link narrows to one type), and pages.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const page = pageOf(params.get('page'));
  const { data, currentData, isLoading, isFetching, error, refetch } = useSiteSearchQuery({ q, page, ...(type ? { type } : {}) }, { skip: !q });
  // A `?page=` past the last page goes to the last one.
  const pastLast = usePastLastPage(page, currentData, currentData?.pageSize || LIST_PAGE_SIZES.search.default);
  const all = data ? data.counts.listing + data.counts.business + data.counts.post : 0;

  let body;
  if (!q) body = <EmptyState icon={<Search />} title="Search the site" description="Find listings, businesses and forum posts by a word of their title or text." />;
  else if (isLoading || pastLast) body = <p className="text-muted-foreground">Searching…</p>;
  else if (error) body = <LoadError title="Search is unavailable" error={error} onRetry={() => void refetch()} />;
  else if (!data || data.items.length === 0) body = <EmptyState icon={<SearchX />} title="No results found" description="Try other words, or fewer of them." />;
  else
    body = (
      <div className="space-y-6" aria-busy={isFetching}>
        <ol className="space-y-3">
          {data.items.map((hit) => (
            <li key={`${hit.type}-${hit.id}`} className="rounded-lg border bg-card p-4">
              <Badge variant="secondary">{TYPE_NAMES[hit.type].one}</Badge>
              <h2 className="mt-2 text-lg font-semibold">
                <Link to={hit.url} className="text-primary underline-offset-4 hover:underline">
                  {hit.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{hit.snippet}</p>
            </li>
          ))}
        </ol>
        <Pagination page={page} total={data.total} pageSize={data.pageSize || LIST_PAGE_SIZES.search.default} label="Result pages" />
      </div>
    );

  return (
    <div className="space-y-6">
      <title>{`${q ? `Search: ${q}` : 'Search'} | Central PA Desi Community`}</title>
      <header className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">{q ? `Results for “${q}”` : 'Search'}</h1>
        <SearchForm key={q} initial={q} type={type} />
      </header>
      {q && data ? (
        <nav aria-label="Kinds of results" className="flex flex-wrap gap-2">
          {[undefined, ...SEARCH_HIT_TYPES].map((t) => (
            <Link
              key={t ?? 'all'}
              to={{ search: searchOf(q, t) }}
              aria-current={t === type ? 'page' : undefined}
              className={cn('rounded-full border px-3 py-1 text-sm', t === type ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent')}
            >
              {t ? TYPE_NAMES[t].plural : 'All'} ({t ? data.counts[t] : all})
            </Link>
          ))}
        </nav>
      ) : null}
      {body}
    </div>
  );
}

/** The page's own search box: new words start again at page 1, in the same kind. */
function SearchForm({ initial, type }: { initial: string; type: SearchHitType | undefined }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();
  return (
    <form
      role="search"
      className="flex max-w-xl gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) navigate({ search: searchOf(text.trim(), type) });
      }}
    >
      <Input type="search" aria-label="Search listings, businesses and forum posts" maxLength={QUERY_TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="submit">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

export default SearchPage;
