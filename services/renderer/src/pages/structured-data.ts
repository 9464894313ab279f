import { eventStart, eventStartText, type Business, type ForumPost, type Listing } from '@cp/contracts';
import { absoluteUrl, type SiteInfo } from './head.ts';

/**
 * schema.org data for a page, only with what Google's rich results require: a type whose required fields the entity
 * lacks gets no data at all (a JobPosting without its organisation would be an error in Search Console).
 */
type Doc = Record<string, unknown>;

function images(listing: Listing, site: SiteInfo): string[] {
  return listing.imageUrls.slice(0, 5).map((u) => absoluteUrl(site, u));
}

export function listingJsonLd(listing: Listing, site: SiteInfo, url: string): Doc[] {
  const image = images(listing, site);
  switch (listing.category) {
    case 'Buy & Sell':
    case 'Home Rentals': {
      if (typeof listing.price !== 'number') return [];
      return [
        {
          '@type': 'Product',
          name: listing.title,
          description: listing.description,
          ...(image.length ? { image } : {}),
          url,
          offers: {
            '@type': 'Offer',
            price: listing.price,
            priceCurrency: 'USD',
            availability: listing.status === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
            url,
          },
        },
      ];
    }
    case 'Jobs': {
      // JobPosting's required fields: title, description, datePosted, hiringOrganization, jobLocation. The
      // organisation is the job listing's employer; without one there is no JobPosting. No validThrough: a listing
      // has no closing date.
      const organisation = listing.employer?.trim();
      if (!organisation || !listing.title.trim() || !listing.description.trim() || !listing.location.trim()) return [];
      return [
        {
          '@type': 'JobPosting',
          title: listing.title,
          description: listing.description,
          datePosted: listing.createdAt,
          hiringOrganization: { '@type': 'Organization', name: organisation },
          jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: cityOf(listing.location), addressRegion: 'PA', addressCountry: 'US' } },
          url,
        },
      ];
    }
    case 'Events': {
      // Event's required fields: name, startDate (with the site's UTC offset, or the day alone when the time cannot
      // be read: never a guessed time) and location.
      const start = eventStart(listing.eventDate, listing.eventTime);
      if (!start) return [];
      const place = listing.venue?.trim() || listing.location;
      return [
        {
          '@type': 'Event',
          name: listing.title,
          description: listing.description,
          startDate: eventStartText(start),
          eventStatus: 'https://schema.org/EventScheduled',
          eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
          location: { '@type': 'Place', name: place, address: { '@type': 'PostalAddress', addressLocality: cityOf(listing.location), addressRegion: 'PA', addressCountry: 'US' } },
          ...(listing.organizer?.trim() ? { organizer: { '@type': 'Organization', name: listing.organizer.trim() } } : {}),
          ...(image.length ? { image } : {}),
          // A ticket price when there is one (a free event has none: "free" is not an Offer Google asks for).
          ...(listing.price && listing.price > 0
            ? { offers: { '@type': 'Offer', price: listing.price, priceCurrency: 'USD', availability: listing.status === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut', url } }
            : {}),
          url,
        },
      ];
    }
    default:
      return [];
  }
}

/** "Camp Hill PA" → "Camp Hill" (the listings' locations are Central PA towns). */
const cityOf = (location: string) => location.replace(/\s+PA$/, '').trim() || location;

export function forumPostJsonLd(post: ForumPost, url: string): Doc[] {
  return [
    {
      '@type': 'DiscussionForumPosting',
      headline: post.title,
      text: post.content,
      url,
      datePublished: post.createdAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: post.username },
      commentCount: post.replyCount,
      interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: post.replyCount },
    },
  ];
}

export function businessJsonLd(business: Business, url: string): Doc[] {
  return [
    {
      '@type': 'LocalBusiness',
      name: business.name,
      description: business.description,
      url,
      address: { '@type': 'PostalAddress', streetAddress: business.address, addressRegion: 'PA', addressCountry: 'US' },
      telephone: business.phone,
      ...(business.email ? { email: business.email } : {}),
      ...(business.website ? { sameAs: [business.website] } : {}),
      ...(business.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: Math.round(business.rating * 10) / 10, reviewCount: business.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
    },
  ];
}

export function websiteJsonLd(site: SiteInfo): Doc[] {
  return [
    {
      '@type': 'WebSite',
      name: site.siteName,
      url: absoluteUrl(site, '/'),
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(site, '/search')}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
