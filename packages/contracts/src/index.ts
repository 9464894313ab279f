export * from './common.ts';
export * from './lists.ts';
export * from './constants.ts';
export * from './identity.ts';
export * from './listing-values.ts';
export * from './listing-details.ts';
export * from './event-time.ts';
// Issue 22's lifecycle values live in their own module, so a page that needs only listing-values (home's widgets) does
// not carry them: webpack keeps a module's used exports wherever any page uses them.
export * from './listing-lifecycle-values.ts';
export * from './contact-preference.ts';
export * from './listings.ts';
export * from './listing-filters.ts';
export * from './listing-lifecycle.ts';
export * from './saved-listing-values.ts';
export * from './saved-listings.ts';
export * from './saved-search-values.ts';
export * from './saved-searches.ts';
export * from './forum-values.ts';
export * from './forum.ts';
// The Yellow Pages tree and the page's selection, apart from the directory's schemas (so /yellow-pages loads no zod)
// and from its review texts (so the business pages and cards do not carry the tree).
export * from './yellow-pages-values.ts';
export * from './directory.ts';
export * from './ads.ts';
export * from './visitor.ts';
export * from './comms.ts';
export * from './notices.ts';
export * from './demo-accounts.ts';
export * from './mf-metadata.ts';
export * from './header-links.ts';
export * from './microfrontends.ts';
export * from './site-settings.ts';
export * from './search-values.ts';
export * from './search.ts';
export * from './moderation.ts';
export * from './messages.ts';
export * from './events/envelope.ts';
export * from './events/catalog.ts';
export * from './page-head.ts';
export * from './public-routes.ts';
export * from './deployables.ts';
export * from './releases.ts';
export * from './operations.ts';
