import { Building2, Crown } from 'lucide-react';
import { businessCategoryText, type Business } from '@cp/contracts';
import { Badge, Card, CardContent, onIntent } from '@cp/ui';
import { useDeleteBusinessMutation, useGetAdminBusinessesQuery } from '../api/admin-api.ts';
import { CONFIRM_DELETE_BUSINESS } from '../lib/admin.ts';
import { CollectionTab, EditDeleteActions, useDeleteItem, type EditControl } from './CollectionTab.tsx';

// The create/edit dialog (its form, BusinessInsertSchema and so zod, the category tree, Radix's dialog and select)
// loads on intent of Add Business or an Edit button: the list needs none of it.
const businessFormDialog = onIntent(() => import('./BusinessFormDialog.tsx').then((m) => m.BusinessFormDialog));

function AdminBusinessCard({ business, edit }: { business: Business; edit: EditControl }) {
  const remove = useDeleteItem(business.id, 'Business', CONFIRM_DELETE_BUSINESS, useDeleteBusinessMutation());
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-2 pt-6">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg font-semibold">{business.name}</h3>
          {business.premium ? (
            <Badge variant="accent" icon={Crown}>Premium</Badge>
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
          <EditDeleteActions name={business.name} edit={edit} {...remove} />
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
      renderCard={(business, edit) => <AdminBusinessCard business={business} edit={edit} />}
      formDialog={businessFormDialog}
    />
  );
}
