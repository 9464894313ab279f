import { MODERATION_MESSAGES, REPORT_DETAILS_MAX, type ReportKind, type ReportReason } from '@cp/contracts';

/**
 * The report dialog's rules (issue 21 §1), checked in the browser before POST /api/reports with the same limits as the
 * contracts' CreateReportBodySchema (zod stays off the pages: only the plain values are imported). The service checks
 * again; these only save a round trip and say what is wrong beside the field.
 */

export const REASON_REQUIRED = 'Please choose a reason.';
export const DETAILS_TOO_LONG = `At most ${REPORT_DETAILS_MAX} characters.`;

export interface ReportFormValues {
  reason: ReportReason | '';
  details: string;
}

export interface ReportBody {
  kind: ReportKind;
  itemId: string;
  reason: ReportReason;
  details?: string;
}

export type ReportCheck = { ok: true; body: ReportBody } | { ok: false; errors: { reason?: string; details?: string } };

/** A reason is required; details are at most REPORT_DETAILS_MAX characters, and required (not blank) with 'other'. */
export function checkReport(kind: ReportKind, itemId: string, values: ReportFormValues): ReportCheck {
  const errors: { reason?: string; details?: string } = {};
  const details = values.details.trim();
  if (!values.reason) errors.reason = REASON_REQUIRED;
  if (values.details.length > REPORT_DETAILS_MAX) errors.details = DETAILS_TOO_LONG;
  else if (values.reason === 'other' && !details) errors.details = MODERATION_MESSAGES.detailsRequired;
  if (errors.reason || errors.details || !values.reason) return { ok: false, errors };
  return { ok: true, body: { kind, itemId, reason: values.reason, ...(details ? { details } : {}) } };
}
