import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { loadErrorReason } from './load-error-reason.ts';

export interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  headingLevel?: 2 | 3;
}

/** The error state of a read in any app: what failed, why in plain words, and Try again. */
export function LoadError({ title, error, onRetry, headingLevel = 2 }: LoadErrorProps) {
  return (
    <EmptyState
      role="alert"
      headingLevel={headingLevel}
      icon={<AlertTriangle />}
      title={title}
      description={loadErrorReason(error)}
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
