import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderRouter } from '../../../packages/web-core/test/support/render-router.tsx';
import AdminPage from '../../src/pages/AdminPage.tsx';
import '../../../packages/web-core/test/support/pointer-event.ts';
import { ADMIN } from './admin-data.ts';

// jsdom lacks what Radix's select calls on its trigger and items (the Yellow Pages form's main category), and the
// ResizeObserver its popper sizes itself with: no layout here, so one that never reports.
Object.assign(Element.prototype, { hasPointerCapture: () => false, releasePointerCapture: () => undefined, scrollIntoView: () => undefined });
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });

export { ADMIN, adFixture, USER } from './admin-data.ts';

/** A business as the directory answers it. */
export const businessFixture = (overrides: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-000000000002',
  userId: ADMIN.id,
  name: 'Spice Bazaar',
  category: 'Shopping',
  mainCategory: 'Shopping',
  subCategory: 'Grocery Stores',
  description: 'Indian groceries',
  address: '1 Market St, Mechanicsburg',
  phone: '717-555-0100',
  email: null,
  website: null,
  logoUrl: null,
  rating: 0,
  reviewCount: 0,
  verified: false,
  premium: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/**
 * Presses `button` (Create Advertisement, Add Business) and types into its dialog's fields, each found by the start of
 * its label (`fields`: label → value); resolves to the dialog.
 */
export async function openAndFill(button: string, fields: Record<string, string>): Promise<HTMLElement> {
  await act(async () => (await screen.findByRole('button', { name: button })).click());
  const dialog = await screen.findByRole('dialog');
  for (const [label, value] of Object.entries(fields)) fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  return dialog;
}

/** A JSON answer of the fake site. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(body === null ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders /admin (with /auth and / beside it) in a fresh store over `fetchImpl` as the site. */
export async function renderAdminPage(fetchImpl: (req: Request) => Promise<Response>): Promise<void> {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => fetchImpl(new Request(input, init))) as typeof fetch;
  await renderRouter(
    [
      { path: '/admin', element: <AdminPage /> },
      { path: '/auth', element: <h1>Auth page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { path: '/admin', toaster: true },
  );
}
