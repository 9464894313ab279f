import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Ban, CheckCircle2, Flag, ScrollText, Trash2, UserCheck } from 'lucide-react';
import {
  BanUserBodySchema,
  DismissCaseBodySchema,
  REPORT_KIND_LABELS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  RemoveCaseBodySchema,
  type BannedUser,
  type ModerationCase,
  type ReportReason,
} from '@cp/contracts';
import { Badge, Button, EmptyState, Field, Skeleton, Textarea, toast } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import { LoadError, serverErrorText, validate, type FieldErrors } from '@cp/web-core';
import { REPORT_KIND_NOUNS } from '@cp/web-core/moderation';
import {
  useBanUserMutation,
  useDismissModerationCaseMutation,
  useGetModerationBansQuery,
  useGetModerationCasesQuery,
  useGetModerationLogQuery,
  useRemoveModerationCaseMutation,
  useUnbanUserMutation,
  type CaseFilter,
  type Page,
} from '../api/moderation-api.ts';
import { authorText, CASE_STATUS_LABELS, confirmBan, logActor, logTarget, logWhy, MODERATION_ACTION_LABELS, pageCount, topReason } from '../lib/moderation.ts';

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

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

/** A list's loading, failure and empty states, or the list. */
function ListState({ query, loading, failed, empty, children }: { query: { isLoading: boolean; error?: unknown; refetch: () => unknown; data?: Page<unknown> | undefined }; loading: string; failed: string; empty: { icon: ReactNode; title: string; description: string }; children: ReactNode }) {
  if (query.isLoading) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{loading}</span>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.error) return <LoadError title={failed} error={query.error} onRetry={() => void query.refetch()} headingLevel={3} />;
  if (!query.data || query.data.items.length === 0) return <EmptyState headingLevel={3} {...empty} />;
  return <>{children}</>;
}

type Acting = { mode: 'dismiss' | 'remove' | 'ban'; item: ModerationCase };

function CaseCard({ item, onAct }: { item: ModerationCase; onAct: (acting: Acting) => void }) {
  const titleId = `case-${item.id}`;
  const pending = item.status === 'open' || item.status === 'hidden';
  const author = authorText(item);
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
          <Button variant="outline" size="sm" onClick={() => onAct({ mode: 'dismiss', item })}>
            <CheckCircle2 aria-hidden="true" />
            Dismiss<span className="sr-only"> the reports of {item.content.title}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => onAct({ mode: 'remove', item })}>
            <Trash2 aria-hidden="true" />
            Remove<span className="sr-only"> {item.content.title}</span>
          </Button>
          {item.content.authorId ? (
            <Button variant="destructive" size="sm" onClick={() => onAct({ mode: 'ban', item })}>
              <Ban aria-hidden="true" />
              Ban author<span className="sr-only"> {author}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** Dismiss (an optional note), Remove (a reason, an optional note) or Ban the author (a reason, then a confirm). */
function ActionForm({ acting, onDone }: { acting: Acting; onDone: () => void }) {
  const { mode, item } = acting;
  const [reason, setReason] = useState<ReportReason>(() => topReason(item));
  const [banReason, setBanReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dismiss, dismissing] = useDismissModerationCaseMutation();
  const [remove, removing] = useRemoveModerationCaseMutation();
  const [ban, banning] = useBanUserMutation();
  const busy = dismissing.isLoading || removing.isLoading || banning.isLoading;
  const author = authorText(item);

  async function run(write: () => Promise<unknown>, success: string, failure: string) {
    try {
      await write();
      toast({ title: 'Success', description: success, variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: serverErrorText(error) ?? failure, variant: 'destructive' });
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (mode === 'dismiss') {
      const checked = validate(DismissCaseBodySchema, { note });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      const args = checked.data.note ? { caseId: item.id, note: checked.data.note } : { caseId: item.id };
      await run(() => dismiss(args).unwrap(), 'The reports were dismissed and the item is shown again.', 'Failed to dismiss the reports. Please try again.');
    } else if (mode === 'remove') {
      const checked = validate(RemoveCaseBodySchema, { reason, note });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      const args = checked.data.note ? { caseId: item.id, reason: checked.data.reason, note: checked.data.note } : { caseId: item.id, reason: checked.data.reason };
      await run(() => remove(args).unwrap(), 'The item was removed and its author is told why by e-mail.', 'Failed to remove the item. Please try again.');
    } else {
      const userId = item.content.authorId;
      const checked = validate(BanUserBodySchema, { reason: banReason, caseId: item.id });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      if (!userId || !window.confirm(confirmBan(author))) return;
      await run(() => ban({ userId, reason: checked.data.reason, caseId: item.id }).unwrap(), `${author} was banned.`, 'Failed to ban the author. Please try again.');
    }
  }

  const noteField = (
    <Field label="Note" hint="Optional: for the audit log (and, with a removal, the author's e-mail)." error={errors.note}>
      <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
    </Field>
  );
  const submit = { dismiss: 'Dismiss', remove: 'Remove', ban: 'Ban author' }[mode];
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      {mode === 'remove' ? <SelectField label="Reason" required value={reason} options={REASON_OPTIONS} onChange={setReason} error={errors.reason} /> : null}
      {mode === 'ban' ? (
        <Field label="Reason" required error={errors.reason} hint="Shown in the audit log and the bans list.">
          <Textarea value={banReason} onChange={(e) => setBanReason(e.target.value)} rows={3} />
        </Field>
      ) : (
        noteField
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant={mode === 'dismiss' ? 'default' : 'destructive'} disabled={busy}>
          {busy ? 'Saving...' : submit}
        </Button>
      </DialogFooter>
    </form>
  );
}

function actionTitle({ mode, item }: Acting): { title: string; description: string } {
  const noun = REPORT_KIND_NOUNS[item.kind];
  if (mode === 'dismiss') return { title: 'Dismiss the reports', description: `"${item.content.title}" is shown to everyone again and its reports are closed.` };
  if (mode === 'remove') return { title: `Remove this ${noun}`, description: `"${item.content.title}" is deleted, and its author receives an e-mail naming it and the reason.` };
  return { title: `Ban ${authorText(item)}`, description: 'Their sessions end at once, they cannot log in, and all their content is hidden until they are unbanned.' };
}

function CasesSection() {
  const [status, setStatus] = useState<CaseFilter>('pending');
  const [page, setPage] = useState(1);
  const query = useGetModerationCasesQuery({ status, page });
  const [acting, setActing] = useState<Acting | null>(null);
  useKeepPage(page, query.data, setPage);
  const show = (next: CaseFilter) => {
    setStatus(next);
    setPage(1);
  };
  const heading = acting ? actionTitle(acting) : null;
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
              <CaseCard item={item} onAct={setActing} />
            </li>
          ))}
        </ul>
      </ListState>
      <Pager page={page} data={query.data} onPage={setPage} label="Reported items pages" />
      <Dialog open={acting !== null} onOpenChange={(open) => (open ? undefined : setActing(null))}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{heading?.title}</DialogTitle>
            <DialogDescription>{heading?.description}</DialogDescription>
          </DialogHeader>
          {acting ? <ActionForm key={`${acting.mode}-${acting.item.id}`} acting={acting} onDone={() => setActing(null)} /> : null}
        </DialogContent>
      </Dialog>
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
    <section aria-labelledby="bans-title" className="space-y-4">
      <h2 id="bans-title" className="text-xl font-semibold">
        Banned Users
      </h2>
      <ListState query={query} loading="Loading bans…" failed="Bans could not be loaded" empty={{ icon: <UserCheck />, title: 'No banned users', description: 'Authors banned from a report appear here.' }}>
        <ul className="space-y-2">
          {query.data?.items.map((ban) => (
            <BanRow key={ban.userId} ban={ban} />
          ))}
        </ul>
      </ListState>
      <Pager page={page} data={query.data} onPage={setPage} label="Banned users pages" />
    </section>
  );
}

function LogSection() {
  const [page, setPage] = useState(1);
  const query = useGetModerationLogQuery(page);
  return (
    <section aria-labelledby="audit-log-title" className="space-y-4">
      <h2 id="audit-log-title" className="text-xl font-semibold">
        Audit Log
      </h2>
      <ListState query={query} loading="Loading the audit log…" failed="The audit log could not be loaded" empty={{ icon: <ScrollText />, title: 'No moderation actions yet', description: 'Every decision is recorded here.' }}>
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
      </ListState>
      <Pager page={page} data={query.data} onPage={setPage} label="Audit log pages" />
    </section>
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

