import { forwardRef, useEffect, useRef, useState, type ComponentPropsWithoutRef, type ComponentRef, type ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { DeferredPartProps } from '../deferred.tsx';
import { cn } from '../utils.ts';

/**
 * The Radix tooltip, loaded by `Tooltip` (tooltip-trigger.tsx) when the pointer or the focus reaches its trigger.
 * Radix defaults are the spec's (§9): opens after 700 ms, 300 ms skip delay (each tooltip has its own provider, so the
 * skip delay applies within one tooltip).
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

/** Radix's (and the spec's) open delay: the tooltip that replaced a hovered trigger waits for it too. */
const DELAY_MS = 700;

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
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <TooltipPrimitive.Provider delayDuration={DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild ref={triggerRef}>
          {trigger}
        </TooltipPrimitive.Trigger>
        <TooltipContent>{content}</TooltipContent>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
