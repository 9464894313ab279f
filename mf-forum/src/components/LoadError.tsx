import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { errorMessage } from '@cp/web-core';

/** The error state of a forum read: what failed, and a retry. */
export function LoadError({ error, onRetry, headingLevel = 2 }: { error: unknown; onRetry: () => void; headingLevel?: 2 | 3 }) {
  return (
    <EmptyState
      role="alert"
      headingLevel={headingLevel}
      icon={<AlertTriangle />}
      title="The forum could not be loaded"
      description={
        <>
          Please try again in a moment.
          <span className="mt-1 block text-xs">({errorMessage(error).slice(0, 120)})</span>
        </>
      }
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
