import { useEffect, useRef } from 'react';
// The page's one session (the shared singleton), not a relative import: each remote bundles this module.
import { useAuth } from '@cp/web-core';

/**
 * A page's data comes from the server's render, which is made for nobody (issue 20): an item hidden pending review
 * (issue 21) is not found there, yet its author still gets it. Rendered in a page's not-found state, this asks again
 * (`refetch`) once the session says someone is signed in, once per `itemKey` (the item's id). A component rather than
 * a hook in the page: the session's answer re-renders only it, never a page that is still hydrating.
 */
export function AskAgainWhenSignedIn({ itemKey, refetch }: { itemKey: string; refetch: () => unknown }): null {
  const { user } = useAuth();
  const asked = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!user || asked.current === itemKey) return;
    asked.current = itemKey;
    // Once this commit's effects are done: the list or page that renders this subscribes to its query in its own
    // effect, which runs after this child's; a refetch before that throws ("not started yet"). A list shown from the
    // cache at once (a dialog opened again) would otherwise fail its whole section.
    setTimeout(() => {
      if (!mounted.current) return;
      try {
        void refetch();
      } catch {
        // Not subscribed (gone meanwhile): nothing to ask again.
      }
    }, 0);
  }, [user, itemKey, refetch]);
  return null;
}
