import { YELLOW_PAGES_MAIN_CATEGORIES, YELLOW_PAGES_TREE, yellowPagesChoiceOf, yellowPagesPath, type YellowPagesMainCategory } from '@cp/contracts';

// The Yellow Pages tree and its selection are the contracts' plain values (directory-values.ts, no zod): the page that
// shows them loads no validation library.

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** The main categories grouped by their first letter, in tree order. */
export function categoriesByLetter(categories: readonly string[] = YELLOW_PAGES_MAIN_CATEGORIES): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const c of categories) {
    const letter = c[0]!.toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), c]);
  }
  return groups;
}

/** The A–Z index: a letter is enabled only when some main category starts with it (spec §2 Yellow Pages). */
export function letterIndex(categories: readonly string[] = YELLOW_PAGES_MAIN_CATEGORIES): Array<{ letter: string; enabled: boolean }> {
  const groups = categoriesByLetter(categories);
  return LETTERS.map((letter) => ({ letter, enabled: groups.has(letter) }));
}

export function subcategoriesOf(main: string | null | undefined): readonly string[] {
  return main && Object.hasOwn(YELLOW_PAGES_TREE, main) ? YELLOW_PAGES_TREE[main as YellowPagesMainCategory] : [];
}

export interface YellowPagesSelection {
  mainCategory: YellowPagesMainCategory | null;
  subCategory: string | null;
}

export const NO_SELECTION: YellowPagesSelection = { mainCategory: null, subCategory: null };

/** The selection in the page's URL (the contracts' yellowPagesChoiceOf: the renderer reads the same for the head). */
export function selectionFromSearch(params: URLSearchParams): YellowPagesSelection {
  return yellowPagesChoiceOf(params) ?? NO_SELECTION;
}

/** The page's URL for a selection. */
export function selectionHref(selection: YellowPagesSelection): string {
  return yellowPagesPath(selection.mainCategory ? { mainCategory: selection.mainCategory, subCategory: selection.subCategory } : null);
}

/** The query of GET /api/yellow-pages: only once a main category is chosen (spec §7); null means "do not fetch". */
export function yellowPagesArgs(selection: YellowPagesSelection): { mainCategory: string; subCategory?: string } | null {
  if (!selection.mainCategory) return null;
  return selection.subCategory ? { mainCategory: selection.mainCategory, subCategory: selection.subCategory } : { mainCategory: selection.mainCategory };
}
