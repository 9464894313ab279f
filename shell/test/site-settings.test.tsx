/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { SAMPLE_SITE_SETTINGS, type SiteSettings } from '@cp/contracts/site-settings';
import { createAppStore } from '@cp/web-core';
import { App, SiteRoutes } from '../src/app/App.tsx';
import { ContactBlock } from '../src/home/ContactBlock.tsx';
import { createRemotesController } from '../src/mf/remotes.ts';
import { ContactPage } from '../src/pages/ContactPage.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

/** The operator's values as the gateway writes them into the page (services/gateway/src/web/site-settings.ts). */
const CONFIGURED: SiteSettings = {
  whatsappGroupUrl: 'https://chat.whatsapp.com/K3yStoneDesi2024Group',
  contactEmail: 'hello@centralpadesi.org',
  contactPhone: '+1 (717) 730-4411',
  founder: {
    name: 'Anita Rao',
    title: 'Founder and volunteer organiser',
    bio: ['Anita moved to Camp Hill in 2015.', 'She started the WhatsApp group in 2018.'],
    photoUrl: '/uploads/founder.jpg',
  },
};

/** The page's settings block, as the gateway writes it (undefined: no block, as on the webpack dev server). */
function pageBlock(text: string | undefined) {
  document.getElementById('site-settings')?.remove();
  if (text === undefined) return;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'site-settings';
  block.textContent = text;
  document.head.append(block);
}

/** The whole site at `path` (header, page, footer) with no backend and no remotes. */
async function renderSite(path: string) {
  globalThis.fetch = (async () => new Response('', { status: 502 })) as typeof fetch;
  const remotes = createRemotesController({ readRegistry: async () => ({ remotes: [] }), register: () => undefined, load: async () => ({}), timeoutMs: 200 });
  await remotes.start();
  await act(async () => {
    render(
      <App store={createAppStore()} remotes={remotes}>
        <MemoryRouter initialEntries={[path]}>
          <SiteRoutes />
        </MemoryRouter>
      </App>,
    );
  });
}

async function renderContactPage() {
  await act(async () => {
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter initialEntries={['/contact']}>
          <ContactPage />
        </MemoryRouter>
      </Provider>,
    );
  });
}

/** Where the page's WhatsApp links (the header's) go. */
const whatsappLinks = () => screen.getAllByRole('link', { name: /Join WhatsApp/ }).map((a) => a.getAttribute('href'));

afterEach(() => pageBlock(undefined));
quietConsole();

describe('the operator\'s values from the page', () => {
  it('/about: the header\'s WhatsApp group and the founder\'s name, title, biography and photo', async () => {
    pageBlock(JSON.stringify(CONFIGURED));
    await renderSite('/about');
    expect(whatsappLinks()).toEqual([CONFIGURED.whatsappGroupUrl]);
    expect(screen.getByText('Anita Rao')).toBeTruthy();
    expect(screen.getByText('Founder and volunteer organiser')).toBeTruthy();
    expect(screen.getByText('Anita moved to Camp Hill in 2015.').tagName).toBe('P');
    expect(screen.getByText('She started the WhatsApp group in 2018.').tagName).toBe('P');
    expect(screen.getByRole('img', { name: 'Anita Rao' }).getAttribute('src')).toBe('/uploads/founder.jpg');
  });

  it('the home contact block: phone and e-mail', async () => {
    pageBlock(JSON.stringify(CONFIGURED));
    render(<ContactBlock />);
    expect(screen.getByText('+1 (717) 730-4411')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@centralpadesi.org' }).getAttribute('href')).toBe('mailto:hello@centralpadesi.org');
  });

  it('/contact: the e-mail card', async () => {
    pageBlock(JSON.stringify(CONFIGURED));
    await renderContactPage();
    expect(screen.getByRole('link', { name: 'hello@centralpadesi.org' }).getAttribute('href')).toBe('mailto:hello@centralpadesi.org');
  });
});

describe('without usable settings: the marked samples', () => {
  it.each([
    ['no block (the webpack dev server)', undefined],
    ['a block that is not JSON', '{"whatsappGroupUrl":'],
    ['a block whose link is not a WhatsApp group', JSON.stringify({ ...CONFIGURED, whatsappGroupUrl: 'javascript:alert(1)' })],
    ['a block without the founder', JSON.stringify({ ...CONFIGURED, founder: undefined })],
  ])('%s', async (_, text) => {
    pageBlock(text);
    await renderSite('/about');
    expect(whatsappLinks()).toEqual([SAMPLE_SITE_SETTINGS.whatsappGroupUrl]);
    expect(screen.getByText(SAMPLE_SITE_SETTINGS.founder.name)).toBeTruthy();
    expect(screen.getByText(SAMPLE_SITE_SETTINGS.founder.bio[0]!)).toBeTruthy();
    expect(screen.queryByRole('img', { name: SAMPLE_SITE_SETTINGS.founder.name })).toBeNull(); // no photo: the initials
    expect(screen.queryByText('Anita Rao')).toBeNull();
  });

  it('the contact block says which variables to set', async () => {
    render(<ContactBlock />);
    expect(screen.getByText('Sample phone: set SITE_CONTACT_PHONE')).toBeTruthy();
    expect(screen.getByRole('link', { name: SAMPLE_SITE_SETTINGS.contactEmail }).textContent).toContain('SITE_CONTACT_EMAIL');
  });
});
