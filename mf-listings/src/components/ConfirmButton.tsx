import type { ReactNode } from 'react';
import { Button, createDeferredPart } from '@cp/ui';
import type { ConfirmProps } from './ConfirmPart.tsx';

// Radix's alert dialog (its layers, focus trap and scroll lock) loads when a confirm button is first pointed at,
// focused or pressed, not with the page: a page that lists things (My Listings, the listing's page) paints without it.
const ConfirmDialog = createDeferredPart<ConfirmProps>(() => import('./ConfirmPart.tsx').then((m) => m.ConfirmPart), { openOnPress: true, popup: 'dialog' });

export interface ConfirmButtonProps extends Omit<ConfirmProps, 'destructive'> {
  /** The button's content: its icon and words (with a screen-reader-only name of the item where several are listed). */
  children: ReactNode;
  destructive?: boolean;
  disabled?: boolean;
  variant?: 'outline' | 'ghost';
}

/**
 * A button that asks before it acts, like `@cp/ui/alert-dialog`'s ConfirmButton (the same small button and the same
 * dialog: title, description, Cancel and the action, which calls `onConfirm`), but the dialog's code loads on intent
 * and the dialog opens as soon as it is there.
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
