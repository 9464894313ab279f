import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Button, EmptyState, Skeleton, toast } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import { LoadError } from '@cp/web-core';

/**
 * Runs an admin write (create, update, delete) and tells its outcome in a toast: 'Success' with `success`, or
 * 'Error' with `failure` (spec §8). Resolves to whether it succeeded.
 */
export async function withOutcomeToast(write: () => Promise<unknown>, messages: { success: string; failure: string }): Promise<boolean> {
  try {
    await write();
    toast({ title: 'Success', description: messages.success, variant: 'success' });
    return true;
  } catch {
    toast({ title: 'Error', description: messages.failure, variant: 'destructive' });
    return false;
  }
}

/** The create/edit form's Cancel and submit buttons; the submit shows 'Saving...' while busy. */
export function FormFooter({ busy, onCancel, submitLabel }: { busy: boolean; onCancel: () => void; submitLabel: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** Edit and Delete of one card (the item's name is read out with them). */
export function EditDeleteActions({ name, onEdit, onDelete, deleting }: { name: string; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="outline" size="sm" onClick={onDelete} disabled={deleting}>
        <Trash2 aria-hidden="true" />
        Delete<span className="sr-only"> {name}</span>
      </Button>
    </>
  );
}

export interface CollectionTabProps<T extends { id: string }> {
  heading: string;
  /** The create button and the dialog's title for a new item, e.g. 'Add Business'. */
  createLabel: string;
  /** The dialog's title for an existing item, e.g. 'Edit Business'. */
  editLabel: string;
  dialogDescription: string;
  query: { data?: T[] | undefined; isLoading: boolean; error?: unknown; refetch: () => unknown };
  loading: string;
  loadErrorTitle: string;
  empty: { icon: ReactNode; title: string; description: string };
  gridClassName: string;
  skeletons: number;
  renderCard: (item: T, onEdit: () => void) => ReactNode;
  renderForm: (item: T | null, onDone: () => void) => ReactNode;
}

/** An admin tab over one collection (spec §2 Admin): the list with its states, a create button, the create/edit dialog. */
export function CollectionTab<T extends { id: string }>(props: CollectionTabProps<T>) {
  const { data, isLoading, error, refetch } = props.query;
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const openWith = (item: T | null) => {
    setEditing(item);
    setOpen(true);
  };
  let body;
  if (isLoading) {
    body = (
      <div role="status" className={props.gridClassName}>
        <span className="sr-only">{props.loading}</span>
        {Array.from({ length: props.skeletons }, (_, i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    );
  } else if (error) body = <LoadError title={props.loadErrorTitle} error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else if ((data ?? []).length === 0) body = <EmptyState headingLevel={3} {...props.empty} />;
  else {
    body = (
      <ul className={props.gridClassName}>
        {(data ?? []).map((item) => (
          <li key={item.id}>{props.renderCard(item, () => openWith(item))}</li>
        ))}
      </ul>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{props.heading}</h2>
        <Button onClick={() => openWith(null)}>
          <Plus aria-hidden="true" />
          {props.createLabel}
        </Button>
      </div>
      {body}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing ? props.editLabel : props.createLabel}</DialogTitle>
            <DialogDescription>{props.dialogDescription}</DialogDescription>
          </DialogHeader>
          {open ? props.renderForm(editing, () => setOpen(false)) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
