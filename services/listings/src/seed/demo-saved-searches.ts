import { nameBasedId } from '@cp/service-kit';
import { DEMO_ACCOUNTS, SavedSearchCreateSchema } from '@cp/contracts';
import type { SavedSearchDoc } from '../data/saved-searches-repository.ts';
import { savedSearchKeys } from '../use-cases/alert-keys.ts';

/**
 * The demo's saved search (issue 22 §3): Priya wants instant alerts of rooms for rent in Mechanicsburg. Seeded with the
 * demo listings (before their events are handled), so the first `npm start` already mails her one alert — Rajesh's
 * room near Amazon — in the mail catcher, and /alerts shows it when she signs in.
 */
export function demoSavedSearches(now: Date): SavedSearchDoc[] {
  const input = SavedSearchCreateSchema.parse({ name: 'Rooms in Mechanicsburg', filters: { category: 'Home Rentals', location: 'Mechanicsburg' }, frequency: 'instant' });
  return [
    {
      _id: nameBasedId('cp-demo-saved-search:rooms-mechanicsburg'),
      userId: DEMO_ACCOUNTS.priya.id,
      name: input.name,
      filters: input.filters,
      frequency: input.frequency,
      paused: false,
      keys: savedSearchKeys(input.filters),
      createdAt: now,
      updatedAt: now,
    },
  ];
}
