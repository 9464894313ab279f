/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { useState, type ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createDeferredPart, intentHandlers, onIntent, Toaster, useLoadedOnPress, type DeferredPartProps, type OnIntent } from '@cp/ui';
import '../../packages/web-core/test/support/pointer-event.ts';

/** A stand-in for a Radix part: renders its trigger and, when open, its content; records what it was given. */
function fakePart() {
  const mounts: Array<{ autoFocus: boolean; defaultOpen: boolean; hovered: boolean }> = [];
  let resolveLoad: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => {
    resolveLoad = resolve;
  });
  let loads = 0;
  function Part({ trigger, autoFocus, defaultOpen, hovered, label }: DeferredPartProps & { label: string }) {
    mounts.push({ autoFocus, defaultOpen, hovered });
    return (
      <div data-testid="loaded">
        {trigger}
        {defaultOpen ? <div role="menu">{label}</div> : null}
      </div>
    );
  }
  const Deferred = createDeferredPart<{ label: string }>(
    async () => {
      loads += 1;
      await loaded;
      return Part;
    },
    { openOnPress: true },
  );
  return { Deferred, mounts, resolveLoad, loads: () => loads };
}


const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('createDeferredPart (Radix parts loaded on intent)', () => {
  it('renders the bare trigger, with menu semantics, and loads nothing until the user shows intent', () => {
    const { Deferred, loads } = fakePart();
    render(<Deferred label="Items" trigger={<button type="button">Open</button>} />);
    const button = screen.getByRole('button', { name: 'Open' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('loaded')).toBeNull();
    expect(loads()).toBe(0);
  });

  it('a mouse over loads the part once and swaps it in closed; a touch pointer over does not load', async () => {
    const { Deferred, resolveLoad, mounts, loads } = fakePart();
    render(<Deferred label="Items" trigger={<button type="button">Open</button>} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Open' }), { pointerType: 'touch' });
    expect(loads()).toBe(0);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Open' }), { pointerType: 'mouse' });
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Open' }), { pointerType: 'mouse' });
    resolveLoad();
    await flush();
    expect(screen.getByTestId('loaded')).toBeTruthy();
    expect(loads()).toBe(1);
    expect(mounts[0]).toEqual({ autoFocus: false, defaultOpen: false, hovered: true });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a press before the part has loaded opens it once loaded, and a focused trigger keeps the focus', async () => {
    const { Deferred, resolveLoad, mounts } = fakePart();
    const onClick = jest.fn();
    render(
      <Deferred
        label="Items"
        trigger={
          <button type="button" onClick={onClick}>
            Open
          </button>
        }
      />,
    );
    const button = screen.getByRole('button', { name: 'Open' });
    act(() => button.focus());
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1); // the trigger's own handlers still run
    // Pressed while loading: the trigger shows it is busy (not a press that does nothing).
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Open' }).className).toContain('cursor-progress');
    resolveLoad();
    await flush();
    expect(mounts[0]).toEqual({ autoFocus: true, defaultOpen: true, hovered: false });
    expect(screen.getByRole('menu').textContent).toBe('Items');
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-busy')).toBeNull();
  });

  it('the bare trigger handles its opening keys itself: the browser\'s click of Enter or Space (its key down cancelled), which would land on the swapped-in trigger and close the part, is prevented', () => {
    const { Deferred } = fakePart();
    const Tooltip = createDeferredPart<object>(async () => () => null, { openOnPress: false });
    render(
      <>
        <Deferred label="Items" trigger={<button type="button">Open</button>} />
        <Tooltip trigger={<button type="button">Hint</button>} />
      </>,
    );
    const open = screen.getByRole('button', { name: 'Open' });
    // fireEvent answers false when the handler prevented the event's default.
    expect(fireEvent.keyDown(open, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(open, { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(open, { key: 'a' })).toBe(true);
    // A part that no press opens (a tooltip) leaves its trigger's keys to the trigger.
    const hint = screen.getByRole('button', { name: 'Hint' });
    expect(fireEvent.keyDown(hint, { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(hint, { key: ' ' })).toBe(true);
  });

  it('once loaded, a new instance renders the part at once, neither focused nor open', async () => {
    const { Deferred, resolveLoad, mounts } = fakePart();
    const first = render(<Deferred label="Items" trigger={<button type="button">Open</button>} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Open' }), { key: 'Enter' });
    resolveLoad();
    await flush();
    first.unmount();
    render(<Deferred label="Items" trigger={<button type="button">Again</button>} />);
    expect(screen.getByTestId('loaded')).toBeTruthy();
    expect(mounts.at(-1)).toEqual({ autoFocus: false, defaultOpen: false, hovered: false });
  });

  it('a press whose part cannot be loaded tells the visitor, keeps the bare trigger, and a new press tries again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const Part = ({ trigger }: DeferredPartProps) => <div data-testid="loaded">{trigger}</div>;
    const Deferred = createDeferredPart<object>(
      async () => {
        attempts += 1;
        if (attempts <= 2) throw new Error('ChunkLoadError'); // the network is down for the first two tries
        return Part;
      },
      { openOnPress: true },
    );
    render(
      <>
        <Deferred trigger={<button type="button">Open</button>} />
        <Toaster />
      </>,
    );
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Open' }), { pointerType: 'mouse' });
    await flush();
    expect(screen.queryByText('Could not open this menu')).toBeNull(); // hovering needs no answer
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Could not open this menu')).toBeTruthy();
    expect(screen.queryByTestId('loaded')).toBeNull();
    expect(attempts).toBe(2); // the hover's failed attempt, then the press's
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await flush();
    expect(screen.getByTestId('loaded')).toBeTruthy();
    jest.restoreAllMocks();
  });
});

/** A part opened by several buttons (mf-admin's Create and every Edit): which button opened it is shown by the part. */
function Openers({ part }: { part: OnIntent<ComponentType<{ by: string }>> }) {
  const { loaded: Part, opening, whenLoaded } = useLoadedOnPress(part, 'Could not open this form');
  const [by, setBy] = useState<string | null>(null);
  return (
    <>
      {['Create', 'Edit'].map((name) => (
        <button key={name} type="button" aria-busy={opening === name || undefined} onClick={() => whenLoaded(name, () => setBy(name))} {...intentHandlers(part.preload)}>
          {name}
        </button>
      ))}
      {Part && by ? <Part by={by} /> : null}
      <Toaster />
    </>
  );
}

function dialogPart(failures = 0) {
  let loads = 0;
  let resolveLoad: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    resolveLoad = resolve;
  });
  const part = onIntent(async () => {
    loads += 1;
    if (loads <= failures) throw new Error('ChunkLoadError');
    await arrived;
    return ({ by }: { by: string }) => <div role="dialog">opened by {by}</div>;
  });
  return { part, resolveLoad, loads: () => loads };
}

describe('useLoadedOnPress (a part opened by several controls, loaded on intent)', () => {
  const busy = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-busy');

  it('a press before the part is here marks that control busy; only the last press opens, once the part arrives', async () => {
    const { part, resolveLoad, loads } = dialogPart();
    render(<Openers part={part} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(busy('Create')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(busy('Create')).toBeNull();
    expect(busy('Edit')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    resolveLoad();
    await flush();
    expect(screen.getByRole('dialog').textContent).toBe('opened by Edit');
    expect(busy('Edit')).toBeNull();
    expect(loads()).toBe(1);
  });

  it('intent (a pointer over, a focus) loads it without opening; a press then opens it at once', async () => {
    const { part, resolveLoad, loads } = dialogPart();
    render(<Openers part={part} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Create' }));
    act(() => screen.getByRole('button', { name: 'Edit' }).focus());
    resolveLoad();
    await flush();
    expect(loads()).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(busy('Create')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toBe('opened by Create');
  });

  it('a press whose part cannot be loaded says so in a toast and stops being busy; a new press tries again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { part, resolveLoad, loads } = dialogPart(1);
    render(<Openers part={part} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Could not open this form')).toBeTruthy();
    expect(busy('Edit')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    resolveLoad();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await flush();
    expect(loads()).toBe(2);
    expect(screen.getByRole('dialog').textContent).toBe('opened by Edit');
    jest.restoreAllMocks();
  });
});
