import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { errorMessage } from '@cp/web-core';

/** The error state of a directory read: what failed, and a retry. */
export function LoadError({ error, onRetry, title = 'Businesses could not be loaded', headingLevel = 2 }: { error: unknown; onRetry: () => void; title?: string; headingLevel?: 2 | 3 }) {
  return (
    <EmptyState
      role="alert"
      headingLevel={headingLevel}
      icon={<AlertTriangle />}
      title={title}
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
