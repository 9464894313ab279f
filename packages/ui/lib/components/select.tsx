import { forwardRef, useEffect, useRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
// Through the package (a shared singleton), not ../utils.ts: this entry is its own shared module (not on the home
// page) and must use the page's one copy of cn.
import { cn, type DeferredPartProps } from '@cp/ui';
// Its own copy of the few plain parts it shares with SelectField (not through @cp/ui/select-field, which loads this
// module: no circle). SelectField itself comes from @cp/ui/select-field.
import { optionOf, SELECT_TRIGGER_CLASS, type SelectPartProps } from './select-parts.ts';

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export const SelectTrigger = forwardRef<ComponentRef<typeof SelectPrimitive.Trigger>, ComponentPropsWithoutRef<typeof SelectPrimitive.Trigger>>(({ className, children, ...props }, ref) => (
  <SelectPrimitive.Trigger
    ref={ref}
    className={cn(
      SELECT_TRIGGER_CLASS,
      className,
    )}
    {...props}
  >
    {children}
    <SelectPrimitive.Icon asChild>
      <ChevronDown className="h-4 w-4 opacity-60" aria-hidden="true" />
    </SelectPrimitive.Icon>
  </SelectPrimitive.Trigger>
));
SelectTrigger.displayName = 'SelectTrigger';

export const SelectContent = forwardRef<ComponentRef<typeof SelectPrimitive.Content>, ComponentPropsWithoutRef<typeof SelectPrimitive.Content>>(
  ({ className, children, position = 'popper', ...props }, ref) => (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        ref={ref}
        position={position}
        className={cn(
          'relative z-50 max-h-96 min-w-[8rem] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md animate-in',
          position === 'popper' && 'w-full min-w-[var(--radix-select-trigger-width)] data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  ),
);
SelectContent.displayName = 'SelectContent';

export const SelectItem = forwardRef<ComponentRef<typeof SelectPrimitive.Item>, ComponentPropsWithoutRef<typeof SelectPrimitive.Item>>(({ className, children, ...props }, ref) => (
  <SelectPrimitive.Item
    ref={ref}
    className={cn(
      'relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
      className,
    )}
    {...props}
  >
    <span className="absolute left-2 flex h-3.5 w-3.5 items-center justify-center">
      <SelectPrimitive.ItemIndicator>
        <Check className="h-4 w-4" aria-hidden="true" />
      </SelectPrimitive.ItemIndicator>
    </span>
    <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
  </SelectPrimitive.Item>
));
SelectItem.displayName = 'SelectItem';

/**
 * The Radix select of a SelectField (select-field.tsx), loaded when the user first shows intent on one: it takes over
 * the bare trigger (same element, now Radix's), focuses it if it had the focus and opens if it was pressed.
 */
export function LoadedSelect({ trigger, autoFocus, defaultOpen, value, options, onChange, disabled }: SelectPartProps & DeferredPartProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) triggerRef.current?.focus(); // on mount only: the bare trigger it replaced had the focus
  }, []);
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectPrimitive.Trigger ref={triggerRef} asChild>
        {trigger}
      </SelectPrimitive.Trigger>
      <SelectContent>
        {options.map(optionOf).map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
