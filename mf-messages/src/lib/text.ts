/**
 * A message is plain text (issue 23 §6): shown as React text nodes, never as HTML. Only http(s) addresses become links
 * (with rel="noopener noreferrer nofollow ugc"); everything else — markup, `javascript:` or `data:` addresses, e-mail
 * addresses — stays literal text.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** A candidate address: http:// or https:// up to the next blank or angle bracket or quote. */
const ADDRESS = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence, not an address ("see https://x.test/a." → the link is https://x.test/a). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The address as a link target, or null when it is not a valid http(s) URL with a host. */
function linkTarget(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The text cut into literal parts and http(s) links, in order; joined, the parts' texts are the text. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (value: string) => {
    if (value === '') return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    // Only at a word start: "xhttps://a.test" is text.
    if (start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1]!)) continue;
    const address = match[0].replace(TRAILING, '');
    const href = linkTarget(address);
    if (href === null) continue;
    push(text.slice(last, start));
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  push(text.slice(last));
  return parts;
}
