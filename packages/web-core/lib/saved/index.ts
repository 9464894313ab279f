/**
 * Saved listings on the pages (issue 22 §2): `@cp/web-core/saved-listings`, bundled by each app that uses it (not a
 * shared singleton): the local saves of someone signed out and their merge into the account at login.
 */
export { LOCAL_SAVES_KEY, localSavesSnapshot, mergeLocalSaves, readLocalSaves, serverLocalSaves, setLocalSave, subscribeLocalSaves, type KeyValueStorage, type MergeOutcome } from './local-saves.ts';
export { mergeLocalSavesIntoAccount, savedMergeApi } from './merge-api.ts';
