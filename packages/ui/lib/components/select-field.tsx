// Through the package (a shared singleton), not relative files: this entry is its own shared module (loaded with the
// pages that have selects, not on the home page) and must use the page's one copy of the deferred-part loader and its
// toast queue.
import { createDeferredPart, Field } from '@cp/ui';
import { optionOf, SELECT_TRIGGER_CLASS, type SelectOption, type SelectPartProps } from './select-parts.ts';

export type { SelectOption } from './select-parts.ts';

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T | '';
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** Shown while nothing is chosen; "Select <label>" by default. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * The trigger's chevron: lucide's chevron-down drawn inline, the same SVG the loaded select's trigger shows. Not through
 * lucide-react: this entry is a chunk of its own on the pages with filters (/listings), and lucide's component code
 * would come again with it, beside the page's own copy.
 */
function Chevron() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="lucide lucide-chevron-down h-4 w-4 opacity-60" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** The Radix select, from its own shared entry, when the user first shows intent on a select of the page. */
const DeferredSelect = createDeferredPart<SelectPartProps>(() => import('@cp/ui/select').then((m) => m.LoadedSelect), { openOnPress: true, popup: 'listbox' });

/**
 * A labelled select over a list of options, wired for screen readers and validation messages (Field). Until the user
 * shows intent (pointer over, focus, press) it is a bare trigger showing the chosen option; then Radix's select (its
 * popper, layers and focus management) loads once for the page and takes over, opening at once if the
 * trigger was pressed. A page with filters (the listings page) paints without waiting for it.
 */
export function SelectField<T extends string>({ label, value, options, onChange, placeholder, error, hint, required, disabled, className }: SelectFieldProps<T>) {
  const chosen = options.map(optionOf).find((o) => o.value === value);
  return (
    <Field label={label} error={error} required={required ?? false} {...(hint ? { hint } : {})} {...(className ? { className } : {})}>
      {(control) => (
        <DeferredSelect
          value={value}
          options={options}
          onChange={onChange as (value: string) => void}
          disabled={disabled ?? false}
          trigger={
            <button type="button" role="combobox" aria-autocomplete="none" {...control} disabled={disabled ?? false} data-placeholder={chosen ? undefined : ''} className={SELECT_TRIGGER_CLASS}>
              <span>{chosen ? chosen.label : (placeholder ?? `Select ${label.toLowerCase()}`)}</span>
              <Chevron />
            </button>
          }
        />
      )}
    </Field>
  );
}
