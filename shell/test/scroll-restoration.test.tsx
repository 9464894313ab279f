/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { ScrollRestoration } from '../src/chrome/ScrollRestoration.tsx';

let navigate: NavigateFunction = () => undefined;
function Capture() {
  navigate = useNavigate();
  return <div id="section">section</div>;
}

/** jsdom does not scroll: scrollTo records the position and fires `scroll` like a browser. */
const scrollTo = jest.fn((_x: number, y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
});

describe('ScrollRestoration (the chrome, without the data router)', () => {
  beforeEach(() => {
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    scrollTo.mockClear();
    sessionStorage.clear();
  });

  it('a new page starts at the top or at its #hash; Back returns to where the visitor was; positions survive a reload', async () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const view = render(
      <MemoryRouter initialEntries={['/a']}>
        <ScrollRestoration />
        <Capture />
      </MemoryRouter>,
    );
    expect(window.history.scrollRestoration).toBe('manual');
    act(() => window.scrollTo(0, 640)); // the visitor scrolls down /a

    await act(async () => navigate('/b'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(async () => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    await act(async () => navigate('/c#section'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('cp-scroll-positions') ?? '[]') as Array<[string, number]>;
    expect(saved.map(([, y]) => y)).toContain(640);
    view.unmount();
  });
});
