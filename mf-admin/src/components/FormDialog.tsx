import type { ReactNode } from 'react';
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

/** The create/edit dialog of a tab around its form (rendered while open, so each opening starts from the item). */
export function FormDialog<T>({ item, open, onOpenChange, title, description, children }: FormDialogProps<T> & { children: (item: T | null, onDone: () => void) => ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
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
