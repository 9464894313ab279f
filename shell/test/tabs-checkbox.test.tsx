/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { createRef, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from '@cp/ui/tabs';
import { Checkbox } from '@cp/ui/checkbox';
import { Label } from '@cp/ui';

/** Three tabs as the admin dashboard draws them; `onIntent` of each is recorded. */
function Bar({ value, defaultValue, onValueChange, intents = [] }: { value?: string; defaultValue?: string; onValueChange?: (v: string) => void; intents?: string[] }) {
  const tabs = ['One', 'Two', 'Three'].map((name) => ({ value: name.toLowerCase(), label: name, onIntent: () => intents.push(name) }));
  return (
    <Tabs tabs={tabs} value={value} defaultValue={defaultValue} onValueChange={onValueChange} listClassName="grid w-full grid-cols-2" panelClassName="pt-4">
      {(v) => <p>Panel {v}</p>}
    </Tabs>
  );
}

function Controlled({ onValueChange }: { onValueChange?: (v: string) => void }) {
  const [value, setValue] = useState('one');
  return (
    <Bar
      value={value}
      onValueChange={(v) => {
        onValueChange?.(v);
        setValue(v);
      }}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const tabIndexes = () => ['One', 'Two', 'Three'].map((n) => tab(n).tabIndex);
const key = (name: string, k: string, init: Record<string, unknown> = {}) => act(async () => void fireEvent.keyDown(tab(name), { key: k, ...init }));

describe('@cp/ui/tabs (WAI-ARIA tabs, automatic activation)', () => {
  it('wires the tab and its panel by ids, renders only the chosen panel and keeps the list\'s looks with listClassName', () => {
    render(<Bar defaultValue="one" />);
    const one = tab('One');
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(tab('Two').getAttribute('aria-selected')).toBe('false');
    expect(one.getAttribute('data-state')).toBe('active');
    expect(tab('Two').getAttribute('data-state')).toBe('inactive');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Panel one');
    expect(panel.getAttribute('aria-labelledby')).toBe(one.id);
    expect(one.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.tabIndex).toBe(0);
    expect(panel.className).toBe('mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring pt-4');
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    // The caller's grid replaces the list's inline-flex (cn), the rest of its look stays.
    expect(screen.getByRole('tablist').className).toBe('h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground grid w-full grid-cols-2');
    expect(tab('One').getAttribute('type')).toBe('button');
  });

  it('is one tab stop: arrows, Home / End and PageUp / PageDown move the focus round the bar and select the tab focused', async () => {
    render(<Bar defaultValue="one" />);
    expect(tabIndexes()).toEqual([0, -1, -1]);
    await act(async () => tab('One').focus());
    await key('One', 'ArrowRight');
    expect(document.activeElement).toBe(tab('Two'));
    expect(tab('Two').getAttribute('aria-selected')).toBe('true');
    expect(tabIndexes()).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel two');
    await key('Two', 'End');
    expect(document.activeElement).toBe(tab('Three'));
    await key('Three', 'ArrowRight'); // from the last, round to the first
    expect(document.activeElement).toBe(tab('One'));
    await key('One', 'ArrowLeft'); // from the first, round to the last
    expect(document.activeElement).toBe(tab('Three'));
    await key('Three', 'Home');
    expect(document.activeElement).toBe(tab('One'));
    await key('One', 'PageDown');
    expect(document.activeElement).toBe(tab('Three'));
    await key('Three', 'PageUp');
    expect(document.activeElement).toBe(tab('One'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel one');
  });

  it('leaves keys with a modifier, and other keys, to the browser', async () => {
    render(<Bar defaultValue="one" />);
    await act(async () => tab('One').focus());
    for (const init of [{ altKey: true }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const event = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true, ...init });
      await act(async () => void tab('One').dispatchEvent(event));
      expect(event.defaultPrevented).toBe(false);
      expect(document.activeElement).toBe(tab('One'));
    }
    await key('One', 'ArrowDown'); // a horizontal bar
    expect(document.activeElement).toBe(tab('One'));
    // A key the bar takes does not also scroll the page.
    let scrolls = true;
    await act(async () => void (scrolls = fireEvent.keyDown(tab('One'), { key: 'End' })));
    expect(scrolls).toBe(false);
    expect(document.activeElement).toBe(tab('Three'));
  });

  it('the main button selects on mouse down; another button or Ctrl does not (nor moves the focus); a click alone selects', async () => {
    const changes: string[] = [];
    render(<Bar defaultValue="one" onValueChange={(v) => changes.push(v)} />);
    expect(fireEvent.mouseDown(tab('Two'), { button: 2 })).toBe(false); // default prevented: no focus
    expect(fireEvent.mouseDown(tab('Two'), { button: 0, ctrlKey: true })).toBe(false);
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    await act(async () => void fireEvent.mouseDown(tab('Two'), { button: 0 }));
    expect(tab('Two').getAttribute('aria-selected')).toBe('true');
    // A screen reader's activation (and Enter / Space on a button) is a click without a mouse down.
    await act(async () => void fireEvent.click(tab('Three')));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
    await act(async () => void fireEvent.click(tab('Three'))); // the tab already chosen: no change to report
    expect(changes).toEqual(['two', 'three']);
  });

  it('mounts the panel anew for each tab chosen (a tab\'s state does not carry over to the next)', async () => {
    const mounts: string[] = [];
    function Panel({ tab }: { tab: string }) {
      useEffect(() => void mounts.push(tab), []); // once per mount
      return <p>Panel {tab}</p>;
    }
    render(
      <Tabs tabs={[{ value: 'one', label: 'One' }, { value: 'two', label: 'Two' }]} defaultValue="one">
        {(v) => <Panel tab={v} />}
      </Tabs>,
    );
    await act(async () => void fireEvent.mouseDown(tab('Two'), { button: 0 }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel two');
    expect(mounts).toEqual(['one', 'two']);
  });

  it('calls onIntent on a pointer over a tab, its focus and a touch', async () => {
    const intents: string[] = [];
    render(<Bar defaultValue="one" intents={intents} />);
    fireEvent.pointerEnter(tab('Two'));
    fireEvent.touchStart(tab('Three'));
    await act(async () => tab('One').focus());
    expect(intents).toEqual(['Two', 'Three', 'One']);
  });

  it('controlled: shows the value it is given and asks for a change through onValueChange', async () => {
    const asked: string[] = [];
    const { rerender } = render(<Bar value="one" onValueChange={(v) => asked.push(v)} />);
    await act(async () => void fireEvent.mouseDown(tab('Two'), { button: 0 }));
    expect(asked).toEqual(['two']);
    expect(tab('One').getAttribute('aria-selected')).toBe('true'); // the owner did not take it
    rerender(<Bar value="three" onValueChange={(v) => asked.push(v)} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
  });

  it('controlled by a parent\'s state: follows its choice', async () => {
    const changes: string[] = [];
    render(<Controlled onValueChange={(v) => changes.push(v)} />);
    await act(async () => tab('One').focus());
    await key('One', 'ArrowLeft');
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
    expect(changes).toEqual(['three']);
  });

  it('hydrates the server\'s markup without a mismatch (ids from useId)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Bar defaultValue="two" />);
    const serverIds = [...container.querySelectorAll('[id]')].map((el) => el.id);
    const root = await act(async () => hydrateRoot(container, <Bar defaultValue="two" />, { onRecoverableError: (error) => console.error(error) }));
    expect(errors).not.toHaveBeenCalled();
    expect([...container.querySelectorAll('[id]')].map((el) => el.id)).toEqual(serverIds);
    await act(async () => void fireEvent.mouseDown(tab('Three'), { button: 0 })); // hydrated: it answers
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
    act(() => root.unmount());
    container.remove();
    errors.mockRestore();
  });
});

describe('@cp/ui/checkbox (a native box)', () => {
  function Remember({ onChecked }: { onChecked?: (checked: boolean) => void }) {
    const [checked, setChecked] = useState(false);
    return (
      <form aria-label="Login">
        <Checkbox
          id="remember"
          name="rememberMe"
          value="yes"
          checked={checked}
          onCheckedChange={(c) => {
            onChecked?.(c);
            setChecked(c);
          }}
        />
        <Label htmlFor="remember">Remember me</Label>
      </form>
    );
  }

  it('is a checkbox named by its label, toggled by a click on the label or on itself, and sends name/value with its form', async () => {
    const seen: boolean[] = [];
    render(<Remember onChecked={(c) => seen.push(c)} />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    const form = screen.getByRole('form', { name: 'Login' }) as HTMLFormElement;
    expect(new FormData(form).get('rememberMe')).toBeNull();
    await act(async () => screen.getByText('Remember me').click());
    expect(box.checked).toBe(true);
    expect(new FormData(form).get('rememberMe')).toBe('yes');
    await act(async () => box.click()); // what Space on the focused box does
    expect(box.checked).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('passes aria attributes, the disabled state and a className through, and keeps its look', async () => {
    const seen: boolean[] = [];
    const ref = createRef<HTMLInputElement>();
    render(
      <>
        <Checkbox ref={ref} aria-label="Terms" aria-invalid aria-describedby="terms-error" className="mt-0.5" />
        <Checkbox aria-label="Premium" disabled onCheckedChange={(c) => seen.push(c)} />
      </>,
    );
    const terms = screen.getByRole('checkbox', { name: 'Terms' });
    expect(ref.current).toBe(terms);
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(terms.getAttribute('aria-describedby')).toBe('terms-error');
    expect(terms.classList.contains('mt-0.5')).toBe(true);
    for (const c of ['peer', 'h-4', 'w-4', 'rounded-sm', 'border-primary', '[appearance:none]', 'checked:bg-primary', 'checked:before:bg-primary-foreground', 'focus-visible:ring-2']) {
      expect(terms.classList.contains(c)).toBe(true);
    }
    const premium = screen.getByRole('checkbox', { name: 'Premium' }) as HTMLInputElement;
    expect(premium.disabled).toBe(true);
    await act(async () => premium.click());
    expect(premium.checked).toBe(false);
    expect(seen).toEqual([]);
  });
});
