import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { createDeferredPart, Input } from '@cp/ui';
import { QUERY_TEXT_MAX } from '@cp/contracts';
import type { SearchComboboxProps } from '../search/SearchCombobox.tsx';
import { resultsUrl } from '../search/suggestions.ts';

// Until the pointer or the focus reaches it, the box is a bare input in a search form (Enter goes to /search); then
// the suggestions' code loads and takes its place (issue 15; the home page's budget, shell/README.md). A text input in
// a search landmark, not type=search: the page's own search boxes (home hero, /listings filters) stay its searchboxes.
const SearchCombobox = createDeferredPart<SearchComboboxProps>(() => import('../search/SearchCombobox.tsx').then((m) => m.SearchCombobox), { openOnPress: false });

/** The site-wide search box (header on wide screens, the mobile menu on small ones): listings, businesses, posts. */
export function HeaderSearch({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const go = (to: string) => {
    setValue('');
    onNavigate?.();
    navigate(to);
  };
  return (
    <form
      role="search"
      action="/search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) go(resultsUrl(value));
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search listings, businesses and forum posts
      </label>
      <SearchCombobox
        value={value}
        onValueChange={setValue}
        onGo={go}
        trigger={<Input id={id} type="text" enterKeyHint="search" name="q" autoComplete="off" maxLength={QUERY_TEXT_MAX} placeholder="Search…" className="h-9" value={value} onChange={(e) => setValue(e.target.value)} />}
      />
    </form>
  );
}
