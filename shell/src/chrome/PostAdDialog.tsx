import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { ListingCategory } from '@cp/contracts';
import { Button, EmptyState } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import { useAuth } from '@cp/web-core';
import { RemoteBoundary, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { useRemotes, useRemotesController } from '../mf/RemotesContext.tsx';
import { isPending, postAdPanelCandidates } from '../mf/remotes.ts';

export interface PostAdDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCategory?: ListingCategory;
}

/**
 * The Post Ad dialog (spec §2). Logged out: the login gate. Logged in: the panel exposed by mf-listings (`postAdPanel`
 * of its ./widgets), inside its own error boundary; that remote is loaded when the dialog opens (on the home page it
 * usually is already).
 */
export function PostAdDialog({ open, onOpenChange, initialCategory }: PostAdDialogProps) {
  const { isAuthenticated, isLoading } = useAuth();
  const controller = useRemotesController();
  const snapshot = useRemotes();
  const { postAdPanel: Panel } = snapshot;
  const panelPending = snapshot.phase === 'loading' || postAdPanelCandidates(snapshot).some((r) => isPending(r.widgetsLoad));
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  useEffect(() => {
    if (open && isAuthenticated) void controller.loadPostAdPanel();
  }, [open, isAuthenticated, controller]);

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
  } else if (panelPending) body = <SectionSkeleton label="Loading the ad form…" />;
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
