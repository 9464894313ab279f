import { useState } from 'react';
import { BookOpen, SearchX, X } from 'lucide-react';
import type { YellowPagesMainCategory } from '@cp/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { useGetYellowPagesQuery } from '../api/directory-api.ts';
import { BusinessGrid, BusinessGridSkeleton } from '../components/BusinessCard.tsx';
import { categoriesByLetter, letterIndex, NO_SELECTION, subcategoriesOf, yellowPagesArgs, type YellowPagesSelection } from '../lib/yellow-pages.ts';

const GROUPS = categoriesByLetter();
const INDEX = letterIndex();
const letterId = (letter: string) => `yp-letter-${letter}`;

function SubcategoryButtons({ main, selected, onPick }: { main: YellowPagesMainCategory; selected: YellowPagesSelection; onPick: (s: YellowPagesSelection) => void }) {
  const subs = subcategoriesOf(main);
  if (subs.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`${main} subcategories`}>
      {subs.map((sub) => {
        const active = selected.mainCategory === main && selected.subCategory === sub;
        return (
          <li key={sub}>
            <Button size="sm" variant={active ? 'default' : 'outline'} aria-pressed={active} onClick={() => onPick({ mainCategory: main, subCategory: sub })}>
              {sub}
            </Button>
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
  const businesses = data ?? [];
  if (businesses.length === 0) return <EmptyState icon={<SearchX />} title="No businesses found" description="No businesses are listed in this category yet." />;
  return <BusinessGrid businesses={businesses} whatsapp reviews />;
}

/**
 * /yellow-pages (spec §2 Yellow Pages, §4): the A–Z index, the category tree with subcategory buttons, the current
 * selection, and the businesses of the selected category.
 */
export function YellowPagesPage() {
  const [selection, setSelection] = useState<YellowPagesSelection>(NO_SELECTION);

  function jumpTo(letter: string) {
    // Choosing a letter clears the selection and scrolls to that letter (spec §4).
    setSelection(NO_SELECTION);
    requestAnimationFrame(() => document.getElementById(letterId(letter))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  }

  return (
    <div className="space-y-6">
      <title>Yellow Pages | Central PA Desi Community</title>
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
              <Button size="sm" variant="outline" className="w-9 px-0" disabled={!enabled} onClick={() => jumpTo(letter)} aria-label={enabled ? `Categories starting with ${letter}` : `No categories starting with ${letter}`}>
                {letter}
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      {selection.mainCategory ? (
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-4 space-y-0">
            <CardTitle className="text-lg">Current Selection</CardTitle>
            <Button variant="ghost" size="sm" onClick={() => setSelection(NO_SELECTION)}>
              <X aria-hidden="true" />
              Clear Selection
            </Button>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="font-medium">
              {selection.mainCategory}
              {selection.subCategory ? ` › ${selection.subCategory}` : ''}
            </p>
            <SubcategoryButtons main={selection.mainCategory} selected={selection} onPick={setSelection} />
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
                    <Button variant="link" className="h-auto p-0 text-base font-semibold" onClick={() => setSelection({ mainCategory: main as YellowPagesMainCategory, subCategory: null })}>
                      {main}
                    </Button>
                    <SubcategoryButtons main={main as YellowPagesMainCategory} selected={selection} onPick={setSelection} />
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
