import { ID_PATTERN, SAVED_LISTINGS_MERGE_MAX } from '@cp/contracts';

/**
 * The Save toggles of someone signed out (issue 22 §2): the listing ids, newest first, in this browser's local storage,
 * so that they can be merged into the account at login (mergeLocalSaves). Nothing here is sent anywhere by itself.
 */
export const LOCAL_SAVES_KEY = 'cp.savedListings';

/** What local storage offers (a test passes its own). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const EMPTY: readonly string[] = Object.freeze([]);

/** The page's local storage, or null (the server, a browser that refuses storage). */
function pageStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The locally saved ids, newest first: only well-formed ids, each once, at most SAVED_LISTINGS_MERGE_MAX (what one
 * merge takes). Anything unreadable (another format, a hand edit) reads as nothing saved.
 */
export function readLocalSaves(storage: KeyValueStorage | null = pageStorage()): readonly string[] {
  let raw: string | null;
  try {
    raw = storage?.getItem(LOCAL_SAVES_KEY) ?? null;
  } catch {
    return EMPTY;
  }
  if (!raw) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return EMPTY;
    const ids = parsed.filter((v): v is string => typeof v === 'string' && ID_PATTERN.test(v));
    return [...new Set(ids)].slice(0, SAVED_LISTINGS_MERGE_MAX);
  } catch {
    return EMPTY;
  }
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; ids: readonly string[] } | undefined;

function writeLocalSaves(ids: readonly string[], storage: KeyValueStorage | null): void {
  try {
    if (ids.length === 0) storage?.removeItem(LOCAL_SAVES_KEY);
    else storage?.setItem(LOCAL_SAVES_KEY, JSON.stringify(ids.slice(0, SAVED_LISTINGS_MERGE_MAX)));
  } catch {
    // storage full or refused: the toggle still shows for this page view
  }
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** Saves or unsaves one listing locally; a new save goes first (newest first). Returns the ids after. */
export function setLocalSave(listingId: string, saved: boolean, storage: KeyValueStorage | null = pageStorage()): readonly string[] {
  const others = readLocalSaves(storage).filter((id) => id !== listingId);
  const next = saved && ID_PATTERN.test(listingId) ? [listingId, ...others] : others;
  writeLocalSaves(next, storage);
  return next;
}

/** For useSyncExternalStore: the page's local saves (the same array while the stored text is the same). */
export function localSavesSnapshot(): readonly string[] {
  let raw: string | null;
  try {
    raw = pageStorage()?.getItem(LOCAL_SAVES_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (snapshot === undefined || snapshot.raw !== raw) snapshot = { raw, ids: readLocalSaves() };
  return snapshot.ids;
}

/** The server's (and hydration's) snapshot: nothing saved, as the server cannot know. */
export const serverLocalSaves = (): readonly string[] => EMPTY;

/** For useSyncExternalStore: called when the local saves change, in this tab or another. */
export function subscribeLocalSaves(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== LOCAL_SAVES_KEY && e.key !== null) return;
    snapshot = undefined;
    listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

let inFlight: Promise<MergeOutcome> | undefined;

export type MergeOutcome = 'nothing' | 'merged' | 'failed';

/**
 * Merges the local saves into the signed-in account once: sends them (`post`: POST /api/saved-listings/merge), and
 * when the account took them removes exactly those from the local list (a toggle made meanwhile stays for the next
 * merge); when the request fails they stay, and the next login or saved-aware page tries again. The server skips ids
 * it does not know and the ones already saved, so sending again is harmless. Calls made while one is under way share it.
 */
export function mergeLocalSaves(post: (listingIds: string[]) => Promise<unknown>, storage: KeyValueStorage | null = pageStorage()): Promise<MergeOutcome> {
  inFlight ??= (async (): Promise<MergeOutcome> => {
    const sent = readLocalSaves(storage);
    if (sent.length === 0) return 'nothing';
    try {
      await post([...sent]);
    } catch {
      return 'failed';
    }
    writeLocalSaves(
      readLocalSaves(storage).filter((id) => !sent.includes(id)),
      storage,
    );
    return 'merged';
  })().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
