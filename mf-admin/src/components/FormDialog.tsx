import { useRef, type ReactNode } from 'react';
import { Button } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@cp/ui/dialog';

/**
 * What a tab's create/edit dialog is given by CollectionTab: the item to edit (null: a new one), whether it is open,
 * its title and description. The dialog's module (the form, its zod schema, Radix's dialog and select) is loaded on
 * intent of the button that opens it, so reading the list needs none of it.
 */
export interface FormDialogProps<T> {
  item: T | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
}

/**
 * Where the focus goes back when an admin's dialog closes: the control that opened it (the focus when it opened).
 * These dialogs have no Radix trigger (one dialog serves the create button and every Edit), and Radix's dialog would
 * otherwise send the focus to its missing trigger, that is to the page's body.
 */
export function useReturnFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Called before the focus moves into the dialog.
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current;
      opener.current = null;
      // A control gone meanwhile (its item deleted) leaves it to Radix.
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/** The create/edit dialog of a tab around its form (rendered while open, so each opening starts from the item). */
export function FormDialog<T>({ item, open, onOpenChange, title, description, children }: FormDialogProps<T> & { children: (item: T | null, onDone: () => void) => ReactNode }) {
  const focus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" {...focus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(item, () => onOpenChange(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The create/edit form's Cancel and submit buttons; the submit shows 'Saving...' while busy. */
export function FormFooter({ busy, onCancel, submitLabel }: { busy: boolean; onCancel: () => void; submitLabel: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </DialogFooter>
  );
}
