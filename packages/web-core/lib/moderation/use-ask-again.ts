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
  useEffect(() => {
    if (!user || asked.current === itemKey) return;
    asked.current = itemKey;
    void refetch();
  }, [user, itemKey, refetch]);
  return null;
}
