import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from './forms.ts';

/**
 * A form's schema, or the loader of the module that has it (`() => import('@cp/contracts').then((m) => m.XSchema)`):
 * a form on a page's first view takes the loader, so the page loads no validation library until someone is about to
 * fill it in (issue 20 §7: every page within 190 KB).
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * A form's field and submit plumbing, for a form checked by a contracts schema: its values, the errors the schema
 * gives (`validate`: the first message per field), a change handler per text field, and a submit handler that keeps
 * the browser from submitting, checks the input (the values, or what `input` makes of them), shows the errors or
 * clears them, and hands the checked data to `send`; a `send` that throws goes to `onError` (the form's toast). Not a
 * first-view singleton (`@cp/web-core/schema-form`): each form's bundle carries it, none of home's first view does.
 *
 * With a schema loader (SchemaSource), the schema is loaded on intent: spread `intent` on the `<form>` (the pointer
 * over it, a touch, the focus inside it), and at the latest on submit, which waits for it. A loader that fails goes to
 * `onError`, and the next intent or submit tries again.
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(source: SchemaSource<S>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const loading = useRef<Promise<S> | undefined>(undefined);
  const setValue = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  const schema = (): Promise<S> => {
    if (typeof source !== 'function') return Promise.resolve(source);
    loading.current ??= (source as () => Promise<S>)().catch((error: unknown) => {
      loading.current = undefined;
      throw error;
    });
    return loading.current;
  };
  const prepare = () => {
    schema().catch(() => undefined); // a failure is reported by the submit that needs it
  };
  return {
    /** Props for the `<form>`: start loading the schema when someone is about to fill the form in. */
    intent: { onPointerEnter: prepare, onTouchStart: prepare, onFocus: prepare },
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
        const input = opts.input ? opts.input(values) : values;
        const check = (loaded: S) => {
          const checked = validate(loaded, input);
          if (!checked.ok) {
            setErrors(checked.errors);
            return;
          }
          setErrors({});
          const sent = opts.send(checked.data);
          void (opts.onError ? sent.catch(opts.onError) : sent);
        };
        // A schema given as such is checked at once (no microtask between the click and the errors).
        if (typeof source !== 'function') check(source);
        else void schema().then(check, (error: unknown) => opts.onError?.(error));
      };
    },
  };
}
