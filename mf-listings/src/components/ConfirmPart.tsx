import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DeferredPartProps } from '@cp/ui';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from '@cp/ui/alert-dialog';

/** What the confirmation says and does (the props of `@cp/ui/alert-dialog`'s ConfirmButton besides the button's). */
export interface ConfirmProps {
  title: ReactNode;
  description: ReactNode;
  /** The action's label in the dialog. */
  action: ReactNode;
  destructive: boolean;
  onConfirm: () => void;
}

/**
 * The confirmation of a ConfirmButton on its trigger: Radix's alert dialog (from `@cp/ui/alert-dialog`, with its
 * layers and focus trap) with the title, the description, Cancel and the action. Loaded by ConfirmButton when the
 * button is first pointed at, focused or pressed (createDeferredPart); open at once when it was pressed.
 */
export function ConfirmPart({ title, description, action, destructive, onConfirm, trigger, autoFocus, defaultOpen }: ConfirmProps & DeferredPartProps) {
  const [open, setOpen] = useState(defaultOpen);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, []);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild ref={ref}>
        {trigger}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={onConfirm}>
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
