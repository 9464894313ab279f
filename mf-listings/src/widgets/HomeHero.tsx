import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { HERO_SEARCH_DEBOUNCE_MS } from '@cp/ui/timings';
import { cn, Input } from '@cp/ui';
import { heroSearchTarget, HOME_CATEGORIES } from '../lib/listings.ts';

const CHIPS = ['All', ...HOME_CATEGORIES] as const;

/**
 * The home hero (spec §2 Home): a search box and category chips; 800 ms after the last change it navigates to
 * /listings with the query, only when text or a non-All category is set. The stats are static text.
 */
export function HomeHero() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>('All');
  const navigate = useNavigate();
  const id = useId();

  useEffect(() => {
    const target = heroSearchTarget(search, category);
    if (!target) return;
    const timer = setTimeout(() => navigate(target), HERO_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, category, navigate]);

  return (
    <section className="rounded-xl bg-gradient-to-br from-accent via-background to-secondary px-4 py-12 text-center sm:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">
        Your Desi Community in <span className="text-primary">Central PA</span>
      </h1>
      <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
        Find rentals, jobs, services, events and great deals from neighbours in Mechanicsburg, Harrisburg, Carlisle, Camp Hill and Enola.
      </p>
      <form role="search" className="mx-auto mt-6 max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-search`} className="sr-only">
          Search listings
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search for rentals, jobs, services..."
            className="h-12 pl-10 text-base"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </form>
      <div role="group" aria-label="Categories" className="mt-4 flex flex-wrap justify-center gap-2">
        {CHIPS.map((chip) => (
          <button
            key={chip}
            type="button"
            aria-pressed={category === chip}
            onClick={() => setCategory(chip)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer',
              category === chip ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {chip}
          </button>
        ))}
      </div>
      <ul className="mt-8 flex justify-center gap-8 text-sm text-muted-foreground sm:gap-16">
        <li>
          <strong className="block text-2xl text-foreground">500+</strong>listings
        </li>
        <li>
          <strong className="block text-2xl text-foreground">2K+</strong>members
        </li>
        <li>
          <strong className="block text-2xl text-foreground">5</strong>cities
        </li>
      </ul>
    </section>
  );
}

export default HomeHero;
