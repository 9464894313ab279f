/**
 * Walks a cursor list (issue 24 §2) from `path` over HTTP, page after page, until `nextCursor` is null; each page is
 * parsed by its contract. Used by the services' paging tests: the ids come back in the order the pages gave them.
 */
export async function walkPages(
  base: string,
  path: string,
  parse: (body: unknown) => { items: Array<{ id: string }>; nextCursor: string | null },
  headers: Record<string, string> = {},
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url = new URL(path, base);
    if (cursor) url.searchParams.set('cursor', cursor);
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url.pathname}${url.search}: ${res.status} ${await res.text()}`);
    const page = parse(await res.json());
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
    pages += 1;
    if (pages > 10_000) throw new Error('the cursor never ends');
  } while (cursor);
  return { ids, pages };
}
