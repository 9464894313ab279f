import { Button, Field, Input, Textarea, toast } from '@cp/ui';
import { serverErrorText } from '@cp/web-core';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { useSendContactMessageMutation } from '../api/comms-api.ts';
import { formSchema } from '../forms/form-schema.ts';

const CONTACT_SCHEMA = formSchema('ContactMessageInsertSchema');
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
  const form = useSchemaForm(CONTACT_SCHEMA, { ...EMPTY, subject: initialSubject });
  const { values, errors, text: set } = form;
  const [send, { isLoading }] = useSendContactMessageMutation();

  const onSubmit = form.submit({
    send: async ({ subject, ...rest }) => {
      await send(subject ? { ...rest, subject } : rest).unwrap();
      form.reset(EMPTY);
      onSent();
    },
    onError: (error) => toast({ title: 'Failed to send message', description: serverErrorText(error) ?? 'Failed to send message. Please try again.', variant: 'destructive' }),
  });

  return (
    <form noValidate onSubmit={onSubmit} {...form.intent} className="space-y-4">
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
