import { ContentSnapshotSchema, REPORT_KIND_OWNER, type ContentSnapshot, type ReportKind } from '@cp/contracts';
import { getInternal, HttpError } from '@cp/service-kit';

/** Where moderation learns what a reported item is: its owner service's internal content endpoint. */
export interface ContentOwners {
  /**
   * The item as its owner describes it (hidden items included); null when it does not exist; 503 when the owner cannot
   * answer. `reporterId`: who reports it — a conversation (issue 23) is private to its two participants, so the messages
   * service answers it only to one of them (anyone else: null) and names the other as its author.
   */
  snapshot(kind: ReportKind, itemId: string, reporterId?: string): Promise<ContentSnapshot | null>;
}

/** Each owner's origin (a test may leave one undefined: its kinds answer 503). */
export type OwnerUrls = Record<(typeof REPORT_KIND_OWNER)[ReportKind], string | undefined>;

const unavailable = () => new HttpError(503, 'Service unavailable');

/**
 * GET {owner}/internal/content/{kind}/{id} (never routed by the gateway), answer checked with ContentSnapshotSchema.
 * 404 → null; an owner that is down, slow, answers anything else or a snapshot of another item → 503 (try again later),
 * never "no such item".
 */
export function httpContentOwners(urls: OwnerUrls, timeoutMs = 3_000): ContentOwners {
  return {
    async snapshot(kind, itemId, reporterId) {
      const origin = urls[REPORT_KIND_OWNER[kind]];
      if (origin === undefined) throw unavailable();
      const url = new URL(`/internal/content/${encodeURIComponent(kind)}/${encodeURIComponent(itemId)}`, origin);
      if (kind === 'conversation' && reporterId !== undefined) url.searchParams.set('reporterId', reporterId);
      let found: ContentSnapshot | null;
      try {
        found = await getInternal(url, ContentSnapshotSchema, timeoutMs);
      } catch {
        throw unavailable();
      }
      if (found && (found.kind !== kind || found.itemId !== itemId)) throw unavailable();
      return found;
    },
  };
}
