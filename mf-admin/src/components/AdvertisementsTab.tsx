import { ExternalLink, Megaphone } from 'lucide-react';
import type { Advertisement } from '@cp/contracts';
import { Badge, Card, CardContent, onIntent } from '@cp/ui';
import { useDeleteAdvertisementMutation, useGetAdminAdvertisementsQuery } from '../api/admin-api.ts';
import { CONFIRM_DELETE_AD, ctr } from '../lib/admin.ts';
import { CollectionTab, EditDeleteActions, useDeleteItem, type EditControl } from './CollectionTab.tsx';

// The create/edit dialog (its form, AdvertisementInsertSchema and so zod, Radix's dialog and select) loads on intent of
// Create Advertisement or an Edit button: the list needs none of it.
const adFormDialog = onIntent(() => import('./AdFormDialog.tsx').then((m) => m.AdFormDialog));

function AdCard({ ad, edit }: { ad: Advertisement; edit: EditControl }) {
  const remove = useDeleteItem(ad.id, 'Advertisement', CONFIRM_DELETE_AD, useDeleteAdvertisementMutation());
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
          <EditDeleteActions name={ad.title} edit={edit} {...remove} />
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
      renderCard={(ad, edit) => <AdCard ad={ad} edit={edit} />}
      formDialog={adFormDialog}
    />
  );
}
