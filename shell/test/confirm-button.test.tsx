/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmButton, type ConfirmButtonProps } from '@cp/ui';
import '../../packages/web-core/test/support/pointer-event.ts';

// @cp/ui's ConfirmButton, the site's one "Are you sure?" (delete a listing or a saved search, mark a listing done,
// block a user): a bare button until intent, then Radix's alert dialog (components/alert-dialog.tsx, loaded once for
// the page). The loaded dialog stays loaded for the rest of this file, so the first two tests are the ones that see the
// button before it: keep them first.

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

function renderConfirm(props: Partial<ConfirmButtonProps> = {}) {
  const onConfirm = jest.fn();
  render(
    <>
      <ConfirmButton title="Are you sure?" description="This will permanently delete your listing." action="Delete" destructive onConfirm={onConfirm} {...props}>
        Delete<span className="sr-only"> Sofa</span>
      </ConfirmButton>
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onConfirm, button: () => screen.getByRole('button', { name: 'Delete Sofa' }) };
}

describe('ConfirmButton (its alert dialog loaded on intent)', () => {
  it('is a small outline button that says it opens a dialog, with nothing of Radix mounted', () => {
    const { button } = renderConfirm();
    expect(button().getAttribute('aria-haspopup')).toBe('dialog');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(button().hasAttribute('data-state')).toBe(false); // Radix's trigger sets data-state
    expect(button().className).toContain('border-input'); // outline
    expect(button().className).toContain('h-9'); // small
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('pressed before its code is there (Enter on the focused button): busy until the dialog opens with the title, the description, Cancel and the destructive action, which confirms; the focus goes back to the button', async () => {
    const { button, onConfirm } = renderConfirm();
    act(() => button().focus());
    fireEvent.keyDown(button(), { key: 'Enter' });
    expect(button().getAttribute('aria-busy')).toBe('true'); // a press that seems to do nothing would be pressed again
    expect(button().className).toContain('cursor-progress');
    const dialog = await screen.findByRole('alertdialog');
    const textOf = (attribute: string) => document.getElementById(dialog.getAttribute(attribute) ?? '')?.textContent;
    expect(textOf('aria-labelledby')).toBe('Are you sure?');
    expect(textOf('aria-describedby')).toBe('This will permanently delete your listing.');
    expect(document.activeElement?.textContent).toBe('Cancel'); // Radix's alert dialog focuses Cancel, the safe choice
    const action = screen.getByRole('button', { name: 'Delete' });
    expect(action.className).toContain('bg-destructive');
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(action);
    await flush();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-busy')).toBeNull();
  });

  it('Cancel and Escape close it without confirming, the focus back on the button', async () => {
    const { button, onConfirm } = renderConfirm();
    fireEvent.click(button());
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button());

    fireEvent.click(button());
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await flush();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('once loaded, a press opens it at once; a non-destructive action has the default look', async () => {
    const { button, onConfirm } = renderConfirm({ title: 'Mark as Sold?', action: 'Mark as Sold', destructive: false, variant: 'ghost' });
    expect(button().className).not.toContain('border-input'); // ghost
    // Loaded by the tests above: Radix's trigger from the first render (a browser's Enter or Space is this click).
    expect(button().getAttribute('data-state')).toBe('closed');
    fireEvent.click(button());
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    const action = screen.getByRole('button', { name: 'Mark as Sold' });
    expect(action.className).toContain('bg-primary');
    expect(action.className).not.toContain('bg-destructive');
    fireEvent.click(action);
    await flush();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button());
  });

  it('a disabled button opens nothing', async () => {
    const { button } = renderConfirm({ disabled: true });
    expect(button().hasAttribute('disabled')).toBe(true);
    fireEvent.click(button());
    await flush();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
