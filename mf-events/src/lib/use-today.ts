import { useEffect, useState } from 'react';
import { isServer, useAppStore } from '@cp/web-core';
import { dayIn } from './dates.ts';

interface StoredQuery {
  endpointName?: string;
  originalArgs?: { today?: unknown };
}

/** The `today` of a calendar answer the store already holds (the server's, handed over with the page), if any. */
export function storedToday(queries: Record<string, unknown> | undefined): string | null {
  for (const entry of Object.values(queries ?? {})) {
    const q = entry as StoredQuery | undefined;
    if ((q?.endpointName === 'getCalendar' || q?.endpointName === 'getMonth') && typeof q.originalArgs?.today === 'string') return q.originalArgs.today;
  }
  return null;
}

/**
 * Today in the site's time zone, as the page renders it. The server reads its clock; the browser's first render must
 * be the server's markup, so it takes the day the server's answers were asked for (their `today`, in the store it was
 * hydrated with) — the one fixed source both share. Without one (no server markup, or the server's query did not
 * finish: it rendered a skeleton) the first render has no day (null: a skeleton too) and the clock is read in an
 * effect. After hydration a day that has changed since (a page rendered before midnight) is read again.
 */
export function useToday(): string | null {
  const store = useAppStore();
  const [today, setToday] = useState<string | null>(
    // On the server too: its second render pass finds the day its first one asked for.
    () => storedToday((store.getState() as { api?: { queries?: Record<string, unknown> } }).api?.queries) ?? (isServer ? dayIn(Date.now()) : null),
  );
  useEffect(() => {
    // Effects run in the browser only.
    const now = dayIn(Date.now());
    if (now !== today) setToday(now);
  }, [today]);
  return today;
}
