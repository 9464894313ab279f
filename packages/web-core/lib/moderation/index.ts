/**
 * Trust and safety on the pages (issue 21): `@cp/web-core/moderation`, bundled by each remote that shows user content
 * (not a shared singleton: a page carries only what it uses of it). One module per part, so a page that only shows the
 * notice (My Listings) does not carry the Report button.
 */
export { loadReportDialog, REPORT_KIND_NOUNS, ReportButton, type ReportButtonProps } from './report-button.tsx';
export { UnderReviewNotice } from './under-review-notice.tsx';
export { AskAgainWhenSignedIn } from './use-ask-again.ts';
