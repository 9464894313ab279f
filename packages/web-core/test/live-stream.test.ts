import { isLiveOpen, RETRY_MS, subscribeLive, watchLive } from '../lib/live-stream.ts';
import { FakeEventSource } from './support/fake-event-source.ts';

const live = () => FakeEventSource.instances.filter((s) => !s.closed);

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  jest.useRealTimers();
});

describe('@cp/web-core/live-stream: one connection per stream for the whole page', () => {
  it('listeners share one EventSource; each hears only its events; the last one to leave closes it', () => {
    const heardA: string[] = [];
    const heardB: string[] = [];
    const stopA = subscribeLive('/api/s', ['message', 'read'], (event, data) => heardA.push(`${event}:${data}`));
    const stopB = subscribeLive('/api/s', ['ready', 'message'], (event) => heardB.push(event));
    expect(live().map((s) => s.url)).toEqual(['/api/s']);
    const [source] = live();
    source!.emit('ready');
    source!.emit('message', '{"conversationId":"c1"}');
    source!.emit('read');
    source!.emit('typing');
    expect(heardA).toEqual(['message:{"conversationId":"c1"}', 'read:{}']);
    expect(heardB).toEqual(['ready', 'message']);
    stopA();
    expect(live()).toHaveLength(1);
    stopB();
    expect(live()).toHaveLength(0);
    // a new listener opens a new connection
    const stopC = subscribeLive('/api/s', ['message'], () => undefined);
    expect(live()).toHaveLength(1);
    stopC();
  });

  it('another stream URL is another connection', () => {
    const stops = [subscribeLive('/api/a', ['x'], () => undefined), subscribeLive('/api/b', ['x'], () => undefined)];
    expect(live().map((s) => s.url).sort()).toEqual(['/api/a', '/api/b']);
    for (const stop of stops) stop();
  });

  it('open or not, watched; a dropped connection is left to the browser to reconnect', () => {
    const changes: boolean[] = [];
    const unwatch = watchLive('/api/w', () => changes.push(isLiveOpen('/api/w')));
    const stop = subscribeLive('/api/w', ['message'], () => undefined);
    expect(isLiveOpen('/api/w')).toBe(false);
    const [source] = live();
    source!.open();
    source!.drop();
    source!.open();
    expect(changes).toEqual([true, false, true]);
    expect(FakeEventSource.instances).toHaveLength(1);
    stop();
    expect(changes).toEqual([true, false, true, false]);
    unwatch();
  });

  it('a refused stream is opened again later, while someone listens, backing off', () => {
    jest.useFakeTimers();
    const heard: string[] = [];
    const stop = subscribeLive('/api/r', ['message'], (event) => heard.push(event));
    FakeEventSource.instances[0]!.refuse();
    expect(isLiveOpen('/api/r')).toBe(false);
    jest.advanceTimersByTime(RETRY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    // refused again: the next try waits twice as long
    FakeEventSource.instances[1]!.refuse();
    jest.advanceTimersByTime(RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    jest.advanceTimersByTime(RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(3);
    // the new connection carries the listeners' events
    FakeEventSource.instances[2]!.open();
    FakeEventSource.instances[2]!.emit('message');
    expect(heard).toEqual(['message']);
    // nobody listens any more: no retry
    FakeEventSource.instances[2]!.refuse();
    stop();
    jest.advanceTimersByTime(10 * RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('without EventSource (the server, old browsers): nothing opens, never open', () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    const stop = subscribeLive('/api/n', ['message'], () => undefined);
    expect(isLiveOpen('/api/n')).toBe(false);
    stop();
  });
});
