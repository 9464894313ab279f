import { Link } from 'react-router';
import { Compass, RefreshCw } from 'lucide-react';
import { Button } from '@cp/ui';

/** Any path nobody owns (spec §2). */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>404 Page Not Found | Central PA Desi Community</title>
      <Compass className="mx-auto h-12 w-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Button asChild className="mt-6">
        <Link to="/">Back to Home</Link>
      </Button>
    </section>
  );
}

/** A path that may belong to a remote that failed to load. */
export function SectionUnavailablePage({ onRetry }: { onRetry: () => void }) {
  return (
    <section role="alert" className="mx-auto max-w-xl py-16 text-center">
      <title>Temporarily Unavailable | Central PA Desi Community</title>
      <RefreshCw className="mx-auto h-12 w-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">This page is temporarily unavailable</h1>
      <p className="mt-3 text-muted-foreground">Part of the site could not be loaded. Please try again in a moment.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </section>
  );
}
