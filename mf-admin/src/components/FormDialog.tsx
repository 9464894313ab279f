import { useRef, type FormEventHandler, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@cp/ui';
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
function useReturnFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (event: Event) => void } {
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

/**
 * The frame of every admin dialog (the create/edit forms, the Reports tab's decisions): Radix's dialog with its title
 * and description above the form (`children`), the focus back on the opening control when it closes (useReturnFocus).
 */
export function DialogFrame({ open, onOpenChange, title, description, className, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: ReactNode; description: ReactNode; className: string; children: ReactNode }) {
  const focus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} {...focus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The create/edit dialog of a tab around its form (rendered while open, so each opening starts from the item). */
export function FormDialog<T>({ item, open, onOpenChange, title, description, children }: FormDialogProps<T> & { children: (item: T | null, onDone: () => void) => ReactNode }) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      {open ? children(item, () => onOpenChange(false)) : null}
    </DialogFrame>
  );
}

/**
 * The form of an admin dialog: its fields (`children`, spaced), then Cancel and the submit, which is disabled and shows
 * 'Saving...' while busy, drawn as `variant` (destructive for a removal or a ban). Checked by the code, not the browser.
 */
export function DialogForm({ onSubmit, busy, onCancel, submitLabel, variant, children }: { onSubmit: FormEventHandler<HTMLFormElement>; busy: boolean; onCancel: () => void; submitLabel: string; variant?: ButtonProps['variant']; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
