import { cloneElement, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import { SEARCH_HIT_TYPE_NAMES, SUGGEST_MIN_CHARS, type SearchHit } from '@cp/contracts';
import { cn, type DeferredPartProps } from '@cp/ui';
import { useAppDispatch } from '@cp/web-core';
import { suggestApi } from './suggest-api.ts';
import { groupHits, resultsUrl, SUGGEST_DEBOUNCE_MS } from './suggestions.ts';

export interface SearchComboboxProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Go to a site path (a suggestion, or the results page). */
  onGo: (to: string) => void;
}

type Suggestions = { q: string; hits: SearchHit[]; status: 'idle' | 'loading' | 'done' | 'error' };
const IDLE: Suggestions = { q: '', hits: [], status: 'idle' };

/**
 * The suggestions of the words, asked SUGGEST_DEBOUNCE_MS after the last key; a request the words have moved past is
 * aborted. While a new answer comes, the last one stays on screen.
 */
function useSuggestions(value: string): Suggestions {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<Suggestions>(IDLE);
  const q = value.trim();
  useEffect(() => {
    if (q.length < SUGGEST_MIN_CHARS) {
      setState(IDLE);
      return;
    }
    let current = true;
    let request: { abort: () => void } | undefined;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'loading' }));
      const pending = dispatch(suggestApi.endpoints.suggest.initiate(q, { subscribe: false }));
      request = pending;
      void pending.then((result) => {
        if (!current) return;
        setState(result.data ? { q, hits: result.data.items, status: 'done' } : { q, hits: [], status: 'error' });
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      request?.abort();
    };
  }, [q, dispatch]);
  return state;
}


const modified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The header search with suggestions (WAI-ARIA combobox with a listbox popup): typing shows the best hits grouped as
 * Listings, Businesses and Forum posts, then "All results"; ArrowDown/ArrowUp move through them, Enter opens the chosen
 * one (without one, the form goes to the results page), Escape closes the list. Every suggestion is a link to its page.
 * Loaded on intent by HeaderSearch (createDeferredPart), whose bare input it takes over (`trigger`).
 */
export function SearchCombobox({ trigger, autoFocus, value, onValueChange, onGo }: SearchComboboxProps & DeferredPartProps) {
  const ref = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value);
  const q = value.trim();

  useEffect(() => {
    const input = ref.current;
    if (autoFocus && input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }, []);

  const groups = groupHits(suggestions.hits);
  const options = [...groups.flatMap((g) => g.hits.map((hit) => ({ url: hit.url }))), { url: resultsUrl(q) }];
  const shown = open && q.length >= SUGGEST_MIN_CHARS && suggestions.status !== 'idle';
  const optionId = (index: number) => `${listId}-${index}`;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (url: string) => {
    close();
    onGo(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (q.length < SUGGEST_MIN_CHARS) return;
      setOpen(true);
      const n = options.length;
      setActive((a) => (event.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (event.key === 'Enter' && shown && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active].url);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      close();
    }
  };

  let index = 0;
  const option = (url: string, content: ReactElement | string, key: string) => {
    const i = index++;
    return (
      <a
        key={key}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        href={url}
        tabIndex={-1}
        onClick={(event) => {
          if (modified(event)) return;
          event.preventDefault();
          go(url);
        }}
        onMouseMove={() => setActive(i)}
        className={cn('block cursor-pointer rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-accent text-accent-foreground')}
      >
        {content}
      </a>
    );
  };

  const count = suggestions.hits.length;
  return (
    <div className="relative">
      {cloneElement(trigger as ReactElement<Record<string, unknown>>, {
        ref,
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': shown,
        'aria-controls': shown ? listId : undefined,
        'aria-activedescendant': shown && active >= 0 ? optionId(active) : undefined,
        onChange: (event: { target: { value: string } }) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        },
        onKeyDown,
        onBlur: close,
        onFocus: () => setOpen(true),
      })}
      <span role="status" className="sr-only">
        {shown && suggestions.status === 'done' ? (count === 0 ? 'No suggestions' : `${count} ${count === 1 ? 'suggestion' : 'suggestions'}`) : ''}
      </span>
      {shown ? (
        <div
          // A press in the list must not blur the box (the blur would close the list before the click lands).
          onMouseDown={(event) => event.preventDefault()}
          className="absolute left-0 top-full z-50 mt-1 w-full min-w-72 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <div id={listId} role="listbox" aria-label="Suggestions">
            {groups.map((group) => (
              <div key={group.type} role="group" aria-label={SEARCH_HIT_TYPE_NAMES[group.type].plural}>
                <div aria-hidden="true" className="px-2 pb-1 pt-2 text-xs font-semibold uppercase text-muted-foreground">
                  {SEARCH_HIT_TYPE_NAMES[group.type].plural}
                </div>
                {group.hits.map((hit) =>
                  option(
                    hit.url,
                    <>
                      <span className="block truncate font-medium">{hit.title}</span>
                      <span aria-hidden="true" className="block truncate text-xs text-muted-foreground">
                        {hit.snippet}
                      </span>
                    </>,
                    `${hit.type}-${hit.id}`,
                  ),
                )}
              </div>
            ))}
            {option(resultsUrl(q), `All results for “${q}”`, 'all')}
          </div>
          {suggestions.status === 'error' ? <p className="px-2 py-1.5 text-xs text-muted-foreground">Suggestions are unavailable right now.</p> : null}
        </div>
      ) : null}
    </div>
  );
}
