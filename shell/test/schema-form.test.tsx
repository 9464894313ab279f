/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { useSchemaForm, type SchemaSource } from '@cp/web-core/schema-form';

/** useSchemaForm with a schema loader (issue 20 §7): the schema loads on intent, at the latest on submit. */
const Schema = z.object({ name: z.string().min(1, 'Please enter a name') });
type Source = SchemaSource<typeof Schema>;

const sent: unknown[] = [];
const failures: unknown[] = [];

function Form({ source }: { source: Source }) {
  const form = useSchemaForm(source, { name: '' });
  const onSubmit = form.submit({ send: async (data) => void sent.push(data), onError: (error) => failures.push(error) });
  return (
    <form noValidate onSubmit={onSubmit} {...form.intent} aria-label="f">
      <input aria-label="Name" value={form.values.name} onChange={form.text('name')} />
      {form.errors.name ? <p role="alert">{form.errors.name}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

function loader() {
  let calls = 0;
  let fail = false;
  const load = jest.fn(async () => {
    calls += 1;
    if (fail) throw new Error('offline');
    return Schema;
  });
  return { load, calls: () => calls, failNext: (value: boolean) => (fail = value) };
}

beforeEach(() => {
  sent.length = 0;
  failures.length = 0;
});

describe('useSchemaForm with a schema loader', () => {
  it('nothing is loaded until someone is about to fill the form in; then once', async () => {
    const l = loader();
    render(<Form source={l.load} />);
    expect(l.load).not.toHaveBeenCalled();
    await act(async () => void fireEvent.focus(screen.getByLabelText('Name')));
    await act(async () => void fireEvent.pointerEnter(screen.getByRole('form')));
    expect(l.load).toHaveBeenCalledTimes(1);
  });

  it('a submit before the schema came waits for it: the errors, then the data', async () => {
    const l = loader();
    render(<Form source={l.load} />);
    await act(async () => void fireEvent.submit(screen.getByRole('form')));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a name');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Priya' } });
    await act(async () => void fireEvent.submit(screen.getByRole('form')));
    expect(sent).toEqual([{ name: 'Priya' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(l.load).toHaveBeenCalledTimes(1);
  });

  it('a load that fails goes to onError; the next submit tries again', async () => {
    const l = loader();
    l.failNext(true);
    render(<Form source={l.load} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Priya' } });
    await act(async () => void fireEvent.submit(screen.getByRole('form')));
    expect(failures.map(String)).toEqual(['Error: offline']);
    expect(sent).toEqual([]);
    l.failNext(false);
    await act(async () => void fireEvent.submit(screen.getByRole('form')));
    expect(sent).toEqual([{ name: 'Priya' }]);
    expect(l.calls()).toBe(2);
  });

  it('a schema given as such checks at once, as before', () => {
    render(<Form source={Schema} />);
    fireEvent.submit(screen.getByRole('form'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a name');
  });
});
