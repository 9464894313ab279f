import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../timings.ts';
import { useToast } from '../use-toast.ts';
import { cn } from '../utils.ts';

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=open]:animate-in',
  {
    variants: {
      variant: {
        default: 'border bg-background text-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
        success: 'border-success bg-background text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

const ToastRoot = forwardRef<ComponentRef<typeof ToastPrimitive.Root>, ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>>(
  ({ className, variant, ...props }, ref) => <ToastPrimitive.Root ref={ref} className={cn(toastVariants({ variant }), className)} {...props} />,
);
ToastRoot.displayName = 'Toast';

/**
 * Renders the toast queue with Radix Toast, loaded by `Toaster` (toaster.tsx) with the page's first toast: shown
 * TOAST_DURATION_MS, swiped right past TOAST_SWIPE_THRESHOLD_PX to dismiss (spec §9); the queue keeps one toast at a
 * time (§8).
 */
export function ToastRegion() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <ToastRoot
          key={id}
          variant={variant ?? 'default'}
          open={open}
          {...(duration === undefined ? {} : { duration })}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastRoot>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:bottom-0 md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
