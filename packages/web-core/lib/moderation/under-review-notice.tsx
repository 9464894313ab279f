import { UNDER_REVIEW_MESSAGE } from '@cp/contracts';
import { cn } from '@cp/ui';

/**
 * The contracts' UNDER_REVIEW_MESSAGE (MODERATION_MESSAGES.underReview) on an item its author sees while it is hidden
 * pending review (`moderation: 'under-review'`: the owner service sends it to the author only). Nothing otherwise.
 */
export function UnderReviewNotice({ moderation, className }: { moderation?: 'under-review' | undefined; className?: string }) {
  if (moderation !== 'under-review') return null;
  return (
    <p className={cn('rounded-md border border-dashed bg-muted px-3 py-2 text-sm text-muted-foreground', className)}>{UNDER_REVIEW_MESSAGE}</p>
  );
}
