import { FilePlus2 } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import type { PostAdPanelProps } from '@cp/web-core';

/**
 * The body of the header's Post Ad dialog (spec §2 Post Ad dialog). The shell already gates it behind login; the
 * form itself (fields, tier picker, image upload, POST /api/listings) is the next step of mf-listings.
 */
export function PostAdPanel({ onDone, initialCategory }: PostAdPanelProps) {
  return (
    <div className="space-y-4">
      <EmptyState
        headingLevel={3}
        icon={<FilePlus2 />}
        title={initialCategory === 'Events' ? 'Post an event' : 'Post a listing'}
        description="The ad form is on its way. Please check back soon."
      />
      <div className="flex justify-end">
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
      </div>
    </div>
  );
}

export default PostAdPanel;
