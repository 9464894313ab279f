import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { Label } from './label.tsx';
import { cn } from '../utils.ts';

export interface FieldProps {
  label: ReactNode;
  /** The control: an Input, Textarea or a SelectTrigger. It gets id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }>;
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
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })
    : children;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={controlId}>
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
