import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, type SavedSearchFrequency } from '@cp/contracts';
import { Button, Field, Input, toast } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import { serverErrorText } from '@cp/web-core';
import { useCreateSavedSearchMutation } from '../api/saved-searches-api.ts';
import type { ListingFilters } from '../lib/listing-filters.ts';
import { describeFilters, FREQUENCY_LABELS, savedSearchFiltersOf, suggestedName } from '../lib/saved-searches.ts';

/** The save dialog: the filters in words, a name (suggested from them) and how often to be told. */
export function SaveSearchDialog({ filters, onClose }: { filters: ListingFilters; onClose: () => void }) {
  const saved = savedSearchFiltersOf(filters);
  const [name, setName] = useState(() => suggestedName(saved, SAVED_SEARCH_NAME_MAX));
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('instant');
  const [error, setError] = useState<string | undefined>();
  const [create, { isLoading }] = useCreateSavedSearchMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(SAVED_SEARCH_MESSAGES.nameRequired);
      return;
    }
    try {
      await create({ name: name.trim(), filters: saved, frequency }).unwrap();
      toast({ title: 'Search saved', description: 'We will e-mail you when a new listing matches it.', variant: 'success' });
      onClose();
    } catch (err) {
      setError(serverErrorText(err) ?? 'The search could not be saved. Please try again.');
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Save this search</DialogTitle>
          <DialogDescription>Get an e-mail when a new listing matches: {describeFilters(saved)}.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          <Field label="Name" error={error} required>
            <Input value={name} maxLength={SAVED_SEARCH_NAME_MAX} onChange={(e) => setName(e.target.value)} autoFocus />
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">E-mail me</legend>
            {(Object.keys(FREQUENCY_LABELS) as SavedSearchFrequency[]).map((f) => (
              <label key={f} className="flex items-center gap-2 text-sm">
                <input type="radio" name="frequency" value={f} checked={frequency === f} onChange={() => setFrequency(f)} />
                {FREQUENCY_LABELS[f]}
              </label>
            ))}
          </fieldset>
          <div className="flex items-center justify-between gap-2">
            <Link to="/alerts" className="text-sm text-primary underline-offset-4 hover:underline" onClick={onClose}>
              My alerts
            </Link>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? 'Saving…' : 'Save search'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
