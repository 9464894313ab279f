import { forwardRef, useEffect, useRef, useState, type ComponentPropsWithoutRef, type ComponentRef, type ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { DeferredPartProps } from '../deferred.tsx';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../timings.ts';
import { cn } from '../utils.ts';

/**
 * The Radix tooltip, loaded by `Tooltip` (tooltip-trigger.tsx) when the pointer or the focus reaches its trigger.
 * It opens after TOOLTIP_DELAY_MS with TOOLTIP_SKIP_DELAY_MS's skip delay (spec §9; each tooltip has its own provider,
 * so the skip delay applies within one tooltip).
 */
const TooltipContent = forwardRef<ComponentRef<typeof TooltipPrimitive.Content>, ComponentPropsWithoutRef<typeof TooltipPrimitive.Content>>(
  ({ className, sideOffset = 4, ...props }, ref) => (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn('z-50 overflow-hidden rounded-md border bg-popover px-3 py-1.5 text-sm text-popover-foreground shadow-md animate-in', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  ),
);
TooltipContent.displayName = 'TooltipContent';

export interface TooltipProps {
  /** The tooltip's text. */
  content: ReactNode;
}

export function LoadedTooltip({ content, trigger, autoFocus, hovered }: TooltipProps & DeferredPartProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // On mount only: the tooltip replaced a bare trigger that had the focus (opens now, like Radix on focus) or the
    // mouse (opens after the delay unless the pointer leaves first: Radix then closes it through onOpenChange).
    if (autoFocus) triggerRef.current?.focus();
    if (!hovered || autoFocus) return;
    const timer = setTimeout(() => {
      if (triggerRef.current?.matches(':hover')) setOpen(true);
    }, TOOLTIP_DELAY_MS); // the tooltip that replaced a hovered trigger waits the open delay too
    return () => clearTimeout(timer);
  }, []);
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild ref={triggerRef}>
          {trigger}
        </TooltipPrimitive.Trigger>
        <TooltipContent>{content}</TooltipContent>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
