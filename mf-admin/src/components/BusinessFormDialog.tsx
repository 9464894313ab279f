import { BusinessInsertSchema, YELLOW_PAGES_MAIN_CATEGORIES, YELLOW_PAGES_TREE, type Business, type YellowPagesMainCategory } from '@cp/contracts';
import { Field, Input, Label, Textarea } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { Checkbox } from '@cp/ui/checkbox';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { useCreateBusinessMutation, useUpdateBusinessMutation } from '../api/admin-api.ts';
import { businessFormFrom, businessPayload, emptyBusinessForm, withMainCategory } from '../lib/admin-forms.ts';
import { useSaveItem } from './CollectionTab.tsx';
import { DialogForm, FormDialog, type FormDialogProps } from './FormDialog.tsx';

/**
 * The Add Business / Edit Business dialog (spec §2 Admin, §5; validated with the contracts' BusinessInsertSchema). Its
 * own module: the Yellow Pages tab loads it on intent of Add Business, Edit (@cp/ui's onIntent).
 */
function BusinessForm({ business, onDone }: { business: Business | null; onDone: () => void }) {
  const form = useSchemaForm(BusinessInsertSchema, business ? businessFormFrom(business) : emptyBusinessForm());
  const { values, errors, text } = form;
  const { busy, send } = useSaveItem(business, 'Business', useCreateBusinessMutation(), useUpdateBusinessMutation(), onDone);
  const subs: readonly string[] = values.mainCategory ? YELLOW_PAGES_TREE[values.mainCategory] : [];

  const onSubmit = form.submit({ input: businessPayload, send });

  return (
    <DialogForm onSubmit={onSubmit} busy={busy} onCancel={onDone} submitLabel={business ? 'Update Business' : 'Add Business'}>
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
        <Checkbox id="business-premium" checked={values.premium} onCheckedChange={(c) => form.setValue('premium', c)} />
        <Label htmlFor="business-premium">Premium listing</Label>
      </div>
    </DialogForm>
  );
}

/** The dialog around BusinessForm, as CollectionTab opens it. */
export function BusinessFormDialog(props: FormDialogProps<Business>) {
  return <FormDialog {...props}>{(business, onDone) => <BusinessForm key={business?.id ?? 'new'} business={business} onDone={onDone} />}</FormDialog>;
}
