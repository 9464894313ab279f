import { Suspense, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState, LoadingState } from '@cp/ui';
import { ErrorBoundary } from '@cp/web-core';

const SECTION_BARS = ['h-6 w-1/3', 'h-4 w-2/3', 'h-32 w-full'];

/** A section's (a remote's page, a home slot's, a dialog's body) place while it loads: a heading's, a line's and a block's bars. */
export function SectionSkeleton({ label = 'Loading…', className = 'space-y-3 py-6' }: { label?: string; className?: string }) {
  return <LoadingState label={label} bars={SECTION_BARS} className={className} />;
}

export function RemoteFailure({ reset, compact = false }: { reset?: () => void; compact?: boolean }) {
  return (
    <EmptyState
      role="alert"
      headingLevel={compact ? 3 : 2}
      icon={<AlertTriangle />}
      title="This section could not be loaded"
      description="Something went wrong on our side. The rest of the site still works."
      action={
        reset ? (
          <Button variant="outline" onClick={reset}>
            Try again
          </Button>
        ) : undefined
      }
      className={compact ? 'py-8' : undefined}
    />
  );
}

/**
 * Everything a remote renders goes through this: a failure (a chunk that does not load, a component that throws)
 * stays in the remote's area, and lazy code shows a skeleton while it loads (`fallback`), or, with `fallback={null}`,
 * suspends to the caller's own Suspense boundary.
 */
export function RemoteBoundary({ children, resetKey, compact, fallback }: { children: ReactNode; resetKey?: unknown; compact?: boolean; fallback?: ReactNode }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={({ reset }) => <RemoteFailure reset={reset} compact={compact ?? false} />} onError={(error) => console.error('A microfrontend failed while rendering', error)}>
      {fallback === null ? children : <Suspense fallback={fallback ?? <SectionSkeleton />}>{children}</Suspense>}
    </ErrorBoundary>
  );
}
