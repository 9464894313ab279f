/**
 * @jest-environment jsdom
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { boundariesAwaitingHydration } from '../src/app/ready.ts';

/** A button that counts its clicks: React's once hydrated, inert server HTML before. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

/** A page shaped like the site's: the root's own markup, a page boundary, sections with boundaries of their own. */
function Page({ Section }: { Section: ComponentType }) {
  return (
    <div>
      <header>
        <Counter label="header" />
      </header>
      <Suspense fallback={<p>Loading page…</p>}>
        <title>A page</title>
        <main>
          <Counter label="page" />
          <Suspense fallback={<p>Loading section…</p>}>
            <Section />
          </Suspense>
          text of the page
        </main>
        <Suspense fallback={null}>text only</Suspense>
      </Suspense>
    </div>
  );
}

const section = () => (
  <section>
    <Counter label="section" />
  </section>
);

const reactOwns = (el: Element | null) => Boolean(el) && Object.keys(el!).some((k) => k.startsWith('__reactFiber$'));

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function serverMarkup(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page Section={section} />);
  document.body.append(container);
  return container;
}

describe('boundariesAwaitingHydration (when <html data-ready> may be set)', () => {
  it("counts the server's boundaries before hydration and none once React has hydrated them", async () => {
    const container = serverMarkup();
    // The page boundary and the section's (the text-only one has nothing of its own to wait for).
    expect(boundariesAwaitingHydration(container)).toBe(2);
    await act(async () => {
      root = hydrateRoot(container, <Page Section={section} />);
    });
    expect(boundariesAwaitingHydration(container)).toBe(0);
    expect(reactOwns(container.querySelector('section button'))).toBe(true);
  });

  it('keeps counting a boundary whose code has not arrived: its buttons are still inert HTML', async () => {
    const container = serverMarkup();
    const never = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));
    await act(async () => {
      root = hydrateRoot(container, <Page Section={never} />);
    });
    // The root and the page are React's; the section is not, and is counted.
    expect(reactOwns(container.querySelector('header button'))).toBe(true);
    expect(reactOwns(container.querySelector('main > button'))).toBe(true);
    expect(reactOwns(container.querySelector('section button'))).toBe(false);
    expect(boundariesAwaitingHydration(container)).toBe(1);
  });

  it('counts a boundary the server left to the browser until the browser has rendered it', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<div><!--$!--><template data-msg="left to the browser"></template><p>Loading page…</p><!--/$--></div>';
    document.body.append(container);
    expect(boundariesAwaitingHydration(container)).toBe(1);
    await act(async () => {
      root = hydrateRoot(
        container,
        <div>
          <Suspense fallback={<p>Loading page…</p>}>
            <Counter label="client" />
          </Suspense>
        </div>,
        { onRecoverableError: () => undefined },
      );
    });
    expect(container.querySelector('button')?.textContent).toBe('client 0');
    expect(boundariesAwaitingHydration(container)).toBe(0);
  });
});
