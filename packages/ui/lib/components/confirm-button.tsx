import type { ReactNode } from 'react';
import { createDeferredPart } from '../deferred.tsx';
import type { ConfirmProps } from './alert-dialog.tsx';
import { Button } from './button.tsx';

export type { ConfirmProps } from './alert-dialog.tsx';

// Radix's alert dialog (its layers, focus trap and scroll lock: alert-dialog.tsx) loads when a confirm button is first
// pointed at, focused or pressed, not with the page: a page that lists things (My Listings, a listing's page, a
// conversation) paints without it.
const ConfirmDialog = createDeferredPart<ConfirmProps>(() => import('./alert-dialog.tsx').then((m) => m.ConfirmPart), { openOnPress: true, popup: 'dialog' });

export interface ConfirmButtonProps extends ConfirmProps {
  /** The button's content: its icon and words (with a screen-reader-only name of the item where several are listed). */
  children: ReactNode;
  disabled?: boolean;
  variant?: 'outline' | 'ghost';
}

/**
 * A button that asks before it acts: a small button (`variant`, outline unless said), then an alert dialog with
 * `title`, `description`, Cancel and the action (`destructive` when it deletes or blocks), which calls `onConfirm`. One
 * piece for every "Are you sure?" of the site (delete a listing or a saved search, mark a listing done, block a user).
 * The dialog's code loads on intent and the dialog opens as soon as it is there; a press before that shows the button
 * busy (createDeferredPart). Radix gives the focus back to the button when the dialog closes.
 */
export function ConfirmButton({ children, destructive = false, disabled = false, variant = 'outline', ...confirm }: ConfirmButtonProps) {
  return (
    <ConfirmDialog
      {...confirm}
      destructive={destructive}
      trigger={
        <Button variant={variant} size="sm" disabled={disabled}>
          {children}
        </Button>
      }
    />
  );
}
