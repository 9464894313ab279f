import { Link } from 'react-router';
import { Button, EmptyState } from '@cp/ui';

/** Last resort when the chrome itself fails: a plain page with a way home. */
export function RouteError() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <EmptyState
        role="alert"
        title="Something went wrong"
        description="Please reload the page. If it keeps happening, contact us."
        action={
          <Button asChild>
            <a href="/">Back to Home</a>
          </Button>
        }
      />
      <p className="sr-only">
        <Link to="/">Home</Link>
      </p>
    </main>
  );
}
