import { FormField } from "@farm/ui";
import type { InputHTMLAttributes } from "react";

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;
};

/** A field's hint after the admin's note on it, when a rejection refused it. */
export function withNote(note: string | undefined, hint: string | undefined): string | undefined {
  return note && hint ? `${note} ${hint}` : (note ?? hint);
}

/** A labelled text input bound to one draft field. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required = true,
  input,
}: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input {...input} {...control} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FormField>
  );
}
