import { ContentHidden, ContentRemoved, ContentRestored, UserBanned, UserUnbanned } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { removeListing, setAuthorBanned, setListingHidden } from '../use-cases/apply-moderation.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const MODERATION_DURABLE = 'listings-moderation';

/**
 * The moderation service's decisions (its stream, EVENTS_MODERATION), applied to listings: content hidden / restored
 * (kind `listing`) set / clear the listing's `hidden` flag, content removed deletes it through the delete path, a user
 * banned / unbanned sets / clears `authorBanned` on all their listings. Events of other kinds are not ours and are
 * acknowledged without effect. A durable consumer of the kit (processed records: each event once across replicas).
 * Declared in main (the kit makes sure the stream exists: whoever starts first makes it).
 */
export const moderationConsumer = defineConsumer<ListingsDeps>({
  source: 'moderation',
  durable: MODERATION_DURABLE,
  handlers: (deps) => [
    on(ContentHidden, async (event, { session }) => {
      if (event.data.kind === 'listing') await setListingHidden(deps, event.data.itemId, true, session);
    }),
    on(ContentRestored, async (event, { session }) => {
      if (event.data.kind === 'listing') await setListingHidden(deps, event.data.itemId, false, session);
    }),
    on(ContentRemoved, async (event, { session }) => {
      if (event.data.kind === 'listing') await removeListing(deps, event.data.itemId, session);
    }),
    on(UserBanned, async (event, { session }) => setAuthorBanned(deps, event.data.userId, true, session)),
    on(UserUnbanned, async (event, { session }) => setAuthorBanned(deps, event.data.userId, false, session)),
  ],
});
