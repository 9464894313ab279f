import { SAVED_LISTINGS_MERGE_MAX } from '@cp/contracts';
import { LOCAL_SAVES_KEY, mergeLocalSaves, readLocalSaves, setLocalSave, type KeyValueStorage } from '../lib/saved/local-saves.ts';
import { signInApi, signInWithLocalSaves } from '../lib/api/sign-in-api.ts';
import { createAppStore } from '../lib/store.ts';

/** A local storage in memory. */
function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const stored = (s: KeyValueStorage) => JSON.parse(s.getItem(LOCAL_SAVES_KEY) ?? '[]') as string[];

describe('local saves (issue 22 §2: the Save toggle of someone signed out)', () => {
  it('keeps the ids newest first, each once; an unsave takes one out', () => {
    const s = memoryStorage();
    setLocalSave(id(1), true, s);
    setLocalSave(id(2), true, s);
    setLocalSave(id(1), true, s);
    expect(readLocalSaves(s)).toEqual([id(1), id(2)]);
    setLocalSave(id(1), false, s);
    expect(stored(s)).toEqual([id(2)]);
    setLocalSave(id(2), false, s);
    expect(s.getItem(LOCAL_SAVES_KEY)).toBeNull();
  });

  it('reads junk as nothing saved, drops what is not an id, and never holds more than one merge takes', () => {
    expect(readLocalSaves(memoryStorage({ [LOCAL_SAVES_KEY]: '{not json' }))).toEqual([]);
    expect(readLocalSaves(memoryStorage({ [LOCAL_SAVES_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readLocalSaves(memoryStorage({ [LOCAL_SAVES_KEY]: JSON.stringify([id(1), 'x', 42, null, id(1), id(2)]) }))).toEqual([id(1), id(2)]);
    const many = Array.from({ length: SAVED_LISTINGS_MERGE_MAX + 20 }, (_, i) => id(i + 1));
    expect(readLocalSaves(memoryStorage({ [LOCAL_SAVES_KEY]: JSON.stringify(many) }))).toHaveLength(SAVED_LISTINGS_MERGE_MAX);
    const s = memoryStorage({ [LOCAL_SAVES_KEY]: JSON.stringify(many) });
    setLocalSave(id(9999), true, s);
    expect(stored(s)).toHaveLength(SAVED_LISTINGS_MERGE_MAX);
    expect(stored(s)[0]).toBe(id(9999));
    expect(readLocalSaves(null)).toEqual([]);
  });
});

describe('merging the local saves into the account', () => {
  it('sends nothing when nothing is saved', async () => {
    const post = jest.fn(async () => undefined);
    expect(await mergeLocalSaves(post, memoryStorage())).toBe('nothing');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the ids once and clears exactly those: a save made meanwhile stays for the next merge', async () => {
    const s = memoryStorage();
    setLocalSave(id(2), true, s);
    setLocalSave(id(1), true, s);
    let release!: () => void;
    const post = jest.fn((ids: string[]) => {
      expect(ids).toEqual([id(1), id(2)]);
      return new Promise<void>((resolve) => (release = resolve));
    });
    const first = mergeLocalSaves(post, s);
    const second = mergeLocalSaves(post, s); // another caller meanwhile shares the merge under way
    await Promise.resolve();
    setLocalSave(id(3), true, s);
    release();
    expect(await first).toBe('merged');
    expect(await second).toBe('merged');
    expect(post).toHaveBeenCalledTimes(1);
    expect(readLocalSaves(s)).toEqual([id(3)]);
  });

  it('keeps the local saves when the account did not take them', async () => {
    const s = memoryStorage();
    setLocalSave(id(1), true, s);
    expect(await mergeLocalSaves(() => Promise.reject(new Error('503')), s)).toBe('failed');
    expect(readLocalSaves(s)).toEqual([id(1)]);
    // The next try sends them again.
    const post = jest.fn(async () => undefined);
    expect(await mergeLocalSaves(post, s)).toBe('merged');
    expect(post).toHaveBeenCalledWith([id(1)]);
    expect(readLocalSaves(s)).toEqual([]);
  });
});

describe('login and registration merge the browser’s saves into the account', () => {
  const USER = { id: id(77), username: 'priya', email: 'p@example.com', isAdmin: false };
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  let calls: Request[] = [];
  let storage: ReturnType<typeof memoryStorage>;

  beforeAll(() => {
    globalThis.Request = class extends RealRequest {
      constructor(input: string | URL | Request, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://site.test${input}` : input, init);
      }
    } as typeof Request;
  });
  afterAll(() => {
    globalThis.Request = RealRequest;
  });
  beforeEach(() => {
    storage = memoryStorage();
    (globalThis as { window?: unknown }).window = { localStorage: storage, addEventListener() {}, removeEventListener() {} };
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as { window?: unknown }).window;
  });

  function serve(merge: (body: unknown) => Response) {
    calls = [];
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://site.test'), init);
      calls.push(request);
      const path = new URL(request.url).pathname;
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/saved-listings/merge') return merge(await request.clone().json());
      if (path === '/api/local-login' || path === '/api/register') return json(USER);
      return json({ error: 'Not found' }, 404);
    }) as typeof fetch;
  }

  it.each([
    ['login', (store: ReturnType<typeof createAppStore>) => signInWithLocalSaves(store.dispatch, store.dispatch(signInApi.endpoints.login.initiate({ username: 'priya', password: 'secret1', rememberMe: false })).unwrap())],
    ['register', (store: ReturnType<typeof createAppStore>) => signInWithLocalSaves(store.dispatch, store.dispatch(signInApi.endpoints.register.initiate({ username: 'priya', password: 'secret1', email: 'p@example.com', termsAccepted: true } as never)).unwrap())],
  ])('%s: POST /api/saved-listings/merge with the local ids, then the local list is empty', async (_name, signIn) => {
    setLocalSave(id(2), true, storage);
    setLocalSave(id(1), true, storage);
    const merged: unknown[] = [];
    serve((body) => {
      merged.push(body);
      return new Response(JSON.stringify({ merged: 2, skipped: 0, total: 2 }), { headers: { 'content-type': 'application/json' } });
    });
    await signIn(createAppStore());
    // Done when the sign-in resolves: the redirect that follows a login cannot cut the merge off.
    expect(merged).toEqual([{ listingIds: [id(1), id(2)] }]);
    expect(calls.find((c) => c.url.endsWith('/api/saved-listings/merge'))?.method).toBe('POST');
    expect(readLocalSaves(storage)).toEqual([]);
  });

  it('a refused merge keeps the local saves; a login with none sends no merge', async () => {
    setLocalSave(id(1), true, storage);
    serve(() => new Response(JSON.stringify({ error: 'Service unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } }));
    const store = createAppStore();
    await signInWithLocalSaves(store.dispatch, store.dispatch(signInApi.endpoints.login.initiate({ username: 'priya', password: 'secret1', rememberMe: false })).unwrap());
    expect(calls.some((c) => c.url.endsWith('/merge'))).toBe(true);
    expect(readLocalSaves(storage)).toEqual([id(1)]);

    setLocalSave(id(1), false, storage);
    serve(() => {
      throw new Error('no merge expected');
    });
    const again = createAppStore();
    await signInWithLocalSaves(again.dispatch, again.dispatch(signInApi.endpoints.login.initiate({ username: 'priya', password: 'secret1', rememberMe: false })).unwrap());
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/local-login']);
  });
});
