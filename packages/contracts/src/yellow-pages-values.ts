/**
 * The Yellow Pages' plain values (spec §3, §4), without zod: the category tree and the /yellow-pages page's selection
 * in its URL. The page (mf-directory) shows the tree and reads the selection without loading the schemas; directory.ts
 * builds its schemas from these. A module of its own (not directory-values.ts): webpack keeps a module's used exports
 * wherever any page uses it, and the business cards and pages, which use the directory's review texts, do not need
 * the tree.
 */

/** The Yellow Pages tree (spec §3): main category → subcategories (empty when it has none). */
export const YELLOW_PAGES_TREE = {
  Automotive: ['Auto Dealers', 'Auto Repair'],
  'Beauty & Wellness': ['Beauty Salons', 'Spas', 'Barber Shops'],
  'Beauty Salons': [],
  'Cab Services': [],
  'Driving Schools': [],
  'Education & Learning': ['Tutoring', 'Music Lessons', 'Dance Classes', 'Language Classes'],
  'Event Management': [],
  'Food & Dining': ['Indian Restaurants', 'Catering', 'Bakeries & Desserts', 'Food Delivery'],
  Grocers: [],
  'Health & Fitness': ['Yoga & Meditation', 'Gyms', 'Wellness & Spa', 'Alternative Medicine'],
  'Home Repairs': [
    'Handyman', 'HVAC', 'Structural', 'Plumbing', 'Roofing', 'Exterior', 'Painting', 'Deck Repair', 'Lighting',
    'Appliance', 'Window Repair', 'Water Damage', 'Garage Door', 'Inspection', 'Electrical', 'Water Heater', 'Drywall', 'Flooring',
  ],
  Restaurants: [],
  Shopping: ['Grocery Stores', 'Ethnic Clothing', 'Jewelry', 'Electronics'],
  Services: [
    'Catering', 'Cleaning', 'Computer', 'Construction', 'Consulting', 'Courier', 'Day Care', 'Funeral', 'Interior Decorators',
    'Matrimonial', 'Misc Repair', 'Moving Services', 'Other Services', 'Photography/Videography', 'Printing',
    'Real Estate Services', 'Religious', 'Roofing', 'Security', 'Visa and Passport Services', 'Web Design', 'Wedding/Shadi Planners',
  ],
} as const satisfies Record<string, readonly string[]>;

export type YellowPagesMainCategory = keyof typeof YELLOW_PAGES_TREE;
export const YELLOW_PAGES_MAIN_CATEGORIES = Object.keys(YELLOW_PAGES_TREE) as [YellowPagesMainCategory, ...YellowPagesMainCategory[]];

export function isValidYellowPagesPair(main: string, sub: string | undefined | null): boolean {
  if (!Object.hasOwn(YELLOW_PAGES_TREE, main)) return false;
  if (!sub) return true;
  return (YELLOW_PAGES_TREE[main as YellowPagesMainCategory] as readonly string[]).includes(sub);
}

/** A chosen Yellow Pages category (and maybe one of its subcategories). */
export interface YellowPagesChoice {
  mainCategory: YellowPagesMainCategory;
  subCategory: string | null;
}

/**
 * The /yellow-pages page's selection, kept in its URL (`?mainCategory=…&subCategory=…`, the API's names) so a category
 * is a link: shareable, and usable before JavaScript. An unknown main category is no selection; a subcategory not of it
 * is dropped. The page (mf-directory) and its head (the renderer) read it here.
 */
export function yellowPagesChoiceOf(params: URLSearchParams): YellowPagesChoice | null {
  const main = params.get('mainCategory');
  if (!main || !isValidYellowPagesPair(main, null)) return null;
  const sub = params.get('subCategory');
  return { mainCategory: main as YellowPagesMainCategory, subCategory: sub && isValidYellowPagesPair(main, sub) ? sub : null };
}

/** The page's URL for a selection (null: the page without one). */
export function yellowPagesPath(choice: YellowPagesChoice | null): string {
  if (!choice) return '/yellow-pages';
  const query = new URLSearchParams({ mainCategory: choice.mainCategory });
  if (choice.subCategory) query.set('subCategory', choice.subCategory);
  return `/yellow-pages?${query.toString()}`;
}
