import { Compass } from 'lucide-react';
import { EmptyState, type EmptyStateLink } from '@cp/ui';
import { PAGE_NOT_FOUND } from '@cp/contracts';

/**
 * The site's not-found content (spec §2: any path nobody owns shows '404 Page Not Found', the contracts'
 * PAGE_NOT_FOUND, which the renderer's head also uses): the shell's 404 page, and a remote's page whose item does not
 * exist or whose link names none. `links` come before Back to Home, which is then
 * the quieter of the ways on.
 */
export function NotFoundState({ links = [] }: { links?: readonly EmptyStateLink[] }) {
  return (
    <>
      <title>{`${PAGE_NOT_FOUND} | Central PA Desi Community`}</title>
      <EmptyState
        headingLevel={1}
        icon={<Compass />}
        title={PAGE_NOT_FOUND}
        description="The page you are looking for does not exist or has been moved."
        links={[...links, { to: '/', label: 'Back to Home', variant: links.length > 0 ? 'outline' : 'default' }]}
        className="mx-auto my-8 max-w-xl"
      />
    </>
  );
}
