import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LogIn, Plus } from 'lucide-react';
import { FORUM_CATEGORIES, ForumPostInsertSchema, type ForumCategory } from '@cp/contracts';
import { Button, Field, Input, Textarea, toast } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@cp/ui/dialog';
import { useAuth, validate, type FieldErrors } from '@cp/web-core';
import { useCreateForumPostMutation } from '../api/forum-api.ts';
import { serverText } from '../lib/posts.ts';

interface PostFormValues {
  category: ForumCategory | '';
  title: string;
  content: string;
}

const EMPTY: PostFormValues = { category: '', title: '', content: '' };

function PostForm({ initialCategory, onDone }: { initialCategory: ForumCategory | undefined; onDone: () => void }) {
  const [values, setValues] = useState<PostFormValues>({ ...EMPTY, category: initialCategory ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [create, { isLoading }] = useCreateForumPostMutation();
  const text = (key: 'title' | 'content') => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(ForumPostInsertSchema, { category: values.category || undefined, title: values.title, content: values.content });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await create(checked.data).unwrap();
      toast({ title: 'Success', description: 'Your post has been created successfully.', variant: 'success' });
      setValues(EMPTY);
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: serverText(error) ?? 'Failed to create post. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <SelectField label="Category" required value={values.category} options={FORUM_CATEGORIES} onChange={(category) => setValues((s) => ({ ...s, category }))} placeholder="Select a category" error={errors.category} />
      <Field label="Title" required error={errors.title}>
        <Input value={values.title} onChange={text('title')} placeholder="What is your post about?" maxLength={200} />
      </Field>
      <Field label="Content" required error={errors.content} hint="At least 20 characters.">
        <Textarea value={values.content} onChange={text('content')} rows={6} placeholder="Share details, ask a question, start a discussion…" />
      </Field>
      <DialogFooter>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Post'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The New Post button and its dialog (spec §2 Forum): the form for a logged-in user, a login prompt otherwise. */
export function NewPostDialog({ initialCategory }: { initialCategory?: ForumCategory | undefined }) {
  const [open, setOpen] = useState(false);
  const { user, isLoading } = useAuth();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New Post
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create a New Post</DialogTitle>
          <DialogDescription>{user ? 'Start a discussion with the community.' : 'You need to be logged in to create a forum post'}</DialogDescription>
        </DialogHeader>
        {user ? (
          <PostForm initialCategory={initialCategory} onDone={() => setOpen(false)} />
        ) : isLoading ? null : (
          <DialogFooter>
            <Button asChild>
              <Link to="/auth" onClick={() => setOpen(false)}>
                <LogIn aria-hidden="true" />
                Login to Continue
              </Link>
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
