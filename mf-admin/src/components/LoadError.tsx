import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { errorMessage } from '@cp/web-core';

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <EmptyState
      role="alert"
      headingLevel={3}
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
