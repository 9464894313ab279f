import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from './forms.ts';

/**
 * A form's field and submit plumbing, for a form checked by a contracts schema: its values, the errors the schema
 * gives (`validate`: the first message per field), a change handler per text field, and a submit handler that keeps
 * the browser from submitting, checks the input (the values, or what `input` makes of them), shows the errors or
 * clears them, and hands the checked data to `send`; a `send` that throws goes to `onError` (the form's toast). Not a
 * first-view singleton (`@cp/web-core/schema-form`): each form's bundle carries it, none of home's first view does.
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setValue = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  return {
    values,
    errors,
    setValue,
    /** The onChange of a text input or textarea bound to `key`. */
    text: (key: keyof V) => (event: { target: { value: string } }) => setValue(key, event.target.value as V[keyof V]),
    /** A change of several fields at once (a choice that resets another). */
    update: (change: (values: V) => V) => setValues(change),
    /** Back to `to` (the empty form), e.g. after a send. */
    reset: (to: V) => setValues(to),
    /** `onError` absent: `send` reports its own failures. */
    submit(opts: { input?: (values: V) => unknown; send: (data: z.output<S>) => Promise<void>; onError?: (error: unknown) => void }) {
      return (event: FormEvent) => {
        event.preventDefault();
        const checked = validate(schema, opts.input ? opts.input(values) : values);
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        setErrors({});
        const sent = opts.send(checked.data);
        void (opts.onError ? sent.catch(opts.onError) : sent);
      };
    },
  };
}
