import type { KV } from '@nats-io/kv';
import { ReleaseRemoteNameSchema, ReleaseRequestSchema, ReleasesListSchema, type Release, type ReleasesList } from '@cp/contracts';
import { HttpError, jsonObject, listReleases, notFound, requestRelease, type AuthUser } from '@cp/service-kit';

/**
 * The admins' side of the releases by percentage (issue 35 §4), here because this service already checks admins on
 * the server (identity's key and session check) and holds a NATS connection: the gateway verifies no sessions.
 * The registry tells which remotes and versions are live; the releases are in the bucket the gateway watches.
 */
export interface ReleasesDeps {
  /** The releases bucket (opened on first use). */
  bucket(): Promise<KV>;
  /** The live remotes and, for each, the versions its instances run (oldest instance's first). */
  liveRemotes(): ReadonlyMap<string, { versions: Array<{ version: string; instances: number }> }>;
}

/** 503 while NATS cannot be reached: the releases cannot be read or written, which is nobody's input's fault. */
async function bucketOf(deps: ReleasesDeps | undefined): Promise<KV> {
  if (!deps) throw new HttpError(503, 'Releases are not available on this server');
  try {
    return await deps.bucket();
  } catch {
    throw new HttpError(503, 'Releases are briefly unavailable. Please try again in a moment.', { headers: { 'Retry-After': '5' } });
  }
}

/** GET /api/admin/releases: every live remote with its versions, and every release (a remote gone keeps its release listed). */
export async function listRemoteReleases(deps: ReleasesDeps | undefined): Promise<ReleasesList> {
  const kv = await bucketOf(deps);
  const releases = await listReleases(kv);
  const live = deps!.liveRemotes();
  const names = [...new Set([...live.keys(), ...releases.keys()])].sort();
  return ReleasesListSchema.parse({
    remotes: names.map((remote) => ({ remote, versions: live.get(remote)?.versions ?? [], ...(releases.has(remote) ? { release: releases.get(remote)!.release } : {}) })),
  });
}

/**
 * POST /api/admin/releases/:remote { version, percent }: sends `percent` of the visitors to `version` (0 stops, 100
 * promotes). 404 for a remote with no live instance, 409 for a version none runs or a release changed meanwhile.
 */
export async function setRemoteRelease(deps: ReleasesDeps | undefined, admin: AuthUser, rawRemote: string, body: unknown): Promise<Release> {
  const remote = ReleaseRemoteNameSchema.safeParse(rawRemote);
  if (!remote.success) throw notFound('No such remote');
  const request = ReleaseRequestSchema.parse(jsonObject(body ?? {}));
  const kv = await bucketOf(deps);
  const live = (deps!.liveRemotes().get(remote.data)?.versions ?? []).map((v) => v.version);
  const result = await requestRelease({ kv, remote: remote.data, live, request, by: `admin:${admin.id}` });
  if ('refused' in result) throw new HttpError(result.refused.status, result.refused.error);
  return result.release;
}
