import { useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Loader2, X } from 'lucide-react';
import { FORUM_CATEGORIES, ForumPostInsertSchema, type ForumCategory } from '@cp/contracts';
import { Button, Field, Input, Textarea, toast } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { DialogFooter } from '@cp/ui/dialog';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { useCreateForumPostMutation, useUploadPostImageMutation } from '../api/forum-api.ts';
import { serverText } from '../lib/posts.ts';

interface PostFormValues {
  category: ForumCategory | '';
  title: string;
  content: string;
}

const EMPTY: PostFormValues = { category: '', title: '', content: '' };

/** The New Post form (spec §2 Forum, §5 Forum), in the dialog NewPostDialogPart. */
export default function PostForm({ initialCategory, onDone }: { initialCategory: ForumCategory | undefined; onDone: () => void }) {
  const form = useSchemaForm(ForumPostInsertSchema, { ...EMPTY, category: initialCategory ?? '' });
  const { values, errors, text } = form;
  const [create, { isLoading }] = useCreateForumPostMutation();
  const [upload, { isLoading: uploading }] = useUploadPostImageMutation();
  const [imageUrl, setImageUrl] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  /** One optional picture, uploaded as soon as it is chosen (the site's upload pipeline: re-encoded, no metadata). */
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      setImageUrl((await upload(file).unwrap()).url);
    } catch (error) {
      toast({ title: 'Error', description: serverText(error) ?? 'Failed to upload images. Please try again.', variant: 'destructive' });
    }
  }

  const onSubmit = form.submit({
    input: (v) => ({ category: v.category || undefined, title: v.title, content: v.content, ...(imageUrl ? { imageUrl } : {}) }),
    send: async (post) => {
      await create(post).unwrap();
      toast({ title: 'Success', description: 'Your post has been created successfully.', variant: 'success' });
      form.reset(EMPTY);
      setImageUrl(undefined);
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: serverText(error) ?? 'Failed to create post. Please try again.', variant: 'destructive' }),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <SelectField label="Category" required value={values.category} options={FORUM_CATEGORIES} onChange={(category) => form.setValue('category', category)} placeholder="Select a category" error={errors.category} />
      <Field label="Title" required error={errors.title}>
        <Input value={values.title} onChange={text('title')} placeholder="What is your post about?" maxLength={200} />
      </Field>
      <Field label="Content" required error={errors.content} hint="At least 20 characters.">
        <Textarea value={values.content} onChange={text('content')} rows={6} placeholder="Share details, ask a question, start a discussion…" />
      </Field>
      <div className="space-y-2">
        <span className="text-sm font-medium" id="post-image-label">
          Image <span className="font-normal text-muted-foreground">(optional)</span>
        </span>
        <div className="flex items-center gap-3" aria-live="polite">
          {imageUrl ? (
            <div className="relative h-20 w-28 overflow-hidden rounded-md border bg-muted">
              <img src={imageUrl} alt="The post's image" className="h-full w-full object-cover" />
              <button
                type="button"
                onClick={() => setImageUrl(undefined)}
                className="absolute right-1 top-1 rounded-full bg-background/90 p-0.5 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label="Remove the image"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </div>
          ) : (
            <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()} aria-describedby="post-image-hint">
              {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
              {uploading ? 'Uploading…' : 'Add an image'}
            </Button>
          )}
        </div>
        <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-labelledby="post-image-label" onChange={(e) => void onFile(e)} />
        <p id="post-image-hint" className="text-xs text-muted-foreground">
          PNG, JPG, WebP or GIF up to 10MB
        </p>
      </div>
      <DialogFooter>
        <Button type="submit" disabled={isLoading || uploading}>
          {isLoading ? 'Creating...' : 'Create Post'}
        </Button>
      </DialogFooter>
    </form>
  );
}
