import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button, Field, Textarea } from '@cp/ui';
import { serverErrorText } from '@cp/web-core';
import { composerProblem, lengthCounter } from '../lib/composer.ts';

export interface ComposerProps {
  label: string;
  placeholder?: string;
  /** Sends the (trimmed) text; throws the call's error when it fails. */
  onSend: (text: string) => Promise<void>;
  /** Shown instead of the form when nothing can be sent (the listing is closed). */
  disabledReason?: string | undefined;
}

/**
 * The message box: checks the text with the contracts' sentences before sending (nothing is sent when it is empty or
 * over 2,000 characters), shows the service's sentence when it refuses (blocked, closed, too fast), and keeps the text
 * until it is sent.
 */
export function Composer({ label, placeholder, onSend, disabledReason }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (disabledReason) return <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{disabledReason}</p>;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = composerProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch (failure) {
      const sentence = serverErrorText(failure) ?? 'Your message could not be sent. Please try again.';
      setError(sentence);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-2">
      <Field label={label} error={error} hint={lengthCounter(text)}>
        <Textarea
          value={text}
          rows={3}
          placeholder={placeholder ?? 'Write a message…'}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        <Send aria-hidden="true" />
        {busy ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}
