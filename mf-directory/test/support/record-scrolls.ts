/**
 * jsdom has no layout: records the id of each element the page asks to scroll into view, in `scrolled`, until `stop()`
 * takes the recorder away again.
 */
export function recordScrolls(): { scrolled: string[]; stop: () => void } {
  const scrolled: string[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element) {
      scrolled.push(this.id);
    },
  });
  return { scrolled, stop: () => void delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView };
}
