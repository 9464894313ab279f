import { useState, type FormEvent } from 'react';
import { ContactMessageInsertSchema } from '@cp/contracts';
import { Button, Field, Input, Textarea, toast } from '@cp/ui';
import { serverErrorText, validate, type FieldErrors } from '@cp/web-core';
import { useSendContactMessageMutation } from '../api/comms-api.ts';

const EMPTY = { name: '', email: '', subject: '', message: '' };

export interface ContactFormProps {
  /** Called after the message was accepted; the caller shows its success toast and state. */
  onSent: () => void;
  submitLabel?: string;
  /** The subject to start with (e.g. a suggestion from another page). */
  initialSubject?: string;
}

/** The contact form (spec §5 rules from @cp/contracts; POST /api/contact). */
export function ContactForm({ onSent, submitLabel = 'Send Message', initialSubject = '' }: ContactFormProps) {
  const [values, setValues] = useState({ ...EMPTY, subject: initialSubject });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [send, { isLoading }] = useSendContactMessageMutation();
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ContactMessageInsertSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      const { subject, ...rest } = result.data;
      await send(subject ? { ...rest, subject } : rest).unwrap();
      setValues(EMPTY);
      onSent();
    } catch (error) {
      toast({ title: 'Failed to send message', description: serverErrorText(error) ?? 'Failed to send message. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={errors.name}>
          <Input autoComplete="name" value={values.name} onChange={set('name')} />
        </Field>
        <Field label="Email" required error={errors.email}>
          <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        </Field>
      </div>
      <Field label="Subject" hint="Optional. To report content, use 'Report Content' and include the page URL." error={errors.subject}>
        <Input value={values.subject} onChange={set('subject')} />
      </Field>
      <Field label="Message" required error={errors.message}>
        <Textarea rows={5} value={values.message} onChange={set('message')} />
      </Field>
      <Button type="submit" disabled={isLoading} className="w-full sm:w-auto">
        {isLoading ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}

export default ContactForm;
