import { Link } from 'react-router';
import { Building2, MessagesSquare } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { HomeSection } from '@cp/web-core';
import { SITE_NAME } from '../site.ts';

export function DefaultHero() {
  return (
    <section className="rounded-xl bg-gradient-to-br from-accent to-background px-6 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{SITE_NAME}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
        Buy, sell, rent, find services and events, and connect with the Indian community in Mechanicsburg, Harrisburg, Carlisle, Camp Hill and
        Enola.
      </p>
      <ul className="mt-6 flex justify-center gap-8 text-sm">
        <li><strong className="block text-2xl text-primary">500+</strong> listings</li>
        <li><strong className="block text-2xl text-primary">2K+</strong> members</li>
        <li><strong className="block text-2xl text-primary">5</strong> cities</li>
      </ul>
    </section>
  );
}

/**
 * The home sections whose remote is not in the registry (not deployed, or its registry entry failed): the area could
 * not be loaded — never "no posts yet", which would tell visitors the feature is empty.
 */
export function ForumUnavailable() {
  return (
    <HomeSection id="home-forum" title="Community Forum">
      <EmptyState
        headingLevel={3}
        icon={<MessagesSquare />}
        title="The forum could not be loaded"
        description="Community posts are not available right now. Please try again later."
        action={
          <Button asChild variant="outline">
            <Link to="/forum">Visit the Forum</Link>
          </Button>
        }
      />
    </HomeSection>
  );
}

export function BusinessesUnavailable() {
  return (
    <HomeSection id="home-businesses" title="Featured Businesses">
      <EmptyState
        headingLevel={3}
        icon={<Building2 />}
        title="Featured businesses could not be loaded"
        description="The business directory is not available right now. Please try again later."
        action={
          <Button asChild variant="outline">
            <Link to="/businesses">Browse Businesses</Link>
          </Button>
        }
      />
    </HomeSection>
  );
}
