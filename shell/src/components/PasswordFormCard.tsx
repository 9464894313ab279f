import type { FormEvent, ReactNode } from 'react';
import { Button, CardContent, CardDescription, CardHeader, CardTitle } from '@cp/ui';

/**
 * The form state of the password pages' card (/forgot-password, /reset-password): the page's heading and what to do,
 * the form (its fields, then the full-width submit button, busy while the request runs), then what follows (`after`).
 */
export function PasswordFormCard({
  title,
  description,
  onSubmit,
  intent,
  busy,
  submitLabel,
  busyLabel,
  children,
  after,
}: {
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The schema form's intent handlers (loads the schema when the visitor reaches for the form). */
  intent: object;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      <CardHeader>
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} {...intent} className="space-y-4">
          {children}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
          {after}
        </form>
      </CardContent>
    </>
  );
}
