import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { Label } from './label.tsx';
import { cn } from '../utils.ts';

export interface ControlProps {
  id: string;
  'aria-labelledby': string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /**
   * The control. An element (Input, Textarea) gets id, aria-labelledby, aria-invalid and aria-describedby; for a
   * composite control pass a function and spread what it gets on the focusable part: `{(p) => <Select><SelectTrigger {...p}>…`.
   */
  children: ReactElement<ControlProps> | ((props: ControlProps) => ReactNode);
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
}

/** A labelled form control with its hint and its validation message, wired for screen readers. */
export function Field({ label, children, error, hint, required, className, id }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const labelId = `${controlId}-label`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps: ControlProps = {
    id: controlId,
    // Also by reference: a Select trigger (role combobox) takes its name from the label, not from its value.
    'aria-labelledby': labelId,
    ...(error ? { 'aria-invalid': true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true } : {}),
  };
  const control = typeof children === 'function' ? children(controlProps) : isValidElement(children) ? cloneElement(children, controlProps) : children;
  return (
    <div className={cn('space-y-2', className)}>
      <Label id={labelId} htmlFor={controlId}>
        {label}
        {required ? <span aria-hidden="true" className="text-destructive"> *</span> : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
