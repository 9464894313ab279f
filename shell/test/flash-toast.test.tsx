/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@cp/ui';
import { FlashToast } from '../src/app/flash-toast-loader.tsx';
import { takeFlashToast, toastAfterReload } from '../src/app/flash-toast.tsx';

describe('a toast across a full page load (the login redirect, spec §4)', () => {
  beforeEach(() => sessionStorage.clear());

  it('is shown by the next page once, then gone', async () => {
    toastAfterReload({ title: 'You have successfully logged in.', variant: 'success' });
    const first = render(
      <>
        <Toaster />
        <FlashToast />
      </>,
    );
    expect(await screen.findByText('You have successfully logged in.')).toBeTruthy();
    first.unmount();
    expect(takeFlashToast()).toBeNull();
  });

  it('drops what is not a toast', async () => {
    sessionStorage.setItem('cp-flash-toast', '{not json');
    expect(takeFlashToast()).toBeNull();
    sessionStorage.setItem('cp-flash-toast', JSON.stringify({ title: 42 }));
    expect(takeFlashToast()).toBeNull();
    sessionStorage.setItem('cp-flash-toast', JSON.stringify({ title: 'Hi', variant: 'evil', description: 'x' }));
    expect(takeFlashToast()).toEqual({ title: 'Hi', description: 'x' });
    await act(async () => undefined);
  });
});
