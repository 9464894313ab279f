import { useState, type ComponentType, type ReactNode } from 'react';
import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import type { CursorPage } from '@cp/contracts';
import { Button, EmptyState, intentHandlers, LoadingState, toast, useLoadedOnPress, type OnIntent } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import type { FormDialogProps } from './FormDialog.tsx';

/** The title of the toast when a dialog's code could not be loaded after a press (a new press tries again). */
export const FORM_FAILED = 'Could not open this form';

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

/** A mutation as the form dialogs use it: its trigger and whether it is running. */
type Mutation<A> = readonly [(arg: A) => { unwrap: () => Promise<unknown> }, { isLoading: boolean }];

/**
 * The save of a form dialog: creates the item (`item` null) or updates it, with the outcome's toast (`noun`:
 * "Advertisement updated successfully", "Failed to create business"), then `onDone` once saved. `send` is the form's.
 */
export function useSaveItem<B>(item: { id: string } | null, noun: string, [create, creating]: Mutation<B>, [update, updating]: Mutation<{ id: string; body: B }>, onDone: () => void) {
  const [done, doing] = item ? ['updated', 'update'] : ['created', 'create'];
  return {
    busy: creating.isLoading || updating.isLoading,
    send: async (body: B) => {
      const saved = await withOutcomeToast(() => (item ? update({ id: item.id, body }).unwrap() : create(body).unwrap()), {
        success: `${noun} ${done} successfully`,
        failure: `Failed to ${doing} ${noun.toLowerCase()}`,
      });
      if (saved) onDone();
    },
  };
}

/**
 * The Delete of a card, for EditDeleteActions: asks `confirm` with the browser's confirm, then deletes the item with the
 * outcome's toast (`noun`: "Advertisement deleted successfully", "Failed to delete business"), like useSaveItem saves.
 */
export function useDeleteItem(id: string, noun: string, confirm: string, [remove, removing]: Mutation<string>) {
  async function deleteItem() {
    if (!window.confirm(confirm)) return;
    await withOutcomeToast(() => remove(id).unwrap(), { success: `${noun} deleted successfully`, failure: `Failed to delete ${noun.toLowerCase()}` });
  }
  return { onDelete: () => void deleteItem(), deleting: removing.isLoading };
}

/**
 * A card's Edit button as CollectionTab gives it: `open` opens the dialog on the item (at once when its code is here,
 * else when it arrives, `opening` meanwhile); `preload` starts loading that code on intent (pointer, focus, touch).
 */
export interface EditControl {
  open: () => void;
  preload: () => void;
  opening: boolean;
}

/** The icon of a button that opens a dialog: a spinner in its place while the dialog's code loads after the press. */
export const opensIcon = (opening: boolean, icon: ReactNode) => (opening ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon);

/** Edit and Delete of one card (the item's name is read out with them). Delete asks with the browser's confirm. */
export function EditDeleteActions({ name, edit, onDelete, deleting }: { name: string; edit: EditControl; onDelete: () => void; deleting: boolean }) {
  return (
    <>
      <Button variant="outline" size="sm" aria-haspopup="dialog" aria-busy={edit.opening || undefined} onClick={edit.open} {...intentHandlers(edit.preload)}>
        {opensIcon(edit.opening, <Pencil aria-hidden="true" />)}
        Edit<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="outline" size="sm" onClick={onDelete} disabled={deleting}>
        <Trash2 aria-hidden="true" />
        Delete<span className="sr-only"> {name}</span>
      </Button>
    </>
  );
}

/**
 * What a page of a tab's collection is asked with: its cursor (none: the first) and the hook of the list's endpoint
 * (RTK Query's; `skip` until the page is asked for).
 */
export type PageHook<T> = (
  cursor: string | undefined,
  options: { skip: boolean },
) => { data?: CursorPage<T> | undefined; isLoading: boolean; error?: unknown; refetch: () => unknown };

interface ListView<T> {
  gridClassName: string;
  skeletons: number;
  renderItem: (item: T) => ReactNode;
}

function ItemGrid<T extends { id: string }>({ items, label, view }: { items: readonly T[]; label: string; view: ListView<T> }) {
  return (
    <ul aria-label={label} className={view.gridClassName}>
      {items.map((item) => (
        <li key={item.id}>{view.renderItem(item)}</li>
      ))}
    </ul>
  );
}

/** The list's loading state: a card's bar in each of the grid's first places. */
function GridSkeleton({ label, view }: { label: string; view: Pick<ListView<never>, 'gridClassName' | 'skeletons'> }) {
  return <LoadingState label={label} bars={Array.from({ length: view.skeletons }, () => 'h-48')} className={view.gridClassName} />;
}

/**
 * The pages after the first (issue 24 §2: the collection is paged from the server): a Load more button, then the page
 * asked with the cursor of the one before, and so on to the last (`nextCursor` null). Each page is its own cached
 * query under its cursor, tagged with the list: a create, edit or delete refetches every page shown, and a page whose
 * predecessor now ends elsewhere is asked again from its new cursor. How many pages are open is the tab's (`opened`),
 * so the pages shown stay shown when a change moves where they start.
 */
function MorePages<T extends { id: string }>(props: { cursor: string; depth: number; opened: number; onMore: (depth: number) => void; usePage: PageHook<T>; view: ListView<T>; noun: string }) {
  const { cursor, depth, opened, onMore, usePage, view, noun } = props;
  const shown = depth < opened;
  const { data, isLoading, error, refetch } = usePage(cursor, { skip: !shown });
  if (!shown) {
    return (
      <div className="flex justify-center">
        <Button variant="outline" onClick={() => onMore(depth + 1)}>
          Load more {noun}
        </Button>
      </div>
    );
  }
  if (error) return <LoadError title={`More ${noun} could not be loaded`} error={error} onRetry={() => void refetch()} headingLevel={3} />;
  if (isLoading || !data) return <GridSkeleton label={`Loading more ${noun}…`} view={view} />;
  return (
    <>
      <ItemGrid items={data.items} label={`More ${noun}`} view={view} />
      {data.nextCursor ? <MorePages {...props} cursor={data.nextCursor} depth={depth + 1} /> : null}
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
  /** A page of the collection (the list's cursor pages: the first, then Load more). */
  usePage: PageHook<T>;
  /** What the list holds, lower case and plural ('advertisements'): the Load more button, the lists' names. */
  noun: string;
  loading: string;
  loadErrorTitle: string;
  empty: { icon: ReactNode; title: string; description: string };
  gridClassName: string;
  skeletons: number;
  renderCard: (item: T, edit: EditControl) => ReactNode;
  /** The create/edit dialog (its form and schema), loaded on intent of the create or an Edit button. */
  formDialog: OnIntent<ComponentType<FormDialogProps<T>>>;
}

/**
 * An admin tab over one collection (spec §2 Admin): the list with its states, a page at a time from the server (then
 * Load more), a create button, the create/edit dialog. The dialog's code comes on intent of the buttons that open it
 * (`formDialog`); a press before it is here shows a spinner on the button and opens the dialog when it arrives.
 */
export function CollectionTab<T extends { id: string }>(props: CollectionTabProps<T>) {
  const { data, isLoading, error, refetch } = props.usePage(undefined, { skip: false });
  const { formDialog } = props;
  const form = useLoadedOnPress(formDialog, FORM_FAILED);
  const FormDialog = form.loaded;
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  /** How many pages after the first are shown (Load more adds one). */
  const [opened, setOpened] = useState(0);
  const openWith = (item: T | null) => {
    setEditing(item);
    form.whenLoaded(item?.id ?? 'new', () => setOpen(true));
  };
  const editOf = (item: T): EditControl => ({ open: () => openWith(item), preload: formDialog.preload, opening: form.opening === item.id });
  const view: ListView<T> = { gridClassName: props.gridClassName, skeletons: props.skeletons, renderItem: (item) => props.renderCard(item, editOf(item)) };
  let body;
  if (isLoading) body = <GridSkeleton label={props.loading} view={view} />;
  else if (error) body = <LoadError title={props.loadErrorTitle} error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else if (!data || data.items.length === 0) body = <EmptyState headingLevel={3} {...props.empty} />;
  else {
    body = (
      <>
        <ItemGrid items={data.items} label={props.heading} view={view} />
        {data.nextCursor ? <MorePages cursor={data.nextCursor} depth={0} opened={opened} onMore={(n) => setOpened((o) => Math.max(o, n))} usePage={props.usePage} view={view} noun={props.noun} /> : null}
      </>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{props.heading}</h2>
        <Button aria-haspopup="dialog" aria-busy={form.opening === 'new' || undefined} onClick={() => openWith(null)} {...intentHandlers(formDialog.preload)}>
          {opensIcon(form.opening === 'new', <Plus aria-hidden="true" />)}
          {props.createLabel}
        </Button>
      </div>
      {body}
      {FormDialog ? <FormDialog item={editing} open={open} onOpenChange={setOpen} title={editing ? props.editLabel : props.createLabel} description={props.dialogDescription} /> : null}
    </div>
  );
}
