import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
// Relative paths, as tooltip.tsx and toast.tsx: this module is a chunk of @cp/ui's own (ConfirmButton loads it on
// intent), so these are the page's one copy of the button styles and cn, already there with @cp/ui.
import { useDeferredPartState, type DeferredPartProps } from '../deferred.tsx';
import { cn } from '../utils.ts';
import { buttonVariants } from './button.tsx';

/**
 * Radix's alert dialog (its layers, focus trap and scroll lock) and the site's confirmation on it. Not an entry of
 * @cp/ui: `ConfirmButton` (confirm-button.tsx) loads it when a confirm button is first pointed at, focused or pressed.
 */

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export const AlertDialogContent = forwardRef<ComponentRef<typeof AlertDialogPrimitive.Content>, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Content>>(
  ({ className, ...props }, ref) => (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <AlertDialogPrimitive.Content
        ref={ref}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 text-foreground shadow-lg animate-in',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  ),
);
AlertDialogContent.displayName = 'AlertDialogContent';

export function AlertDialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col space-y-2 text-center sm:text-left', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const AlertDialogTitle = forwardRef<ComponentRef<typeof AlertDialogPrimitive.Title>, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Title>>(
  ({ className, ...props }, ref) => <AlertDialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold', className)} {...props} />,
);
AlertDialogTitle.displayName = 'AlertDialogTitle';

export const AlertDialogDescription = forwardRef<ComponentRef<typeof AlertDialogPrimitive.Description>, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Description>>(
  ({ className, ...props }, ref) => <AlertDialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />,
);
AlertDialogDescription.displayName = 'AlertDialogDescription';

export const AlertDialogAction = forwardRef<ComponentRef<typeof AlertDialogPrimitive.Action>, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Action> & { destructive?: boolean }>(
  ({ className, destructive, ...props }, ref) => (
    <AlertDialogPrimitive.Action ref={ref} className={cn(buttonVariants({ variant: destructive ? 'destructive' : 'default' }), className)} {...props} />
  ),
);
AlertDialogAction.displayName = 'AlertDialogAction';

export const AlertDialogCancel = forwardRef<ComponentRef<typeof AlertDialogPrimitive.Cancel>, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Cancel>>(
  ({ className, ...props }, ref) => <AlertDialogPrimitive.Cancel ref={ref} className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />,
);
AlertDialogCancel.displayName = 'AlertDialogCancel';

/** What a confirmation says and does. */
export interface ConfirmProps {
  title: ReactNode;
  description: ReactNode;
  /** The action's label in the dialog. */
  action: ReactNode;
  destructive?: boolean;
  onConfirm: () => void;
}

/**
 * A confirmation on its trigger (`asChild`): a dialog with `title`, `description`, Cancel and the action, which calls
 * `onConfirm`. Uncontrolled unless `open` is given (a deferred part opens it at once when it was pressed).
 */
export function ConfirmDialog({
  trigger,
  triggerRef,
  open,
  onOpenChange,
  title,
  description,
  action,
  destructive = false,
  onConfirm,
}: ConfirmProps & { trigger: ReactNode; triggerRef?: Ref<HTMLButtonElement>; open?: boolean; onOpenChange?: (open: boolean) => void }) {
  return (
    <AlertDialog {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <AlertDialogTrigger asChild ref={triggerRef}>
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

/**
 * The confirmation of a ConfirmButton on its trigger, loaded by ConfirmButton (createDeferredPart) when the button is
 * first pointed at, focused or pressed; open at once when it was pressed.
 */
export function ConfirmPart({ trigger, autoFocus, defaultOpen, hovered: _hovered, ...confirm }: ConfirmProps & DeferredPartProps) {
  const { open, setOpen, ref } = useDeferredPartState({ autoFocus, defaultOpen });
  return <ConfirmDialog {...confirm} trigger={trigger} triggerRef={ref} open={open} onOpenChange={setOpen} />;
}
