import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Ban, CheckCircle2, Flag, ScrollText, Trash2, UserCheck } from 'lucide-react';
import { REPORT_KIND_LABELS, REPORT_REASON_LABELS, type BannedUser, type ModerationCase } from '@cp/contracts';
import { Badge, Button, EmptyState, intentHandlers, LoadingState, onIntent, toast, useLoadedOnPress } from '@cp/ui';
import { LoadError, serverErrorText } from '@cp/web-core';
import { useGetModerationBansQuery, useGetModerationCasesQuery, useGetModerationLogQuery, useUnbanUserMutation, type CaseFilter, type Page } from '../api/moderation-api.ts';
import { authorText, CASE_STATUS_LABELS, logActor, logTarget, logWhy, MODERATION_ACTION_LABELS, pageCount } from '../lib/moderation.ts';
import { FORM_FAILED, opensIcon } from './CollectionTab.tsx';
import type { Acting } from './ReportActionDialog.tsx';

// The decision dialog (its form, the body schemas and so zod, Radix's dialog and select) loads on intent of Dismiss,
// Remove or Ban author: reading the queue needs none of it.
const reportActionDialog = onIntent(() => import('./ReportActionDialog.tsx').then((m) => m.ReportActionDialog));

/** A date and time in the admin's own locale (the admin page is never rendered on the server). */
function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

/** Previous / Page n of m / Next under a paged list (nothing when it fits on one page). */
function Pager({ page, data, onPage, label }: { page: number; data: Page<unknown> | undefined; onPage: (page: number) => void; label: string }) {
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** Back one page when the shown page emptied (its last row was decided). */
function useKeepPage(page: number, data: Page<unknown> | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(page - 1);
  }, [data, page, setPage]);
}

/** A list's loading state: two rows' bars. */
const LIST_BARS = ['h-32 w-full', 'h-32 w-full'];

interface ListStateProps {
  query: { isLoading: boolean; error?: unknown; refetch: () => unknown; data?: Page<unknown> | undefined };
  loading: string;
  failed: string;
  empty: { icon: ReactNode; title: string; description: string };
  children: ReactNode;
}

/** A list's loading, failure and empty states, or the list. */
function ListState({ query, loading, failed, empty, children }: ListStateProps) {
  if (query.isLoading) return <LoadingState label={loading} bars={LIST_BARS} className="space-y-3" />;
  if (query.error) return <LoadError title={failed} error={query.error} onRetry={() => void query.refetch()} headingLevel={3} />;
  if (!query.data || query.data.items.length === 0) return <EmptyState headingLevel={3} {...empty} />;
  return <>{children}</>;
}

/** A section of the tab showing one paged list: its heading, the list (or its state), the pager. */
function PagedSection({ id, title, page, onPage, pagerLabel, ...list }: ListStateProps & { id: string; title: string; page: number; onPage: (page: number) => void; pagerLabel: string }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <ListState {...list} />
      <Pager page={page} data={list.query.data} onPage={onPage} label={pagerLabel} />
    </section>
  );
}

/** Which button a decision comes from (the one that shows the dialog's code is loading). */
const actingKey = ({ mode, item }: Acting) => `${mode}-${item.id}`;

/**
 * A reported item of the queue. Its Dismiss, Remove and Ban author buttons load the decision dialog on intent
 * (`preload`); `opening` names the one pressed while it loads (a spinner in its icon's place).
 */
function CaseCard({ item, onAct, preload, opening }: { item: ModerationCase; onAct: (acting: Acting) => void; preload: () => void; opening: string | null }) {
  const titleId = `case-${item.id}`;
  const pending = item.status === 'open' || item.status === 'hidden';
  const author = authorText(item);
  const pressed = (mode: Acting['mode']) => opening === actingKey({ mode, item });
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{REPORT_KIND_LABELS[item.kind]}</Badge>
        <Badge variant={item.status === 'hidden' || item.status === 'removed' ? 'destructive' : 'secondary'}>{CASE_STATUS_LABELS[item.status]}</Badge>
        <span className="text-muted-foreground">
          {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}
        </span>
      </div>
      <h3 id={titleId} className="break-words font-semibold">
        <Link to={item.content.path} className="underline-offset-4 hover:underline">
          {item.content.title}
        </Link>
      </h3>
      {item.content.excerpt ? <p className="line-clamp-3 whitespace-pre-line break-words text-sm">{item.content.excerpt}</p> : null}
      <p className="text-sm text-muted-foreground">
        By {author} · posted <When iso={item.content.createdAt} />
      </p>
      <ul aria-label="Reasons" className="flex flex-wrap gap-2">
        {item.reasons.map((r) => (
          <li key={r.reason}>
            <Badge variant="accent">
              {REPORT_REASON_LABELS[r.reason]} × {r.count}
            </Badge>
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Reporters ({item.reports.length})</summary>
        <ul aria-label="Reports" className="mt-2 space-y-2">
          {item.reports.map((report) => (
            <li key={report.id} className="rounded-md border p-2">
              <p className="flex flex-wrap gap-x-2">
                <span className="font-medium">{report.reporterName}</span>
                <span>{REPORT_REASON_LABELS[report.reason]}</span>
                <span className="text-muted-foreground">
                  <When iso={report.createdAt} />
                </span>
              </p>
              {report.details ? <p className="mt-1 whitespace-pre-line break-words text-muted-foreground">{report.details}</p> : null}
            </li>
          ))}
        </ul>
      </details>
      <p className="text-xs text-muted-foreground">
        First reported <When iso={item.firstReportedAt} />, last <When iso={item.lastReportedAt} />
        {item.decidedAt ? (
          <>
            {' '}
            · decided <When iso={item.decidedAt} />
          </>
        ) : null}
      </p>
      {pending ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-haspopup="dialog" aria-busy={pressed('dismiss') || undefined} onClick={() => onAct({ mode: 'dismiss', item })} {...intentHandlers(preload)}>
            {opensIcon(pressed('dismiss'), <CheckCircle2 aria-hidden="true" />)}
            Dismiss<span className="sr-only"> the reports of {item.content.title}</span>
          </Button>
          <Button variant="outline" size="sm" aria-haspopup="dialog" aria-busy={pressed('remove') || undefined} onClick={() => onAct({ mode: 'remove', item })} {...intentHandlers(preload)}>
            {opensIcon(pressed('remove'), <Trash2 aria-hidden="true" />)}
            Remove<span className="sr-only"> {item.content.title}</span>
          </Button>
          {item.content.authorId ? (
            <Button variant="destructive" size="sm" aria-haspopup="dialog" aria-busy={pressed('ban') || undefined} onClick={() => onAct({ mode: 'ban', item })} {...intentHandlers(preload)}>
              {opensIcon(pressed('ban'), <Ban aria-hidden="true" />)}
              Ban author<span className="sr-only"> {author}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function CasesSection() {
  const [status, setStatus] = useState<CaseFilter>('pending');
  const [page, setPage] = useState(1);
  const query = useGetModerationCasesQuery({ status, page });
  const [acting, setActing] = useState<Acting | null>(null);
  const dialog = useLoadedOnPress(reportActionDialog, FORM_FAILED);
  const ActionDialog = dialog.loaded;
  const act = (next: Acting) => dialog.whenLoaded(actingKey(next), () => setActing(next));
  useKeepPage(page, query.data, setPage);
  const show = (next: CaseFilter) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <section aria-labelledby="reports-queue-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reports-queue-title" className="text-xl font-semibold">
          Reported Items
        </h2>
        <div role="group" aria-label="Which reports" className="flex gap-2">
          <Button size="sm" variant={status === 'pending' ? 'default' : 'outline'} aria-pressed={status === 'pending'} onClick={() => show('pending')}>
            Pending
          </Button>
          <Button size="sm" variant={status === 'closed' ? 'default' : 'outline'} aria-pressed={status === 'closed'} onClick={() => show('closed')}>
            Closed
          </Button>
        </div>
      </div>
      <ListState
        query={query}
        loading="Loading reports…"
        failed="Reports could not be loaded"
        empty={
          status === 'pending'
            ? { icon: <Flag />, title: 'No reports to review', description: 'Reported listings, posts, replies, businesses and reviews appear here.' }
            : { icon: <Flag />, title: 'No closed reports', description: 'Dismissed and removed items appear here.' }
        }
      >
        <ul className="space-y-4">
          {query.data?.items.map((item) => (
            <li key={item.id}>
              <CaseCard item={item} onAct={act} preload={reportActionDialog.preload} opening={dialog.opening} />
            </li>
          ))}
        </ul>
      </ListState>
      <Pager page={page} data={query.data} onPage={setPage} label="Reported items pages" />
      {ActionDialog ? <ActionDialog acting={acting} onClose={() => setActing(null)} /> : null}
    </section>
  );
}

function BanRow({ ban }: { ban: BannedUser }) {
  const [unban, { isLoading }] = useUnbanUserMutation();
  const name = ban.username ?? ban.userId;
  async function onUnban() {
    try {
      await unban({ userId: ban.userId }).unwrap();
      toast({ title: 'Success', description: `${name} was unbanned.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: serverErrorText(error) ?? 'Failed to unban. Please try again.', variant: 'destructive' });
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-3 text-sm">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{name}</p>
        <p className="break-words text-muted-foreground">{ban.reason}</p>
        <p className="text-xs text-muted-foreground">
          Banned <When iso={ban.bannedAt} />
        </p>
      </div>
      <Button variant="outline" size="sm" disabled={isLoading} onClick={() => void onUnban()}>
        <UserCheck aria-hidden="true" />
        Unban<span className="sr-only"> {name}</span>
      </Button>
    </li>
  );
}

function BansSection() {
  const [page, setPage] = useState(1);
  const query = useGetModerationBansQuery(page);
  useKeepPage(page, query.data, setPage);
  return (
    <PagedSection
      id="bans-title"
      title="Banned Users"
      query={query}
      loading="Loading bans…"
      failed="Bans could not be loaded"
      empty={{ icon: <UserCheck />, title: 'No banned users', description: 'Authors banned from a report appear here.' }}
      page={page}
      onPage={setPage}
      pagerLabel="Banned users pages"
    >
      <ul className="space-y-2">
        {query.data?.items.map((ban) => (
          <BanRow key={ban.userId} ban={ban} />
        ))}
      </ul>
    </PagedSection>
  );
}

function LogSection() {
  const [page, setPage] = useState(1);
  const query = useGetModerationLogQuery(page);
  return (
    <PagedSection
      id="audit-log-title"
      title="Audit Log"
      query={query}
      loading="Loading the audit log…"
      failed="The audit log could not be loaded"
      empty={{ icon: <ScrollText />, title: 'No moderation actions yet', description: 'Every decision is recorded here.' }}
      page={page}
      onPage={setPage}
      pagerLabel="Audit log pages"
    >
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-2">
                When
              </th>
              <th scope="col" className="p-2">
                Who
              </th>
              <th scope="col" className="p-2">
                What
              </th>
              <th scope="col" className="p-2">
                On
              </th>
              <th scope="col" className="p-2">
                Why
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data?.items.map((entry) => (
              <tr key={entry.id} className="border-t">
                <td className="whitespace-nowrap p-2">
                  <When iso={entry.at} />
                </td>
                <td className="p-2">{logActor(entry)}</td>
                <td className="p-2">{MODERATION_ACTION_LABELS[entry.action]}</td>
                <td className="break-words p-2">{logTarget(entry)}</td>
                <td className="break-words p-2">{logWhy(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PagedSection>
  );
}

/**
 * The Reports tab (issue 21 §3): the queue of reported items (pending: by number of reports, then newest; or the closed
 * ones) with Dismiss, Remove and Ban author; the banned users with Unban; the audit log, newest first. The moderation
 * service checks every call is an admin's.
 */
export function ReportsTab() {
  return (
    <div className="space-y-10">
      <CasesSection />
      <BansSection />
      <LogSection />
    </div>
  );
}

