import { Building2, Crown } from 'lucide-react';
import { BusinessInsertSchema, businessCategoryText, YELLOW_PAGES_MAIN_CATEGORIES, YELLOW_PAGES_TREE, type Business, type YellowPagesMainCategory } from '@cp/contracts';
import { Badge, Card, CardContent, Field, Input, Label, Textarea } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { Checkbox } from '@cp/ui/checkbox';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { useCreateBusinessMutation, useDeleteBusinessMutation, useGetAdminBusinessesQuery, useUpdateBusinessMutation } from '../api/admin-api.ts';
import { businessFormFrom, businessPayload, CONFIRM_DELETE_BUSINESS, emptyBusinessForm, withMainCategory } from '../lib/admin.ts';
import { CollectionTab, EditDeleteActions, FormFooter, withOutcomeToast } from './CollectionTab.tsx';

function BusinessForm({ business, onDone }: { business: Business | null; onDone: () => void }) {
  const form = useSchemaForm(BusinessInsertSchema, business ? businessFormFrom(business) : emptyBusinessForm());
  const { values, errors, text } = form;
  const [create, creating] = useCreateBusinessMutation();
  const [update, updating] = useUpdateBusinessMutation();
  const busy = creating.isLoading || updating.isLoading;
  const subs: readonly string[] = values.mainCategory ? YELLOW_PAGES_TREE[values.mainCategory] : [];

  const onSubmit = form.submit({
    input: businessPayload,
    send: async (body) => {
      const saved = await withOutcomeToast(() => (business ? update({ id: business.id, body }).unwrap() : create(body).unwrap()), {
        success: business ? 'Business updated successfully' : 'Business created successfully',
        failure: business ? 'Failed to update business' : 'Failed to create business',
      });
      if (saved) onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field label="Business name" required error={errors.name}>
        <Input value={values.name} onChange={text('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Main category"
          required
          value={values.mainCategory}
          options={YELLOW_PAGES_MAIN_CATEGORIES}
          onChange={(main: YellowPagesMainCategory) => form.update((v) => withMainCategory(v, main))}
          placeholder="Select a main category"
          error={errors.mainCategory}
        />
        {/* Enabled once a main category is chosen (spec §5); categories without subcategories keep it disabled. */}
        <SelectField
          key={values.mainCategory || 'none'}
          label="Subcategory"
          value={values.subCategory}
          options={subs}
          onChange={(sub: string) => form.setValue('subCategory', sub)}
          placeholder={values.mainCategory ? (subs.length ? 'Select a subcategory' : 'No subcategories') : 'Choose a main category first'}
          disabled={subs.length === 0}
          error={errors.subCategory}
        />
      </div>
      <Field label="Description" required error={errors.description}>
        <Textarea value={values.description} onChange={text('description')} rows={3} />
      </Field>
      <Field label="Address" required error={errors.address}>
        <Input value={values.address} onChange={text('address')} autoComplete="street-address" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Phone" required error={errors.phone}>
          <Input value={values.phone} onChange={text('phone')} type="tel" />
        </Field>
        <Field label="Email" error={errors.email}>
          <Input value={values.email} onChange={text('email')} type="email" />
        </Field>
        <Field label="Website" error={errors.website}>
          <Input value={values.website} onChange={text('website')} inputMode="url" placeholder="https://" />
        </Field>
        <Field label="Logo URL" error={errors.logoUrl}>
          <Input value={values.logoUrl} onChange={text('logoUrl')} inputMode="url" />
        </Field>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="business-premium" checked={values.premium} onCheckedChange={(c) => form.setValue('premium', c === true)} />
        <Label htmlFor="business-premium">Premium listing</Label>
      </div>
      <FormFooter busy={busy} onCancel={onDone} submitLabel={business ? 'Update Business' : 'Add Business'} />
    </form>
  );
}

function AdminBusinessCard({ business, onEdit }: { business: Business; onEdit: () => void }) {
  const [remove, { isLoading }] = useDeleteBusinessMutation();
  async function onDelete() {
    if (!window.confirm(CONFIRM_DELETE_BUSINESS)) return;
    await withOutcomeToast(() => remove(business.id).unwrap(), { success: 'Business deleted successfully', failure: 'Failed to delete business' });
  }
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-2 pt-6">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg font-semibold">{business.name}</h3>
          {business.premium ? (
            <Badge variant="accent">
              <Crown className="mr-1 h-3 w-3" aria-hidden="true" />
              Premium
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{businessCategoryText(business)}</p>
        <p className="text-sm">{business.description}</p>
        <ul className="space-y-1 text-sm text-muted-foreground">
          <li>{business.address}</li>
          <li>{business.phone}</li>
          {business.email ? <li>{business.email}</li> : null}
          {business.website ? <li className="break-all">{business.website}</li> : null}
        </ul>
        <div className="mt-auto flex gap-2 pt-2">
          <EditDeleteActions name={business.name} onEdit={onEdit} onDelete={() => void onDelete()} deleting={isLoading} />
        </div>
      </CardContent>
    </Card>
  );
}

/** The Yellow Pages tab (spec §2 Admin): the directory's businesses, Add Business, Edit, Delete. */
export function BusinessesTab() {
  return (
    <CollectionTab<Business>
      heading="Yellow Pages Businesses"
      createLabel="Add Business"
      editLabel="Edit Business"
      dialogDescription="Businesses appear in the directory and in the Yellow Pages under their category."
      usePage={(cursor, options) => useGetAdminBusinessesQuery({ cursor }, options)}
      noun="businesses"
      loading="Loading businesses…"
      loadErrorTitle="Businesses could not be loaded"
      empty={{ icon: <Building2 />, title: 'No businesses yet', description: 'Add the first one with Add Business.' }}
      gridClassName="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
      skeletons={3}
      renderCard={(business, onEdit) => <AdminBusinessCard business={business} onEdit={onEdit} />}
      renderForm={(business, onDone) => <BusinessForm key={business?.id ?? 'new'} business={business} onDone={onDone} />}
    />
  );
}
