import { z } from 'zod';
import { HttpUrlSchema, IdSchema, ImageUrlSchema, IsoDateTimeSchema, LIMITS } from './common.ts';

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
export const YellowPagesMainCategorySchema = z.enum(YELLOW_PAGES_MAIN_CATEGORIES, { error: 'Please select a main category' });

export function isValidYellowPagesPair(main: string, sub: string | undefined | null): boolean {
  if (!(main in YELLOW_PAGES_TREE)) return false;
  if (!sub) return true;
  return (YELLOW_PAGES_TREE[main as YellowPagesMainCategory] as readonly string[]).includes(sub);
}

/** businesses (spec §3). */
export const BusinessSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  name: z.string(),
  category: z.string(),
  mainCategory: z.string().nullable().optional(),
  subCategory: z.string().nullable().optional(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  logoUrl: z.string().nullable().optional(),
  rating: z.number().min(0).max(5).default(0),
  reviewCount: z.number().int().nonnegative().default(0),
  verified: z.boolean().default(false),
  premium: z.boolean().default(false),
  createdAt: IsoDateTimeSchema,
});
export type Business = z.infer<typeof BusinessSchema>;

/** Business insert (spec §5): omits id, userId, rating, reviewCount, verified, createdAt. */
export const BusinessInsertSchema = z
  .object({
    name: z.string().trim().min(1, 'Business name is required').max(LIMITS.titleMax),
    category: z.string().trim().min(1).max(LIMITS.titleMax).optional(),
    mainCategory: YellowPagesMainCategorySchema,
    subCategory: z.string().trim().max(LIMITS.titleMax).optional(),
    description: z.string().trim().min(1, 'Description is required').max(LIMITS.descriptionMax),
    address: z.string().trim().min(1, 'Address is required').max(LIMITS.shortTextMax),
    phone: z.string().trim().min(1, 'Phone is required').max(LIMITS.phoneMax),
    email: z.union([z.literal(''), z.email('Invalid email address').max(LIMITS.emailMax)]).optional(),
    website: z.union([z.literal(''), HttpUrlSchema]).optional(),
    logoUrl: z.union([z.literal(''), ImageUrlSchema]).optional(),
    premium: z.boolean().default(false),
  })
  .strict()
  .refine((b) => isValidYellowPagesPair(b.mainCategory, b.subCategory), { message: 'Subcategory does not belong to the main category', path: ['subCategory'] })
  // The form sets category to the main category when it changes (spec §5).
  .transform((b) => ({ ...b, category: b.category ?? b.mainCategory }));
export type BusinessInsert = z.input<typeof BusinessInsertSchema>;

/** GET /api/yellow-pages query. */
export const YellowPagesQuerySchema = z
  .object({ mainCategory: YellowPagesMainCategorySchema, subCategory: z.string().trim().max(LIMITS.titleMax).optional() })
  .strict();

/** business_reviews (spec §3). */
export const BusinessReviewSchema = z.object({
  id: IdSchema,
  businessId: IdSchema,
  userId: IdSchema,
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable().optional(),
  createdAt: IsoDateTimeSchema,
});
/** Review insert: omits id and timestamps (businessId from the path, userId from the session). */
export const BusinessReviewInsertSchema = z
  .object({ rating: z.number().int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'), comment: z.string().trim().max(2000).optional() })
  .strict();
