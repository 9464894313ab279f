import { Field } from '@cp/ui';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@cp/ui/select';

/** A labelled select over a list of values. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  required,
  disabled,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  onChange: (value: T) => void;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <Field label={label} error={error} required={required ?? false}>
      {(control) => (
        <Select value={value} onValueChange={(v) => onChange(v as T)} disabled={disabled ?? false}>
          <SelectTrigger {...control}>
            <SelectValue placeholder={placeholder ?? `Select ${label.toLowerCase()}`} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o} value={o}>
                {o}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
