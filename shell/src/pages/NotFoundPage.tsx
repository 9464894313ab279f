import { RefreshCw } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { NotFoundState } from '@cp/web-core/not-found';

/** Any path nobody owns (spec §2). */
export function NotFoundPage() {
  return <NotFoundState />;
}

/** A path that may belong to a remote that failed to load. */
export function SectionUnavailablePage({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <title>Temporarily Unavailable | Central PA Desi Community</title>
      <EmptyState
        role="alert"
        headingLevel={1}
        icon={<RefreshCw />}
        title="This page is temporarily unavailable"
        description="Part of the site could not be loaded. Please try again in a moment."
        action={<Button onClick={onRetry}>Try again</Button>}
        links={[{ to: '/', label: 'Back to Home', variant: 'outline' }]}
        className="mx-auto my-8 max-w-xl"
      />
    </>
  );
}
