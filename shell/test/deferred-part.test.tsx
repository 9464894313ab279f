/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createDeferredPart, Toaster, type DeferredPartProps } from '@cp/ui';
import './support/pointer-event.ts';

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
