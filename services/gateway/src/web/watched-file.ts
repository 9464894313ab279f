import { readFile, stat } from 'node:fs/promises';

/**
 * A value derived from a build file, derived again only when the file changes (size or modification time): a rebuild
 * (watch mode) or a redeployed folder is picked up by the next call, and an unchanged file costs one `stat`.
 * `derive` gets the file's text, or `undefined` when there is no such file (or it vanished before it could be read).
 */
export function watchedFile<T>(file: string, derive: (text: string | undefined) => T): () => Promise<T> {
  let cached: { version: string; value: T } | undefined;
  return async () => {
    const version = await stat(file).then(
      (info) => `${info.size}-${info.mtimeMs}`,
      () => 'missing',
    );
    if (cached?.version === version) return cached.value;
    const text = version === 'missing' ? undefined : await readFile(file, 'utf8').catch(() => undefined);
    cached = { version, value: derive(text) };
    return cached.value;
  };
}
