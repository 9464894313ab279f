/**
 * When is a server-rendered page interactive? React hydrates the root first and every Suspense boundary the server
 * completed in passes of its own afterwards (at a low priority, yielding to the browser between pieces of work), so the
 * root's commit — when a root effect runs — comes before the page's own content is React's: a visitor's tap, or a
 * test, could meet server HTML whose buttons do nothing yet. `<html data-ready>` is therefore set once no boundary of
 * the server's markup is waiting to be hydrated.
 *
 * The server marks a completed boundary `<!--$-->…<!--/$-->` and one it left to the browser `<!--$!-->`. A boundary
 * is hydrated when its last element of its own (not inside a nested boundary) is React's: React completes a
 * boundary's elements from the inside out and in order, and commits the boundary as soon as the last one is complete.
 * A boundary the browser renders itself (`$!`, or one whose hydration failed) has its server markup removed with its
 * comments. Which element is React's is read from the key React DOM puts on every node it owns (`__reactFiber$…`):
 * React's own, not a public API, the same since React 16; `test/ready.test.tsx` holds it to the React in use.
 */

/** Elements React 19 does not hydrate where they stand (hoisted to the head, or left to the browser). */
const NOT_HYDRATED_IN_PLACE = new Set(['TITLE', 'META', 'LINK', 'SCRIPT', 'STYLE', 'TEMPLATE']);

const isReacts = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/** The boundary's last element of its own: between its start comment and its end, outside nested boundaries. */
function lastOwnElement(start: Comment): Element | null {
  let depth = 0;
  let last: Element | null = null;
  for (let node = start.nextSibling; node; node = node.nextSibling) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const data = (node as Comment).data;
      if (data === '/$') {
        if (depth === 0) return last;
        depth--;
      } else if (data.startsWith('$')) depth++;
    } else if (depth === 0 && node.nodeType === Node.ELEMENT_NODE && !NOT_HYDRATED_IN_PLACE.has((node as Element).tagName)) {
      last = node as Element;
    }
  }
  return last;
}

/** How many of the server's boundaries under the given element React has not hydrated (or rendered over) yet. */
export function boundariesAwaitingHydration(container: Element): number {
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_COMMENT);
  let waiting = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = (node as Comment).data;
    if (data === '$!' || data === '$?') waiting++;
    else if (data === '$') {
      // A boundary with no element of its own (text, or only nested boundaries) has nothing to wait for itself.
      const last = lastOwnElement(node as Comment);
      if (last && !isReacts(last)) waiting++;
    }
  }
  return waiting;
}

/**
 * Sets `<html data-ready>` once React has hydrated all of the server's markup under the given element (at once for a page
 * rendered in the browser: its boundaries show their fallbacks, there is nothing inert). Call after the root's commit.
 * Returns a function that stops waiting.
 */
export function markReadyWhenHydrated(container: Element | null, checkEveryMs = 16): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (!container || boundariesAwaitingHydration(container) === 0) document.documentElement.dataset.ready = '';
    else timer = setTimeout(check, checkEveryMs);
  };
  check();
  return () => clearTimeout(timer);
}
