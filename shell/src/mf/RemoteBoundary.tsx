import { Suspense, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState, LoadingState } from '@cp/ui';
import { ErrorBoundary } from '@cp/web-core';
import { releaseReports } from './release-beacon.ts';

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
 * suspends to the caller's own Suspense boundary. `remote` (its container name): a failure is reported for the
 * releases by percentage (release-beacon.ts). `quiet`: a failure shows nothing (a page slot's widget: an extra the
 * page is whole without).
 */
export function RemoteBoundary({
  children,
  resetKey,
  compact,
  fallback,
  remote,
  quiet = false,
}: {
  children: ReactNode;
  resetKey?: unknown;
  compact?: boolean;
  fallback?: ReactNode;
  remote?: string;
  quiet?: boolean;
}) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={({ reset }) => (quiet ? null : <RemoteFailure reset={reset} compact={compact ?? false} />)}
      onError={(error) => {
        console.error('A microfrontend failed while rendering', error);
        if (remote) releaseReports.renderFailed(remote);
      }}
    >
      {fallback === null ? children : <Suspense fallback={fallback ?? <SectionSkeleton />}>{children}</Suspense>}
    </ErrorBoundary>
  );
}
