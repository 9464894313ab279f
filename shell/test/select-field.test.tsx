/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SelectField } from '@cp/ui/select-field';
import '../../packages/web-core/test/support/pointer-event.ts';

// jsdom lacks what Radix's select calls on its trigger and items.
Object.assign(Element.prototype, { hasPointerCapture: () => false, releasePointerCapture: () => undefined, scrollIntoView: () => undefined });

const OPTIONS = ['Jobs', 'Events', { value: 'rent', label: 'Home Rentals' }] as const;
type Value = 'Jobs' | 'Events' | 'rent';

function Controlled({ initial = '' as Value | '', onChange = (_v: Value): void => undefined }: { initial?: Value | ''; onChange?: (v: Value) => void }) {
  const [value, setValue] = useState<Value | ''>(initial);
  return (
    <SelectField<Value>
      label="Category"
      value={value}
      options={OPTIONS}
      onChange={(v) => {
        onChange(v);
        setValue(v);
      }}
    />
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Category' });

describe('SelectField (Radix select loaded on intent)', () => {
  it('is a labelled bare trigger showing the chosen option, or the placeholder, with nothing of Radix mounted', () => {
    const { unmount } = render(<Controlled initial="rent" />);
    expect(trigger().textContent).toBe('Home Rentals');
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().hasAttribute('data-state')).toBe(false); // Radix's trigger sets data-state
    unmount();
    render(<Controlled />);
    expect(trigger().textContent).toBe('Select category');
    expect(trigger().hasAttribute('data-placeholder')).toBe(true);
  });

  it('a press loads the select and opens it; choosing an option changes the value', async () => {
    const chosen: Value[] = [];
    render(<Controlled onChange={(v) => void chosen.push(v)} />);
    const bare = trigger();
    fireEvent.pointerDown(bare, { button: 0, pointerType: 'mouse' });
    const option = await screen.findByRole('option', { name: 'Home Rentals' });
    // Radix's trigger in its place, with the same id (so the label still names it); while the list is open Radix hides
    // the rest of the page from the accessibility tree, so it is found by id.
    const radix = document.getElementById(bare.id)!;
    expect(radix.getAttribute('data-state')).toBe('open');
    expect(radix.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(option);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(chosen).toEqual(['rent']);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger().textContent).toBe('Home Rentals');
  });

  it('from the keyboard: focus, then Enter opens it with every option', async () => {
    render(<Controlled initial="Jobs" />);
    act(() => trigger().focus());
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Jobs', 'Events', 'Home Rentals']);
  });
});
