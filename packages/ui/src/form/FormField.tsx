import type { ReactNode } from "react";

export type FieldControlProps = {
  id: string;
  name: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required": boolean;
};

type FormFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled field whose control learns its error and hint through aria attributes. */
export function FormField({ id, label, error, hint, required = false, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "farm-field farm-field--invalid" : "farm-field"}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id,
        name: id,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy,
        "aria-required": required,
      })}
      {hint ? (
        <p id={hintId} className="farm-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="farm-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
