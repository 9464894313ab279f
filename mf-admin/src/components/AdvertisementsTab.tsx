import { ExternalLink, Megaphone } from 'lucide-react';
import { AD_PLACEMENTS, AD_PRICING_TIERS, AD_SIZES, AD_STATUSES, AdvertisementInsertSchema, type Advertisement } from '@cp/contracts';
import { Badge, Card, CardContent, Field, Input, Textarea } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { useCreateAdvertisementMutation, useDeleteAdvertisementMutation, useGetAdminAdvertisementsQuery, useUpdateAdvertisementMutation } from '../api/admin-api.ts';
import { adFormFrom, adPayload, CONFIRM_DELETE_AD, ctr, emptyAdForm, type AdFormValues } from '../lib/admin.ts';
import { CollectionTab, EditDeleteActions, FormFooter, withOutcomeToast } from './CollectionTab.tsx';

function AdForm({ ad, onDone }: { ad: Advertisement | null; onDone: () => void }) {
  const form = useSchemaForm(AdvertisementInsertSchema, ad ? adFormFrom(ad) : emptyAdForm());
  const { values, errors, text } = form;
  const [create, creating] = useCreateAdvertisementMutation();
  const [update, updating] = useUpdateAdvertisementMutation();
  const busy = creating.isLoading || updating.isLoading;
  const pick = <K extends keyof AdFormValues>(key: K) => (value: AdFormValues[K]) => form.setValue(key, value);

  const onSubmit = form.submit({
    input: adPayload,
    send: async (body) => {
      const saved = await withOutcomeToast(() => (ad ? update({ id: ad.id, body }).unwrap() : create(body).unwrap()), {
        success: ad ? 'Advertisement updated successfully' : 'Advertisement created successfully',
        failure: ad ? 'Failed to update advertisement' : 'Failed to create advertisement',
      });
      if (saved) onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
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
      <FormFooter busy={busy} onCancel={onDone} submitLabel={ad ? 'Update Advertisement' : 'Create Advertisement'} />
    </form>
  );
}

function AdCard({ ad, onEdit }: { ad: Advertisement; onEdit: () => void }) {
  const [remove, { isLoading }] = useDeleteAdvertisementMutation();
  async function onDelete() {
    if (!window.confirm(CONFIRM_DELETE_AD)) return;
    await withOutcomeToast(() => remove(ad.id).unwrap(), { success: 'Advertisement deleted successfully', failure: 'Failed to delete advertisement' });
  }
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-semibold">{ad.title}</h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={ad.status === 'active' ? 'success' : ad.status === 'paused' ? 'secondary' : 'outline'}>{ad.status}</Badge>
            <Badge variant="outline">{ad.placement}</Badge>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{ad.description}</p>
        {/* Counted: once per visitor (issue 26); filtered: accepted but not counted (the same visitor again, or the ad not showing). */}
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          {(
            [
              ['Impressions', `${ad.impressions} counted`, `${ad.impressionsFiltered} filtered`],
              ['Clicks', `${ad.clicks} counted`, `${ad.clicksFiltered} filtered`],
              ['CTR', `${ctr(ad.impressions, ad.clicks)}%`, null],
            ] as const
          ).map(([label, value, filtered]) => (
            <div key={label} className="rounded-md bg-muted p-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-semibold">{value}</dd>
              {filtered ? <dd className="text-xs text-muted-foreground">{filtered}</dd> : null}
            </div>
          ))}
        </dl>
        <p className="text-sm">
          <span className="font-medium">{ad.ctaText}</span>
          {' → '}
          <a href={ad.ctaUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline">
            {ad.ctaUrl}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
        <div className="flex gap-2">
          <EditDeleteActions name={ad.title} onEdit={onEdit} onDelete={() => void onDelete()} deleting={isLoading} />
        </div>
      </CardContent>
    </Card>
  );
}

/** The Advertisements tab (spec §2 Admin). */
export function AdvertisementsTab() {
  return (
    <CollectionTab<Advertisement>
      heading="Advertisements"
      createLabel="Create Advertisement"
      editLabel="Edit Advertisement"
      dialogDescription="Sponsored ads rotate on the home page while their status is active."
      usePage={(cursor, options) => useGetAdminAdvertisementsQuery({ cursor }, options)}
      noun="advertisements"
      loading="Loading advertisements…"
      loadErrorTitle="Advertisements could not be loaded"
      empty={{ icon: <Megaphone />, title: 'No advertisements yet', description: 'Create the first one with Create Advertisement.' }}
      gridClassName="grid gap-4 md:grid-cols-2"
      skeletons={2}
      renderCard={(ad, onEdit) => <AdCard ad={ad} onEdit={onEdit} />}
      renderForm={(ad, onDone) => <AdForm key={ad?.id ?? 'new'} ad={ad} onDone={onDone} />}
    />
  );
}
