import { parse } from 'parse5';

/** What a link previewer or a crawler reads from a document's head, parsed by a real HTML parser (parse5). */
export interface ParsedHead {
  title: string | undefined;
  /** meta name=… and property=… → content (the first of each). */
  meta: Record<string, string>;
  canonical: string | undefined;
  /** Each application/ld+json script, parsed as JSON. */
  jsonLd: Array<Record<string, unknown>>;
  /** Elements that are not in <head> once parsed (a head that breaks out of it). */
  bodyElements: string[];
  /** Every <script> that is not application/ld+json or application/json. */
  executableScripts: number;
}

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  value?: string;
  content?: Node;
}

const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;
const text = (n: Node): string => (n.childNodes ?? []).map((c) => (c.nodeName === '#text' ? (c.value ?? '') : text(c))).join('');
const elements = (n: Node): Node[] => (n.childNodes ?? []).filter((c) => c.tagName !== undefined);

/** Parses `document` (a whole page) or, given a head's markup only, that head inside an empty page. */
export function parseHead(markup: string, opts: { fragment?: boolean } = {}): ParsedHead {
  const doc = parse(opts.fragment ? `<!doctype html><html><head>${markup}</head><body></body></html>` : markup) as unknown as Node;
  const html = elements(doc).find((n) => n.tagName === 'html')!;
  const head = elements(html).find((n) => n.tagName === 'head')!;
  const body = elements(html).find((n) => n.tagName === 'body');
  const out: ParsedHead = { title: undefined, meta: {}, canonical: undefined, jsonLd: [], bodyElements: [], executableScripts: 0 };
  for (const el of elements(head)) {
    if (el.tagName === 'title' && out.title === undefined) out.title = text(el);
    if (el.tagName === 'meta') {
      const key = attr(el, 'name') ?? attr(el, 'property');
      const content = attr(el, 'content');
      if (key && content !== undefined && !(key in out.meta)) out.meta[key] = content;
    }
    if (el.tagName === 'link' && attr(el, 'rel') === 'canonical' && out.canonical === undefined) out.canonical = attr(el, 'href');
    if (el.tagName === 'script') {
      const type = attr(el, 'type');
      if (type === 'application/ld+json') out.jsonLd.push(JSON.parse(text(el)) as Record<string, unknown>);
      else if (type !== 'application/json') out.executableScripts++;
    }
  }
  if (opts.fragment && body) out.bodyElements = elements(body).map((n) => n.tagName!);
  return out;
}
