import type { ReactNode } from 'react';
import { Building2, MessagesSquare } from 'lucide-react';
import { EmptyState, type EmptyStateLink } from '@cp/ui';
import { HomeSection } from '@cp/web-core';

/**
 * The home sections whose remote is not in the registry (not deployed, or its registry entry failed): the area could
 * not be loaded — never "no posts yet", which would tell visitors the feature is empty. Their own chunk: they fill
 * slots further down the page, only when something is missing, so the first view never carries them.
 */
function Unavailable(props: { id: string; section: string; icon: ReactNode; title: string; description: string; link: EmptyStateLink }) {
  return (
    <HomeSection id={props.id} title={props.section}>
      <EmptyState headingLevel={3} icon={props.icon} title={props.title} description={props.description} links={[props.link]} />
    </HomeSection>
  );
}

export const ForumUnavailable = () => (
  <Unavailable
    id="home-forum"
    section="Community Forum"
    icon={<MessagesSquare />}
    title="The forum could not be loaded"
    description="Community posts are not available right now. Please try again later."
    link={{ to: '/forum', label: 'Visit the Forum', variant: 'outline' }}
  />
);

export const BusinessesUnavailable = () => (
  <Unavailable
    id="home-businesses"
    section="Featured Businesses"
    icon={<Building2 />}
    title="Featured businesses could not be loaded"
    description="The business directory is not available right now. Please try again later."
    link={{ to: '/businesses', label: 'Browse Businesses', variant: 'outline' }}
  />
);
