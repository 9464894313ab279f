/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { LIMITS } from '@cp/contracts';
import { createAppStore } from '@cp/web-core';
import { ContactPage, subjectFromQuery } from '../src/pages/ContactPage.tsx';

async function renderAt(url: string) {
  await act(async () => {
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter initialEntries={[url]}>
          <ContactPage />
        </MemoryRouter>
      </Provider>,
    );
  });
}

describe('/contact?subject=', () => {
  it('starts the form with the subject another page asks for (the directory: suggest a business)', async () => {
    await renderAt('/contact?subject=Suggest%20a%20business%20for%20the%20directory');
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('Suggest a business for the directory');
  });

  it('without one, the subject is empty', async () => {
    await renderAt('/contact');
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('');
  });

  it('keeps it plain text: control characters become spaces, markup stays text, at most the subject length', () => {
    expect(subjectFromQuery('Hi\u0000there\n')).toBe('Hi there');
    expect(subjectFromQuery('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(subjectFromQuery('x'.repeat(5000))).toHaveLength(LIMITS.shortTextMax);
    expect(subjectFromQuery(null)).toBe('');
  });
});
