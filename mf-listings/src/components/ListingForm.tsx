import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ImagePlus, Loader2, X } from 'lucide-react';
import {
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  detailsOf,
  LISTING_CATEGORIES,
  LISTING_DETAIL_GROUPS,
  LISTING_TIERS,
  ListingInsertSchema,
  ListingUpdateSchema,
  LOCATIONS,
  MAX_IMAGES_PER_LISTING,
  TIER_INFO,
  type Listing,
  type ListingCategory,
  type ListingDetailKey,
  listingDetail,
  type Location,
} from '@cp/contracts';
import { Button, cn, Field, Input, Textarea, toast } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { serverErrorText, validate, type FieldErrors } from '@cp/web-core';
import { useCreateListingMutation, useUpdateListingMutation, useUploadImageMutation } from '../api/listing-writes-api.ts';
import { clearedFields, emptyListingForm, listingFormFrom, listingPayload, pickImages, type ListingFormValues } from '../lib/listing-form.ts';

interface AttachedImage {
  key: string;
  /** A local preview while uploading, the stored image's URL after. */
  src: string;
  url?: string;
  uploading: boolean;
}

export type ListingFormProps =
  | { mode: 'create'; initialCategory?: ListingCategory | undefined; onDone: () => void }
  | { mode: 'edit'; listing: Listing; onDone: () => void };

/**
 * The Post Ad form and the Edit listing form (spec §2, §5, §8): the same fields and rules; Post Ad also uploads images
 * (POST /api/upload, one request per image) and starts at tier free.
 */
export function ListingForm(props: ListingFormProps) {
  const initial = props.mode === 'edit' ? listingFormFrom(props.listing) : emptyListingForm(props.initialCategory);
  const [values, setValues] = useState<ListingFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [images, setImages] = useState<AttachedImage[]>([]);
  const [create, creating] = useCreateListingMutation();
  const [update, updating] = useUpdateListingMutation();
  const [upload] = useUploadImageMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());
  const busy = creating.isLoading || updating.isLoading;
  const uploading = images.some((i) => i.uploading);

  // Local previews are object URLs: released when replaced or when the form goes away.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const set =
    <K extends keyof ListingFormValues>(key: K) =>
    (value: ListingFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof ListingFormValues) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key)(e.target.value as never);

  async function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    const picked = pickImages(files, images.length);
    if (picked.overLimit) toast({ title: 'Limit Reached', description: `You can upload a maximum of ${MAX_IMAGES_PER_LISTING} images per listing`, variant: 'destructive' });
    else if (picked.notImages > 0) toast({ title: 'Error', description: 'Only image files can be uploaded.', variant: 'destructive' });
    else if (picked.tooLarge > 0) toast({ title: 'Error', description: 'Each image can be at most 10MB.', variant: 'destructive' });
    if (picked.accepted.length === 0) return;
    const batch = picked.accepted.map((file) => {
      const src = URL.createObjectURL(file);
      previews.current.add(src);
      return { file, image: { key: src, src, uploading: true } satisfies AttachedImage };
    });
    setImages((list) => [...list, ...batch.map((b) => b.image)]);
    const results = await Promise.allSettled(batch.map((b) => upload(b.file).unwrap()));
    const stored = new Map<string, string | null>(batch.map((b, i) => [b.image.key, results[i]!.status === 'fulfilled' ? (results[i] as PromiseFulfilledResult<{ url: string }>).value.url : null]));
    setImages((list) =>
      list.flatMap((img) => {
        if (!stored.has(img.key)) return [img];
        const url = stored.get(img.key);
        return url ? [{ ...img, url, uploading: false }] : [];
      }),
    );
    const uploaded = results.filter((r) => r.status === 'fulfilled').length;
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason as unknown;
    if (uploaded > 0) toast({ title: 'Success', description: `${uploaded} image(s) uploaded successfully`, variant: 'success' });
    if (uploaded < results.length) toast({ title: 'Error', description: serverErrorText(failure) ?? 'Failed to upload images. Please try again.', variant: 'destructive' });
  }

  function removeImage(key: string) {
    setImages((list) => list.filter((i) => i.key !== key));
    if (previews.current.delete(key)) URL.revokeObjectURL(key);
  }

  function reset() {
    setValues(emptyListingForm(props.mode === 'create' ? props.initialCategory : undefined));
    setErrors({});
    images.forEach((i) => removeImage(i.key));
    setImages([]);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (uploading) return;
    const urls = images.flatMap((i) => (i.url ? [i.url] : []));
    const body = listingPayload(values, props.mode === 'create' ? urls : undefined);
    if (props.mode === 'create') {
      const checked = validate(ListingInsertSchema, body);
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      try {
        await create(checked.data).unwrap();
        toast({ title: 'Success!', description: 'Your ad has been posted successfully.', variant: 'success' });
        reset();
        props.onDone();
      } catch (error) {
        toast({ title: 'Error', description: serverErrorText(error) ?? 'Failed to post ad. Please try again.', variant: 'destructive' });
      }
    } else {
      const checked = validate(ListingUpdateSchema, body);
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      try {
        const cleared = Object.fromEntries(clearedFields(values, props.listing).map((key) => [key, null]));
        await update({ id: props.listing.id, body: { ...checked.data, ...cleared } }).unwrap();
        toast({ title: 'Success', description: 'Your listing has been updated successfully.', variant: 'success' });
        props.onDone();
      } catch (error) {
        toast({ title: 'Error', description: serverErrorText(error) ?? 'Failed to update listing. Please try again.', variant: 'destructive' });
      }
    }
  }

  const contactHint = values.contactPreference === 'messages-only' ? 'Only you see it' : undefined;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Category" required value={values.category} options={LISTING_CATEGORIES} onChange={set('category')} placeholder="Select a category" error={errors.category} />
        <SelectField label="Location" required value={values.location as Location | ''} options={LOCATIONS} onChange={set('location')} placeholder="Select a location" error={errors.location} />
      </div>
      <Field label="Title" required error={errors.title}>
        <Input value={values.title} onChange={text('title')} maxLength={120} />
      </Field>
      <Field label="Description" required error={errors.description}>
        <Textarea rows={5} value={values.description} onChange={text('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Price ($)" hint="Optional" error={errors.price}>
          <Input type="number" inputMode="numeric" min={0} step={1} value={values.price} onChange={text('price')} />
        </Field>
        <Field label="Contact phone" hint={contactHint} error={errors.contactPhone}>
          <Input type="tel" autoComplete="tel" value={values.contactPhone} onChange={text('contactPhone')} />
        </Field>
        <Field label="Contact email" hint={contactHint} error={errors.contactEmail}>
          <Input type="email" autoComplete="email" value={values.contactEmail} onChange={text('contactEmail')} />
        </Field>
      </div>

      {/* Issue 23 §2. The phone and e-mail inputs stay with "Messages through the site only": they are the owner's (kept,
          shown to them alone), so switching back later shows them again without typing them anew. */}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">How buyers contact you</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CONTACT_PREFERENCES.map((preference) => (
            <label
              key={preference}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                values.contactPreference === preference && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                name="contactPreference"
                value={preference}
                checked={values.contactPreference === preference}
                onChange={() => set('contactPreference')(preference)}
                className="accent-[var(--primary)]"
              />
              {CONTACT_PREFERENCE_LABELS[preference]}
            </label>
          ))}
        </div>
        {errors.contactPreference ? <p className="mt-1 text-sm text-destructive">{errors.contactPreference}</p> : null}
      </fieldset>

      <ListingDetailFields category={values.category} values={values} errors={errors} onChange={(key, value) => set(key)(value)} />

      <fieldset>
        <legend className="mb-2 text-sm font-medium">Listing tier</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {LISTING_TIERS.map((tier) => {
            const info = TIER_INFO[tier];
            return (
              <label
                key={tier}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  values.tier === tier && 'border-primary bg-primary/5',
                )}
              >
                <input type="radio" name="tier" value={tier} checked={values.tier === tier} onChange={() => set('tier')(tier)} className="mt-1 accent-[var(--primary)]" />
                <span>
                  <span className="font-semibold">{info.label}</span> – {info.visibility.toLowerCase()}
                  {info.badge ? <span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">{info.badge}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {props.mode === 'create' ? (
        <div className="space-y-2">
          <span className="text-sm font-medium" id="listing-images-label">
            Images
          </span>
          <div className="flex flex-wrap gap-2" aria-live="polite">
            {images.map((img, i) => (
              <div key={img.key} className="relative h-20 w-20 overflow-hidden rounded-md border bg-muted">
                <img src={img.src} alt={`Image ${i + 1}`} className="h-full w-full object-cover" />
                {img.uploading ? (
                  <span className="absolute inset-0 flex items-center justify-center bg-background/60">
                    <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
                    <span className="sr-only">Uploading</span>
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => removeImage(img.key)}
                    className="absolute right-1 top-1 rounded-full bg-background/90 p-0.5 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Remove image ${i + 1}`}
                  >
                    <X className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                )}
              </div>
            ))}
            {images.length < MAX_IMAGES_PER_LISTING ? (
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                className="flex h-20 w-20 flex-col items-center justify-center gap-1 rounded-md border border-dashed text-xs text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-describedby="listing-images-hint"
              >
                <ImagePlus className="h-5 w-5" aria-hidden="true" />
                Add images
              </button>
            ) : null}
          </div>
          <input ref={fileInput} type="file" accept="image/*" multiple className="sr-only" tabIndex={-1} aria-labelledby="listing-images-label" onChange={(e) => void onFiles(e)} />
          <p id="listing-images-hint" className="text-xs text-muted-foreground">
            PNG, JPG up to 10MB each ({images.length}/{MAX_IMAGES_PER_LISTING})
          </p>
        </div>
      ) : null}

      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={props.onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || uploading}>
          {busy ? (props.mode === 'create' ? 'Posting...' : 'Saving...') : props.mode === 'create' ? 'Post Ad' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

interface DetailFieldsProps {
  category: ListingCategory | '';
  values: Record<ListingDetailKey, string>;
  errors: FieldErrors;
  onChange: (key: ListingDetailKey, value: string) => void;
}

/**
 * The optional details the chosen category takes (listing-details.ts), each as its declaration says: a date, a choice
 * or text. A category with a group (Events) shows its details in one box.
 */
function ListingDetailFields({ category, values, errors, onChange }: DetailFieldsProps) {
  const keys = detailsOf(category);
  if (keys.length === 0) return null;
  const fields = keys.map((key) => {
    const detail = listingDetail(key);
    if (detail.control === 'choice') {
      return <SelectField key={key} label={detail.label} value={values[key]} options={detail.options ?? []} onChange={(value) => onChange(key, value)} placeholder={detail.placeholder} error={errors[key]} />;
    }
    return (
      <Field key={key} label={detail.label} hint={detail.hint} error={errors[key]}>
        <Input type={detail.control === 'date' ? 'date' : undefined} value={values[key]} onChange={(e) => onChange(key, e.target.value)} maxLength={detail.maxLength} autoComplete={detail.autoComplete} />
      </Field>
    );
  });
  const group = category === '' ? undefined : LISTING_DETAIL_GROUPS[category];
  if (!group) return <>{fields}</>;
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">{group.form}</legend>
      {fields}
    </fieldset>
  );
}
