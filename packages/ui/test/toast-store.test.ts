import { createToastStore, TOAST_LIMIT, toastReducer } from '../lib/toast-store.ts';

describe('toast queue (spec §8: at most one toast at once)', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps one toast: a new toast replaces the one shown', () => {
    expect(TOAST_LIMIT).toBe(1);
    const store = createToastStore();
    store.toast({ title: 'Login Failed', description: 'Invalid username or password' });
    store.toast({ title: 'Message sent!' });
    const { toasts } = store.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Message sent!', open: true });
  });

  it('never holds more than the limit, however many are added', () => {
    let state = { toasts: [] as ReturnType<typeof createToastStore>['getState'] extends () => infer S ? S extends { toasts: infer T } ? T : never : never };
    for (let i = 0; i < 10; i += 1) state = toastReducer(state, { type: 'add', toast: { id: String(i), open: true, title: `t${i}` } });
    expect(state.toasts.map((t) => t.id)).toEqual(['9']);
  });

  it('dismiss closes the toast, then removes it after the exit delay', () => {
    jest.useFakeTimers();
    const store = createToastStore({ removeDelayMs: 1000 });
    const handle = store.toast({ title: 'Saved' });
    handle.dismiss();
    expect(store.getState().toasts[0]?.open).toBe(false);
    jest.advanceTimersByTime(999);
    expect(store.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('notifies subscribers and can update a toast in place', () => {
    const store = createToastStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const handle = store.toast({ title: 'Uploading' });
    handle.update({ title: '3 image(s) uploaded successfully' });
    expect(store.getState().toasts[0]?.title).toBe('3 image(s) uploaded successfully');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.toast({ title: 'x' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
