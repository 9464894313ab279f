import { useState, type FormEvent } from 'react';
import { BanUserBodySchema, DismissCaseBodySchema, REPORT_REASON_LABELS, REPORT_REASONS, RemoveCaseBodySchema, type ModerationCase, type ReportReason } from '@cp/contracts';
import { Field, Textarea, toast } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { serverErrorText, validate, type FieldErrors } from '@cp/web-core';
import { REPORT_KIND_NOUNS } from '@cp/web-core/moderation';
import { useBanUserMutation, useDismissModerationCaseMutation, useRemoveModerationCaseMutation } from '../api/moderation-api.ts';
import { authorText, confirmBan, topReason } from '../lib/moderation.ts';
import { DialogForm, DialogFrame } from './FormDialog.tsx';

/**
 * The Reports tab's decision dialog: Dismiss, Remove or Ban author on a reported item (issue 21 §3), checked with the
 * contracts' body schemas (zod). Its own module: the tab loads it on intent of those buttons (@cp/ui's onIntent), so
 * reading the queue, the bans and the log needs neither it nor Radix's dialog and select.
 */

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/** The decision being made: its kind and the reported item. */
export type Acting = { mode: 'dismiss' | 'remove' | 'ban'; item: ModerationCase };

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
    <DialogForm onSubmit={(e) => void onSubmit(e)} busy={busy} onCancel={onDone} submitLabel={submit} variant={mode === 'dismiss' ? 'default' : 'destructive'}>
      {mode === 'remove' ? <SelectField label="Reason" required value={reason} options={REASON_OPTIONS} onChange={setReason} error={errors.reason} /> : null}
      {mode === 'ban' ? (
        <Field label="Reason" required error={errors.reason} hint="Shown in the audit log and the bans list.">
          <Textarea value={banReason} onChange={(e) => setBanReason(e.target.value)} rows={3} />
        </Field>
      ) : (
        noteField
      )}
    </DialogForm>
  );
}

function actionTitle({ mode, item }: Acting): { title: string; description: string } {
  const noun = REPORT_KIND_NOUNS[item.kind];
  if (mode === 'dismiss') return { title: 'Dismiss the reports', description: `"${item.content.title}" is shown to everyone again and its reports are closed.` };
  if (mode === 'remove') return { title: `Remove this ${noun}`, description: `"${item.content.title}" is deleted, and its author receives an e-mail naming it and the reason.` };
  return { title: `Ban ${authorText(item)}`, description: 'Their sessions end at once, they cannot log in, and all their content is hidden until they are unbanned.' };
}

/** The dialog of the decision being made (`acting`; null: closed). */
export function ReportActionDialog({ acting, onClose }: { acting: Acting | null; onClose: () => void }) {
  const heading = acting ? actionTitle(acting) : null;
  return (
    <DialogFrame open={acting !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={heading?.title} description={heading?.description} className="sm:max-w-lg">
      {acting ? <ActionForm key={`${acting.mode}-${acting.item.id}`} acting={acting} onDone={onClose} /> : null}
    </DialogFrame>
  );
}
