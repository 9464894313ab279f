import type { PostAdPanelProps } from '@cp/web-core';
import { ListingForm } from '../components/ListingForm.tsx';

/**
 * The body of the header's Post Ad dialog (spec §2 Post Ad dialog). The shell gates it behind login; after a
 * successful post the form, its images and the tier reset and the dialog closes (`onDone`).
 */
export function PostAdPanel({ onDone, initialCategory }: PostAdPanelProps) {
  return <ListingForm mode="create" initialCategory={initialCategory} onDone={onDone} />;
}

export default PostAdPanel;
