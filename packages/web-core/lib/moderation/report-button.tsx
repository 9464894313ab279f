import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Flag } from 'lucide-react';
import type { ReportKind } from '@cp/contracts';
import { Button, cn, toast } from '@cp/ui';
// The page's one session (the shared singleton), not a relative import: each remote bundles this module.
import { useAuth } from '@cp/web-core';
import type { ReportDialogProps } from './report-dialog.tsx';

/** How the Report button and its dialog name each kind of content ("Report this listing"). */
export const REPORT_KIND_NOUNS: Record<ReportKind, string> = {
  listing: 'listing',
  'forum-post': 'post',
  'forum-reply': 'reply',
  review: 'review',
  business: 'business',
  conversation: 'conversation',
};

/**
 * The Report button (issue 21 §1). Only it sits on a page: the dialog, its Radix layers and its API call load on the
 * first press, or when the pointer or the focus reaches the button.
 */

let loaded: ComponentType<ReportDialogProps> | undefined;
let pending: Promise<ComponentType<ReportDialogProps>> | undefined;

/** The report dialog's module, loaded once for the page (a failure lets a later press try again). */
export function loadReportDialog(): Promise<ComponentType<ReportDialogProps>> {
  pending ??= import('./report-dialog.tsx').then(
    (module) => (loaded = module.ReportDialog),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

export interface ReportButtonProps {
  kind: ReportKind;
  itemId: string;
  /** The content's author: the button is not shown to them. */
  authorId: string | null | undefined;
  /** Said after "Report this reply" to tell several apart, e.g. "by priya". */
  context?: string;
  className?: string;
}

/**
 * A small "Report" button (a flag and the word; its name "Report this listing"). Opens the report dialog; signed out,
 * the dialog is the site's login prompt. Never shown on the viewer's own content; shown while the session loads (the
 * server's markup and the first render are the same for everyone).
 */
export function ReportButton({ kind, itemId, authorId, context, className }: ReportButtonProps) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<ReportDialogProps> | undefined>(() => loaded);
  const button = useRef<HTMLButtonElement>(null);
  // Hidden from the author only once mounted: the first render is the server's markup whatever the store holds by
  // then (a lazy page can hydrate after the session answered).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (mounted && user && authorId && user.id === authorId) return null;
  const noun = REPORT_KIND_NOUNS[kind];

  const preload = () => void loadReportDialog().catch(() => undefined);
  const onClick = () => {
    if (Dialog) {
      setOpen(true);
      return;
    }
    loadReportDialog().then(
      (component) => {
        setDialog(() => component);
        setOpen(true);
      },
      (error: unknown) => {
        console.error('The report form could not be loaded', error);
        toast({ title: 'Error', description: 'The report form could not be loaded. Please check your connection and try again.', variant: 'destructive' });
      },
    );
  };

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className={cn('text-muted-foreground', className)}
        aria-label={`Report this ${noun}${context ? ` ${context}` : ''}`}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={onClick}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      {Dialog ? (
        <Dialog
          kind={kind}
          itemId={itemId}
          title={`Report this ${noun}`}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
