import type { ComponentProps } from 'react';
// Through the package (a shared singleton), not ../utils.ts: this entry is its own shared module (not on the home
// page) and must use the page's one copy of cn.
import { cn } from '@cp/ui';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Called with the box's new state when the user toggles it (beside `onChange`, which gets the event). */
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * A native `<input type="checkbox">` drawn as the site's box (it was Radix's checkbox, about 4.6 KB gzip of its own on
 * /auth): a bordered square in the primary colour, filled with it and showing lucide's check mark when checked, a focus
 * ring, dimmed when disabled. Being native it has the checkbox role and `checked`, toggles with Space and with a click
 * on its label, and sends `name` / `value` with a form, before any JavaScript too. Its own element stays the `peer` of
 * the Label beside it (peer-disabled). The check is the box's ::before, lucide's check path as a mask painted in the
 * primary foreground colour, so it follows the theme. `appearance` and `mask` are written as arbitrary properties
 * (Tailwind has no utility for them).
 * React 19's `ref` prop (no forwardRef) reaches the input.
 */
export const Checkbox = ({ className, onCheckedChange, onChange, ...props }: CheckboxProps) => (
  <input
    type="checkbox"
    className={cn(
      'peer inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-sm border border-primary [appearance:none] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 checked:bg-primary aria-[invalid=true]:border-destructive cursor-pointer before:h-3.5 before:w-3.5 before:[mask:url(data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%2024%2024%22%20fill=%22none%22%20stroke=%22black%22%20stroke-width=%222%22%20stroke-linecap=%22round%22%20stroke-linejoin=%22round%22%3E%3Cpath%20d=%22M20%206%209%2017l-5-5%22/%3E%3C/svg%3E)_center/contain_no-repeat] checked:before:bg-primary-foreground',
      className,
    )}
    onChange={(event) => {
      onChange?.(event);
      onCheckedChange?.(event.currentTarget.checked);
    }}
    {...props}
  />
);
