import { Link } from 'react-router';
import { Building2, MessagesSquare } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { HomeSection } from '@cp/web-core';

/**
 * The home sections whose remote is not in the registry (not deployed, or its registry entry failed): the area could
 * not be loaded — never "no posts yet", which would tell visitors the feature is empty. Their own chunk: they fill
 * slots further down the page, only when something is missing, so the first view never carries them.
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
