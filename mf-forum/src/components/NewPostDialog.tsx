import { Plus } from 'lucide-react';
import type { ForumCategory } from '@cp/contracts';
import { Button, createDeferredPart } from '@cp/ui';
import type { NewPostDialogProps } from './NewPostDialogPart.tsx';

// The dialog and its form (Radix's dialog, the contracts' schemas: zod) load when the button is first pointed at,
// focused or pressed, not with the page.
const NewPostPart = createDeferredPart<NewPostDialogProps>(() => import('./NewPostDialogPart.tsx').then((m) => m.NewPostDialogPart), { openOnPress: true, popup: 'dialog' });

/** The New Post button and its dialog (spec §2 Forum). */
export function NewPostDialog({ initialCategory }: { initialCategory?: ForumCategory | undefined }) {
  return (
    <NewPostPart
      initialCategory={initialCategory}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New Post
        </Button>
      }
    />
  );
}
