import { FormField, useT } from "@farm/ui";
import { type ReactNode, useState } from "react";

/** The rule the API applies to an admin's reason (a buyer's dispute note may run to 1,000). */
const reasonMin = 3;
const reasonMax = 500;

export function reasonProblem(reason: string, max = reasonMax): "short" | "long" | null {
  const length = reason.trim().length;
  if (length < reasonMin) return "short";
  if (length > max) return "long";
  return null;
}

/**
 * A reason asked for before a decision (reject a farmer or an invoice, approve without a buyer's confirmation,
 * dispute an invoice): says exactly what is wrong on submit, never cuts what was typed, and cancels back.
 */
export function ReasonForm({
  id,
  label,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
  danger = false,
  notice,
  submitTestId,
  max = reasonMax,
  reasonRequired = true,
  children,
}: {
  id: string;
  label: string;
  submitLabel: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  busy: boolean;
  danger?: boolean;
  notice?: ReactNode;
  submitTestId?: string;
  max?: number;
  /** False when the decision says enough without words (a KYC rejection that names what it refuses). */
  reasonRequired?: boolean;
  /** More of the decision, asked before the reason (e.g. what a KYC rejection refuses). */
  children?: ReactNode;
}) {
  const t = useT();
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const problem = !reasonRequired && reason.trim() === "" ? null : reasonProblem(reason, max);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!problem) onSubmit(reason.trim());
      }}
    >
      {notice}
      {children}
      <FormField
        id={id}
        label={label}
        error={
          submitted && problem
            ? t(problem === "short" ? "reason.tooShort" : "reason.tooLong", {
                min: reasonMin,
                max,
                length: reason.trim().length,
              })
            : undefined
        }
        required={reasonRequired}
      >
        {(control) => (
          <textarea {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </FormField>
      <div className="admin-actions">
        <button
          type="submit"
          className={danger ? "danger" : undefined}
          disabled={busy}
          data-testid={submitTestId}
        >
          {submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
