import { ReleaseRemoteNameSchema, ReleaseRequestSchema, ReleaseSchema, ReleasesListSchema } from '@cp/contracts';
import { operations, signedIn } from '@cp/service-kit';
import type { ModerationDeps } from '../use-cases/deps.ts';
import { listRemoteReleases, setRemoteRelease } from '../use-cases/releases.ts';

/** The releases by percentage of the remotes (issue 35 §4): admins only, checked here. */
export const releasesOperations = operations<ModerationDeps>([
  {
    method: 'get', path: '/api/admin/releases', id: 'listReleases', summary: 'The remotes, their live versions and their releases by percentage', auth: 'admin',
    description: 'Issue 35 §4: every registered remote with the versions its live instances run, and its release (state, percent, when and why it rolled back with both error rates).',
    responses: { 200: { description: 'The remotes and their releases.', schema: ReleasesListSchema } }, errors: [503],
    handle: (_ctx, deps) => listRemoteReleases(deps.releases),
  },
  {
    method: 'post', path: '/api/admin/releases/:remote', id: 'setRelease', summary: 'Send a share of the visitors to a version of a remote', auth: 'admin', params: { remote: ReleaseRemoteNameSchema },
    description: 'The version must be one a live instance of the remote runs. 0 % stops the release (everybody gets the stable version), 100 % promotes the version.',
    body: ReleaseRequestSchema, responses: { 200: { description: 'The release.', schema: ReleaseSchema } }, errors: [400, 404, 409, 503],
    handle: (ctx, deps) => setRemoteRelease(deps.releases, signedIn(ctx), ctx.params.remote ?? '', ctx.request.body),
  },
]);
