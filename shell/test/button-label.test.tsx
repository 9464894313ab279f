/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { createRef, forwardRef, type AnchorHTMLAttributes } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Label } from '@cp/ui';

/**
 * @cp/ui's Button `asChild` (its own Slot, not Radix's) and Label (a native label), which every page's first bundle
 * carries: they must behave as the Radix parts they replace (issue 20 §7).
 */
describe('Button asChild', () => {
  test('renders the child with the button look, both class lists and the child’s own props', () => {
    render(
      <Button asChild variant="outline" className="mt-4">
        <a href="/listings" className="own" title="All listings">
          Browse
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Browse' });
    expect(link.getAttribute('href')).toBe('/listings');
    expect(link.getAttribute('title')).toBe('All listings');
    expect(link.className).toMatch(/\bborder\b/); // the outline variant's
    expect(link.className).toMatch(/\bmt-4\b/);
    expect(link.className).toMatch(/\bown\b/);
    expect(link.hasAttribute('type')).toBe(false); // a link gets no button type
  });

  test('runs the child’s handler, then the slot’s, and hands the node to both refs', () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} onClick={() => calls.push('slot')} style={{ color: 'red' }} aria-describedby="a">
        <a href="#x" ref={childRef} onClick={(e) => { e.preventDefault(); calls.push('child'); }} style={{ margin: 1 }} aria-describedby="b a">
          Go
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Go' });
    fireEvent.click(link);
    expect(calls).toEqual(['child', 'slot']);
    expect(childRef.current).toBe(link);
    expect(buttonRef.current).toBe(link);
    expect(link.style.color).toBe('red');
    expect(link.style.margin).toBe('1px');
    expect(link.getAttribute('aria-describedby')).toBe('b a');
  });

  test('works around a component that forwards its ref (a router link), and clears the refs on unmount', () => {
    const Anchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <a ref={ref} {...props} />);
    const ref = createRef<HTMLButtonElement>();
    const { unmount } = render(
      <Button asChild ref={ref}>
        <Anchor href="/forum">Forum</Anchor>
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('link', { name: 'Forum' }));
    unmount();
    expect(ref.current).toBeNull();
  });

  test('without asChild, a button of type "button" unless told otherwise', () => {
    render(
      <>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Plain' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
  });
});

describe('Label', () => {
  test('labels its control, and a click on it focuses the control', () => {
    render(
      <>
        <Label htmlFor="name">Name</Label>
        <input id="name" />
      </>,
    );
    expect(screen.getByLabelText('Name')).toBe(document.getElementById('name'));
  });

  test('a double click on its text does not select it; a press on a control inside it is left alone', () => {
    const seen: boolean[] = [];
    render(
      <Label onMouseDown={(e) => seen.push(e.defaultPrevented)}>
        Remember me <input type="checkbox" aria-label="box" />
      </Label>,
    );
    const label = screen.getByText(/Remember me/);
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false); // default prevented
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole('checkbox', { name: 'box' }), { detail: 2 })).toBe(true);
    expect(seen).toEqual([false, false]); // the caller's handler runs for the label's own presses only
  });
});
