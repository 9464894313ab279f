import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BookOpen, SearchX, X } from 'lucide-react';
import type { YellowPagesMainCategory } from '@cp/contracts';
import { Button, buttonVariants, Card, CardContent, CardHeader, CardTitle, EmptyState } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { useGetYellowPagesQuery } from '../api/directory-api.ts';
import { BusinessGrid, BusinessGridSkeleton } from '../components/BusinessCard.tsx';
import { MoreBusinesses } from '../components/MoreBusinesses.tsx';
import { categoriesByLetter, letterIndex, selectionFromSearch, selectionHref, subcategoriesOf, yellowPagesArgs, type YellowPagesSelection } from '../lib/yellow-pages.ts';

const GROUPS = categoriesByLetter();
const INDEX = letterIndex();
const letterId = (letter: string) => `yp-letter-${letter}`;

/** The subcategories of `main` as links (the selection lives in the URL: shareable, and usable before JavaScript). */
function SubcategoryLinks({ main, selected }: { main: YellowPagesMainCategory; selected: YellowPagesSelection }) {
  const subs = subcategoriesOf(main);
  if (subs.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`${main} subcategories`}>
      {subs.map((sub) => {
        const active = selected.mainCategory === main && selected.subCategory === sub;
        return (
          <li key={sub}>
            <Link
              to={selectionHref({ mainCategory: main, subCategory: sub })}
              aria-current={active ? 'true' : undefined}
              className={buttonVariants({ size: 'sm', variant: active ? 'default' : 'outline' })}
            >
              {sub}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Results({ selection }: { selection: YellowPagesSelection }) {
  const args = yellowPagesArgs(selection);
  // Fetches only once a main category is chosen (spec §7).
  const { data, isFetching, error, refetch } = useGetYellowPagesQuery(args ?? { mainCategory: '' }, { skip: args === null });
  if (!args) return null;
  if (isFetching) return <BusinessGridSkeleton count={3} />;
  // §8's title with the reason in plain words, never the response body.
  if (error) return <LoadError title="Failed to fetch businesses" error={error} onRetry={() => void refetch()} />;
  const businesses = data?.items ?? [];
  if (businesses.length === 0) return <EmptyState icon={<SearchX />} title="No businesses found" description="No businesses are listed in this category yet." />;
  // The category's first page; Load more asks the next ones from the server (keyed by the category: another starts over).
  return (
    <div className="space-y-6">
      <BusinessGrid businesses={businesses} whatsapp reviews />
      {data?.nextCursor ? <MoreBusinesses key={JSON.stringify(args)} cursor={data.nextCursor} usePage={(cursor, o) => useGetYellowPagesQuery({ ...args, cursor }, o)} grid={{ whatsapp: true, reviews: true }} /> : null}
    </div>
  );
}

/**
 * /yellow-pages (spec §2 Yellow Pages, §4): the A–Z index, the category tree with subcategory links, the current
 * selection, and the businesses of the selected category. The selection is the URL's query
 * (`?mainCategory=…&subCategory=…`, the API's names): a category is a link, so the page works before JavaScript (the
 * server renders the chosen category's businesses) and a chosen category can be shared.
 */
export function YellowPagesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = selectionFromSearch(params);

  // The letter to scroll to once the tree is back on screen (it is hidden while a category is chosen).
  const [pendingLetter, setPendingLetter] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingLetter || selection.mainCategory) return;
    document.getElementById(letterId(pendingLetter))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    setPendingLetter(null);
  }, [pendingLetter, selection.mainCategory]);

  function jumpTo(event: MouseEvent<HTMLAnchorElement>, letter: string) {
    // Choosing a letter clears the selection and scrolls to that letter (spec §4). Without JavaScript the link does
    // both: the page without a selection, at the letter's anchor.
    event.preventDefault();
    if (selection.mainCategory) void navigate(selectionHref({ mainCategory: null, subCategory: null }));
    setPendingLetter(letter);
  }

  return (
    <div className="space-y-6">
      <title>{selection.mainCategory ? `${selection.subCategory ?? selection.mainCategory} | Yellow Pages | Central PA Desi Community` : 'Yellow Pages | Central PA Desi Community'}</title>
      <div>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <BookOpen className="h-7 w-7 text-primary" aria-hidden="true" />
          Yellow Pages
        </h1>
        <p className="text-muted-foreground">Find local businesses and services by category.</p>
      </div>

      <nav aria-label="Categories A to Z">
        <ul className="flex flex-wrap gap-1">
          {INDEX.map(({ letter, enabled }) => (
            <li key={letter}>
              {enabled ? (
                <a
                  href={`/yellow-pages#${letterId(letter)}`}
                  onClick={(e) => jumpTo(e, letter)}
                  className={`${buttonVariants({ size: 'sm', variant: 'outline' })} w-9 px-0`}
                  aria-label={`Categories starting with ${letter}`}
                >
                  {letter}
                </a>
              ) : (
                <Button size="sm" variant="outline" className="w-9 px-0" disabled aria-label={`No categories starting with ${letter}`}>
                  {letter}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </nav>

      {selection.mainCategory ? (
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-4 space-y-0">
            <CardTitle className="text-lg">Current Selection</CardTitle>
            <Link to={selectionHref({ mainCategory: null, subCategory: null })} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <X aria-hidden="true" />
              Clear Selection
            </Link>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="font-medium">
              {selection.mainCategory}
              {selection.subCategory ? ` › ${selection.subCategory}` : ''}
            </p>
            <SubcategoryLinks main={selection.mainCategory} selected={selection} />
          </CardContent>
        </Card>
      ) : null}

      <section aria-label="Businesses" aria-live="polite">
        <Results selection={selection} />
      </section>

      {selection.mainCategory ? null : (
        <div className="space-y-8">
          {[...GROUPS].map(([letter, mains]) => (
            <section key={letter} id={letterId(letter)} aria-labelledby={`${letterId(letter)}-h`} className="scroll-mt-24 space-y-3">
              <h2 id={`${letterId(letter)}-h`} className="border-b pb-1 text-xl font-bold text-primary">
                {letter}
              </h2>
              <ul className="grid gap-4 md:grid-cols-2">
                {mains.map((main) => (
                  <li key={main} className="space-y-2 rounded-lg border bg-card p-4">
                    <Link to={selectionHref({ mainCategory: main as YellowPagesMainCategory, subCategory: null })} className="block text-base font-semibold text-primary underline-offset-4 hover:underline">
                      {main}
                    </Link>
                    <SubcategoryLinks main={main as YellowPagesMainCategory} selected={selection} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export default YellowPagesPage;
