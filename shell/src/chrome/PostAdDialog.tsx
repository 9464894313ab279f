import { useNavigate } from 'react-router';
import type { ListingCategory } from '@cp/contracts';
import { Button, EmptyState } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import { useAuth } from '@cp/web-core';
import { RemoteBoundary, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { useRemotes } from '../mf/RemotesContext.tsx';

export interface PostAdDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCategory?: ListingCategory;
}

/**
 * The Post Ad dialog (spec §2). Logged out: the login gate. Logged in: the panel exposed by mf-listings (`postAdPanel`
 * of its ./widgets), inside its own error boundary.
 */
export function PostAdDialog({ open, onOpenChange, initialCategory }: PostAdDialogProps) {
  const { isAuthenticated, isLoading } = useAuth();
  const { postAdPanel: Panel, phase } = useRemotes();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);

  let body;
  if (isLoading) body = <SectionSkeleton label="Checking your session…" />;
  else if (!isAuthenticated) {
    body = (
      <div className="space-y-4 py-2 text-center">
        <p>You need to be logged in to post an ad</p>
        <Button
          onClick={() => {
            close();
            navigate('/auth');
          }}
        >
          Login to Continue
        </Button>
      </div>
    );
  } else if (Panel) {
    body = (
      <RemoteBoundary compact>
        <Panel onDone={close} {...(initialCategory ? { initialCategory } : {})} />
      </RemoteBoundary>
    );
  } else if (phase === 'loading') body = <SectionSkeleton label="Loading the ad form…" />;
  else body = <EmptyState headingLevel={3} title="Posting is unavailable right now" description="Please try again in a few minutes." />;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Post an Ad</DialogTitle>
          <DialogDescription>Reach the Central PA Desi community for free.</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
