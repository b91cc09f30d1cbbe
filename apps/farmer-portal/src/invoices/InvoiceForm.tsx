import {
  emailDomainOf,
  type InvoiceDocumentKind,
  invoiceDocumentRules,
  isFreeMailDomain,
  maxYieldBpsFor,
} from "@farm/core";
import {
  ApiErrorText,
  DocumentField,
  FormField,
  GoldCheck,
  GoldInput,
  goldHintText,
  Notice,
  problemText,
  useFormat,
  useI18n,
  useRupiahRate,
  useTypedAmount,
} from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import {
  type ChosenEvidence,
  evidenceMegabytes,
  evidenceProblem,
  noEvidence,
  submitInvoiceWithEvidence,
} from "./evidence-files";
import {
  dueDateWindowOf,
  emptyInvoiceDraft,
  type InvoiceDraft,
  readInvoiceForm,
  repaymentOf,
  retypeYieldPercent,
} from "./invoice-form";
import { RepayBeforeBuyerWarning, RepaymentCheck } from "./RepaymentTerms";
import { invoicesQueryKey, useInvoiceTerms } from "./use-invoices";
import "../i18n/evidence";

type TextName = Exclude<keyof InvoiceDraft, "amount" | "description">;

const textFields: { name: TextName; type?: string; inputMode?: "numeric" | "decimal" }[] = [
  { name: "invoiceNumber" },
  { name: "buyerName" },
  { name: "buyerContact" },
  { name: "yieldPercent", inputMode: "decimal" },
  { name: "tenorDays", inputMode: "numeric" },
  { name: "fundingDays", inputMode: "numeric" },
  { name: "dueDate", type: "date" },
];

/** Submits an invoice for tokenisation; nothing is sent while a field is refused, nor before the farmer has checked
 *  the amount in figures and in words. */
export function InvoiceForm() {
  const { t, language } = useI18n();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<InvoiceDraft>(emptyInvoiceDraft);
  // The amount and yield are kept with the language they were typed in: a switch re-writes them, never changes them.
  const [amount, setAmount] = useTypedAmount("");
  const [yieldPercent, setYieldPercent] = useTypedAmount("", retypeYieldPercent);
  const draft: InvoiceDraft = { ...typed, amount, yieldPercent };
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [evidence, setEvidence] = useState<ChosenEvidence>(noEvidence);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<
    { tone: "success"; text: string } | { tone: "error"; error: unknown } | null
  >(null);
  // One key per invoice being written: a retry after a lost answer returns the first invoice, not a second.
  const idempotencyKey = useRef(crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);

  const rupiahPerGold = useRupiahRate();
  const terms = useInvoiceTerms();
  const maxDailyFee = terms.data?.maxDailyFee ?? null;
  const result = readInvoiceForm(draft, language, maxDailyFee, rupiahPerGold);
  const { earliest, latest } = dueDateWindowOf(draft);
  const dueDateBounds = { min: earliest, max: latest };
  // When repayment falls due for the term typed: a warning (never a refusal) when it may come before the buyer pays.
  const repayment = repaymentOf(draft);
  const errorOf = (name: keyof InvoiceDraft) => {
    if (result.ok || !(showAll || touched.has(name))) return undefined;
    if (name === "yieldPercent" && result.feeCap)
      return t("invoices.error.feeAboveCap", {
        max: format.percentBps(result.feeCap.maxBps),
        days: result.feeCap.tenorDays,
      });
    const problem = result.errors[name];
    if (!problem) return undefined;
    return problemText(t, problem, `invoices.error.${name}`, format.date);
  };
  // The most the farmer may pay for the tenor typed, said before sending (the cap times the days).
  const tenor = /^\d+$/.test(draft.tenorDays.trim()) ? Number(draft.tenorDays.trim()) : null;
  const feeCapHint =
    maxDailyFee !== null && tenor !== null && tenor > 0
      ? t("invoices.hint.feeCap", {
          max: format.percentBps(maxYieldBpsFor(maxDailyFee, tenor)),
          days: tenor,
          daily: format.number(maxDailyFee / 10_000, 4),
        })
      : null;
  const change = (name: keyof InvoiceDraft, value: string) => {
    // An answer from the server is about the text it was sent; a change makes it stale.
    setOutcome(null);
    setTouched((previous) => new Set(previous).add(name));
    if (name === "amount") setAmount(value);
    else if (name === "yieldPercent") setYieldPercent(value);
    else setTyped((previous) => ({ ...previous, [name]: value }));
  };

  // Said before submitting: a phone number cannot receive the buyer's link, a free-mail address makes it weaker.
  const hintOf = (name: TextName) => {
    const contact = draft.buyerContact.trim();
    if (name === "buyerContact" && /\d{6}/.test(contact.replace(/\D/g, "")) && !contact.includes("@"))
      return t("invoices.hint.buyerContactPhone");
    const domain = name === "buyerContact" ? emailDomainOf(contact) : null;
    if (domain && isFreeMailDomain(domain)) return t("invoices.hint.buyerContactFreeMail", { domain });
    if (name === "yieldPercent" && feeCapHint) return feeCapHint;
    const hintKey = `invoices.hint.${name}`;
    return t(hintKey) === hintKey ? undefined : t(hintKey);
  };

  const evidenceKinds: InvoiceDocumentKind[] = ["invoice", "deliveryProof"];
  const evidenceOk = evidenceKinds.every((kind) => evidenceProblem(kind, evidence[kind]) === null);

  const check = () => {
    setOutcome(null);
    if (!result.ok || !evidenceOk) {
      setShowAll(true);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setChecking(true);
  };

  const submit = async () => {
    setChecking(false);
    if (!result.ok || !evidenceOk) return;
    setSending(true);
    try {
      const answer = await submitInvoiceWithEvidence(
        result.request,
        evidence,
        idempotencyKey.current,
        ({ loaded, total }) => setUploaded(Math.floor((loaded * 100) / Math.max(total, 1))),
      );
      idempotencyKey.current = crypto.randomUUID();
      setTyped(emptyInvoiceDraft);
      setAmount("");
      setYieldPercent("");
      setEvidence(noEvidence);
      formRef.current?.reset();
      setTouched(new Set());
      setShowAll(false);
      setOutcome({ tone: "success", text: t("invoices.submitted", { tokenId: answer.tokenId }) });
      await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    } catch (error) {
      setOutcome({ tone: "error", error });
    } finally {
      setSending(false);
      setUploaded(null);
    }
  };

  return (
    <form
      ref={formRef}
      className="farm-card invoice-form"
      noValidate
      aria-labelledby="invoice-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <h2 id="invoice-form-title">{t("invoices.form.title")}</h2>
      <div className="invoice-form__grid">
        <FormField
          id="amount"
          label={t("invoices.field.amount")}
          error={errorOf("amount")}
          hint={goldHintText(t, language, rupiahPerGold)}
          required
        >
          {(control) => (
            <GoldInput {...control} value={draft.amount} onChange={(value) => change("amount", value)} />
          )}
        </FormField>
        {textFields.map((field) => (
          <FormField
            key={field.name}
            id={field.name}
            label={t(`invoices.field.${field.name}`)}
            error={errorOf(field.name)}
            hint={hintOf(field.name)}
            required
          >
            {(control) => (
              <input
                {...control}
                type={field.type ?? "text"}
                inputMode={field.inputMode}
                // The phone's date picker offers only the days the API takes (dueDateWindow).
                {...(field.name === "dueDate" ? dueDateBounds : {})}
                value={draft[field.name]}
                onChange={(event) => change(field.name, event.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
      {repayment?.beforeBuyerPays && (result.ok || !result.errors.dueDate) ? (
        <RepayBeforeBuyerWarning repayment={repayment} dueDate={draft.dueDate} />
      ) : null}
      <FormField id="description" label={t("invoices.field.description")} error={errorOf("description")}>
        {(control) => (
          <textarea
            {...control}
            value={draft.description}
            onChange={(event) => change("description", event.target.value)}
          />
        )}
      </FormField>
      <fieldset className="invoice-form__evidence">
        <legend>{t("evidence.form.legend")}</legend>
        <p>{t("evidence.form.intro")}</p>
        {evidenceKinds.map((kind) => (
          <DocumentField
            key={kind}
            testId={`evidence-${kind}`}
            id={`evidence-${kind}`}
            label={t(`evidence.kind.${kind}`)}
            hint={t(`evidence.rules.${kind}`, { mb: evidenceMegabytes(kind) })}
            rule={invoiceDocumentRules[kind]}
            file={evidence[kind]}
            missing={showAll && evidenceProblem(kind, null) === "missing"}
            required={kind === "invoice"}
            onChoose={(file) => setEvidence((previous) => ({ ...previous, [kind]: file }))}
          />
        ))}
      </fieldset>
      {checking && result.ok ? (
        <GoldCheck
          amount={BigInt(result.request.amount)}
          onConfirm={() => void submit()}
          onCancel={() => setChecking(false)}
        >
          <p>
            {t("invoices.check.buyer", {
              buyer: result.request.buyerName,
              number: result.request.invoiceNumber,
            })}
          </p>
          {repayment ? <RepaymentCheck request={result.request} repayment={repayment} /> : null}
        </GoldCheck>
      ) : null}
      {outcome ? (
        <Notice tone={outcome.tone}>
          {outcome.tone === "error" ? <ApiErrorText error={outcome.error} /> : outcome.text}
        </Notice>
      ) : null}
      <button type="submit" disabled={sending} data-testid="submit-invoice">
        {sending
          ? uploaded !== null && uploaded < 100
            ? t("evidence.uploading", { percent: uploaded })
            : t("invoices.sending")
          : t("invoices.submit")}
      </button>
    </form>
  );
}
