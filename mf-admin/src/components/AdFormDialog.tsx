import { AD_PLACEMENTS, AD_PRICING_TIERS, AD_SIZES, AD_STATUSES, AdvertisementInsertSchema, type Advertisement } from '@cp/contracts';
import { Field, Input, Textarea } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { useCreateAdvertisementMutation, useUpdateAdvertisementMutation } from '../api/admin-api.ts';
import { adFormFrom, adPayload, emptyAdForm, type AdFormValues } from '../lib/admin-forms.ts';
import { useSaveItem } from './CollectionTab.tsx';
import { DialogForm, FormDialog, type FormDialogProps } from './FormDialog.tsx';

/**
 * The Create / Edit Advertisement dialog (spec §2 Admin, §5 defaults; validated with the contracts'
 * AdvertisementInsertSchema). Its own module: the Advertisements tab loads it on intent of Create, Edit (@cp/ui's onIntent).
 */
function AdForm({ ad, onDone }: { ad: Advertisement | null; onDone: () => void }) {
  const form = useSchemaForm(AdvertisementInsertSchema, ad ? adFormFrom(ad) : emptyAdForm());
  const { values, errors, text } = form;
  const { busy, send } = useSaveItem(ad, 'Advertisement', useCreateAdvertisementMutation(), useUpdateAdvertisementMutation(), onDone);
  const pick = <K extends keyof AdFormValues>(key: K) => (value: AdFormValues[K]) => form.setValue(key, value);

  const onSubmit = form.submit({ input: adPayload, send });

  return (
    <DialogForm onSubmit={onSubmit} busy={busy} onCancel={onDone} submitLabel={ad ? 'Update Advertisement' : 'Create Advertisement'}>
      <Field label="Title" required error={errors.title}>
        <Input value={values.title} onChange={text('title')} />
      </Field>
      <Field label="Description" required error={errors.description}>
        <Textarea value={values.description} onChange={text('description')} rows={3} />
      </Field>
      <Field label="Image URL" error={errors.imageUrl} hint="Optional: https://… or /uploads/…">
        <Input value={values.imageUrl} onChange={text('imageUrl')} inputMode="url" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Call-to-action text" required error={errors.ctaText}>
          <Input value={values.ctaText} onChange={text('ctaText')} placeholder="Learn More" />
        </Field>
        <Field label="Call-to-action URL" required error={errors.ctaUrl}>
          <Input value={values.ctaUrl} onChange={text('ctaUrl')} inputMode="url" placeholder="https://" />
        </Field>
        <SelectField label="Placement" value={values.placement} options={AD_PLACEMENTS} onChange={pick('placement')} error={errors.placement} />
        <SelectField label="Size" value={values.size} options={AD_SIZES} onChange={pick('size')} error={errors.size} />
        <SelectField label="Pricing tier" value={values.pricingTier} options={AD_PRICING_TIERS} onChange={pick('pricingTier')} error={errors.pricingTier} />
        <SelectField label="Status" value={values.status} options={AD_STATUSES} onChange={pick('status')} error={errors.status} />
        <Field label="Start date" error={errors.startDate}>
          <Input type="date" value={values.startDate} onChange={text('startDate')} />
        </Field>
        <Field label="End date" error={errors.endDate}>
          <Input type="date" value={values.endDate} onChange={text('endDate')} />
        </Field>
      </div>
    </DialogForm>
  );
}

/** The dialog around AdForm, as CollectionTab opens it. */
export function AdFormDialog(props: FormDialogProps<Advertisement>) {
  return <FormDialog {...props}>{(ad, onDone) => <AdForm key={ad?.id ?? 'new'} ad={ad} onDone={onDone} />}</FormDialog>;
}
