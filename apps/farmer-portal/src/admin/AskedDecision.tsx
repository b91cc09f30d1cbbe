import type { InvoiceDecisionAction } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { type ReactNode, useState } from "react";
import { ReasonForm } from "../layout/ReasonForm";
import { DecisionOutcome } from "./DecisionOutcome";
import type { useInvoiceDecision } from "./use-invoice-decision";

/**
 * One irreversible decision on an invoice, asked first: its button opens a confirmation naming the invoice, with a
 * required reason; the admin's wallet then sends it and the mined decision is recorded with that reason
 * (useInvoiceDecision). While the contract would refuse it, `blocked` says why instead of the button.
 */
export function AskedDecision({
  id,
  decision,
  action,
  texts,
  name,
  danger = false,
  blocked = null,
}: {
  id: string;
  decision: ReturnType<typeof useInvoiceDecision>;
  action: InvoiceDecisionAction;
  texts: { button: string; confirm: string; question: string; working: string; done: string };
  /** Names the reason field `<name>-reason-<id>`, the button `<name>-<id>` and its confirmation `confirm-<name>-<id>`. */
  name: { reason: string; button: string; confirm: string };
  danger?: boolean;
  blocked?: ReactNode;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  let control: ReactNode = null;
  if (decision.state.status === "confirmed") control = null;
  else if (asking)
    control = (
      <ReasonForm
        id={`${name.reason}-reason-${id}`}
        label={t("admin.decision.reason")}
        submitLabel={texts.confirm}
        busy={decision.busy}
        danger={danger}
        notice={<Notice tone={danger ? "error" : "info"}>{texts.question}</Notice>}
        onSubmit={(reason) => {
          setAsking(false);
          void decision.decide({ action, reason, label: texts.working, done: texts.done });
        }}
        onCancel={() => setAsking(false)}
        submitTestId={`confirm-${name.confirm}-${id}`}
      />
    );
  else if (blocked) control = blocked;
  else
    control = (
      <button
        type="button"
        className={danger ? "danger" : undefined}
        disabled={decision.busy}
        onClick={() => setAsking(true)}
        data-testid={`${name.button}-${id}`}
      >
        {texts.button}
      </button>
    );
  return (
    <>
      {control}
      <DecisionOutcome id={id} decision={decision} />
    </>
  );
}
