import { useId, useState, type FormEvent } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type CreateReportAnswer, type ReportKind, type ReportReason } from '@cp/contracts';
import { Button, cn, Field, Textarea, toast } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@cp/ui/dialog';
// The page's one API and session (the shared singleton), not a relative import: each remote bundles this module.
import { baseApi, isApiError, serverErrorText, useAuth } from '@cp/web-core';
import { DialogLoginFooter, SESSION_CHECK_TEXT } from '../login-footer.tsx';
import { checkReport, type ReportBody, type ReportFormValues } from './report-form.ts';

/** POST /api/reports, injected into the page's API when the dialog first loads (never with a page's first view). */
export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createReport: build.mutation<CreateReportAnswer, ReportBody>({
      query: (body) => ({ url: '/api/reports', method: 'POST', body }),
    }),
  }),
});

export interface ReportDialogProps {
  kind: ReportKind;
  itemId: string;
  /** The dialog's title, e.g. "Report this listing". */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back when the dialog closes (the Report button). */
  onCloseAutoFocus?: (event: Event) => void;
}

const EMPTY: ReportFormValues = { reason: '', details: '' };

function ReportForm({ kind, itemId, onDone }: { kind: ReportKind; itemId: string; onDone: () => void }) {
  const [values, setValues] = useState<ReportFormValues>(EMPTY);
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const [report, { isLoading }] = reportApi.useCreateReportMutation();
  const name = useId();
  const reasonErrorId = useId();
  const over = values.details.length > REPORT_DETAILS_MAX;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = checkReport(kind, itemId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const answer = await report(checked.body).unwrap();
      toast({ title: 'Success', description: answer.message, variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: serverErrorText(error) ?? 'Failed to send your report. Please try again.', variant: 'destructive' });
      // Already reported (409) or not allowed (403): trying again changes nothing.
      if (isApiError(error) && (error.status === 409 || error.status === 403)) onDone();
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined} aria-invalid={errors.reason ? true : undefined} className="space-y-2">
        <legend className="mb-1 text-sm font-medium">
          Reason <span aria-hidden="true" className="text-destructive">*</span>
        </legend>
        {REPORT_REASONS.map((reason: ReportReason) => (
          <label key={reason} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={reason}
              checked={values.reason === reason}
              onChange={() => setValues((v) => ({ ...v, reason }))}
              className="h-4 w-4 accent-primary"
            />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        {errors.reason ? (
          <p id={reasonErrorId} role="alert" className="text-sm font-medium text-destructive">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Details"
        required={values.reason === 'other'}
        error={errors.details}
        hint={
          <span className={cn('flex justify-between gap-2', over && 'text-destructive')}>
            <span>{values.reason === 'other' ? 'Required with Other: tell us what is wrong.' : 'Optional: anything our moderators should know.'}</span>
            <span>
              {values.details.length}/{REPORT_DETAILS_MAX}
              <span className="sr-only"> characters</span>
            </span>
          </span>
        }
      >
        <Textarea value={values.details} onChange={(e) => setValues((v) => ({ ...v, details: e.target.value }))} rows={4} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Submit report'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The report dialog (issue 21 §1): reasons as radio buttons, details (required with Other, at most 500 characters,
 * counted), Submit report / Cancel; the outcome in a toast with the server's words. Signed out: the site's login prompt
 * (as the forum's reply box). Radix's dialog: role dialog named by its title, focus kept inside, Escape closes.
 */
export function ReportDialog({ kind, itemId, title, open, onOpenChange, onCloseAutoFocus }: ReportDialogProps) {
  const { user, isLoading } = useAuth();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {user ? 'Tell our moderators what is wrong. Your report is private.' : isLoading ? SESSION_CHECK_TEXT : 'You need to be logged in to report content'}
          </DialogDescription>
        </DialogHeader>
        {user ? (
          // A fresh form each time the dialog opens.
          open ? <ReportForm kind={kind} itemId={itemId} onDone={close} /> : null
        ) : isLoading ? null : (
          <DialogLoginFooter onNavigate={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

export default ReportDialog;
