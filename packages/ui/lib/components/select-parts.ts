/**
 * What a SelectField (`@cp/ui/select-field`) and its Radix select (`LoadedSelect` in `@cp/ui/select`, loaded on first
 * intent) both need: the trigger's look, the options' form and what the one hands the other. A plain module of its own,
 * so neither entry imports the other's module back.
 */

/** The look of a select's trigger: the bare one and Radix's (SelectTrigger in select.tsx) are the same box. */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full items-center justify-between rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground data-[placeholder]:text-muted-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive [&>span]:line-clamp-1 cursor-pointer';

/** An option of a SelectField: a value shown as itself, or a value with its label. */
export type SelectOption<T extends string> = T | { value: T; label: string };

export const optionOf = <T extends string>(o: SelectOption<T>): { value: T; label: string } => (typeof o === 'string' ? { value: o, label: o } : o);

/** What the Radix select (`LoadedSelect` in @cp/ui/select) gets besides the deferred part's props. */
export interface SelectPartProps {
  value: string;
  options: readonly SelectOption<string>[];
  onChange: (value: string) => void;
  disabled: boolean;
}
