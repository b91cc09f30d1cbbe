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
