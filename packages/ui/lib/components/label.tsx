import { forwardRef, type LabelHTMLAttributes } from 'react';
import { cn } from '../utils.ts';

/**
 * A form label. As Radix's Label, a double click on its text does not select the text (a label is clicked to focus or
 * toggle its control), while a click on a control inside it behaves as usual. A native `<label>`: Radix's package
 * (and its Primitive and Slot) would ride on every page's first bundle for this one rule (issue 20 §7).
 */
export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(({ className, onMouseDown, ...props }, ref) => (
  <label
    ref={ref}
    className={cn('text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70', className)}
    onMouseDown={(event) => {
      if ((event.target as Element).closest('button, input, select, textarea')) return;
      onMouseDown?.(event);
      if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
    }}
    {...props}
  />
));
Label.displayName = 'Label';
