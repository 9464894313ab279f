import type { DeferredPartProps } from '@cp/ui';
import type { ForumCategory } from '@cp/contracts';
import { DeferredDialog } from '@cp/ui/dialog';
import { useAuth } from '@cp/web-core';
import { DialogLoginFooter, SESSION_CHECK_TEXT } from '@cp/web-core/login-footer';
import PostForm from './NewPostForm.tsx';

export interface NewPostDialogProps {
  initialCategory?: ForumCategory | undefined;
}

/**
 * The New Post dialog on its trigger (spec §2 Forum): the form for a logged-in user, a login prompt otherwise. Loaded by
 * NewPostDialog when the button is first pointed at, focused or pressed (createDeferredPart), so the forum's pages load
 * neither Radix's dialog nor the form's schemas (zod) with their first view.
 */
export function NewPostDialogPart({ initialCategory, ...part }: NewPostDialogProps & DeferredPartProps) {
  const { user, isLoading } = useAuth();
  return (
    <DeferredDialog
      {...part}
      className="sm:max-w-lg"
      title="Create a New Post"
      description={user ? 'Start a discussion with the community.' : isLoading ? SESSION_CHECK_TEXT : 'You need to be logged in to create a forum post'}
    >
      {({ close }) => (user ? <PostForm initialCategory={initialCategory} onDone={close} /> : isLoading ? null : <DialogLoginFooter onNavigate={close} />)}
    </DeferredDialog>
  );
}
