import { documentRules, INVESTOR_TIERS, investorLimitOf } from "@farm/core";
import {
  ApiErrorText,
  checkFile,
  DocumentField,
  FormField,
  megabytesOfRule,
  Notice,
  useChainConfig,
  useFormat,
  useI18n,
} from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { queryKeys } from "../layout/query-keys";
import "../i18n/verify";
import { submitVerification } from "./submit-verification";
import { useInvestorStatus } from "./use-investor-status";
import {
  emptyVerifyDraft,
  readIncome,
  readVerifyForm,
  type VerifyDraft,
  type VerifyField,
  type VerifyProblem,
} from "./verify-form";

const ktpRule = documentRules.ktp;
const percentOf = (bps: number) => bps / 100;

/**
 * The verification form: every field checked as typed with the backend's rules (the NIK counts its digits, the income
 * is read in the page's language and shows the limit it gives), the KTP checked before any upload, one multipart send.
 */
export function VerifyForm() {
  const { t, language } = useI18n();
  const format = useFormat();
  const config = useChainConfig();
  // The deployment's limits per tier (INVESTOR_LIMIT_*_BPS), as `GET /api/investors/me` says: never a guessed default.
  const limits = useInvestorStatus().data?.limitBps ?? null;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<VerifyDraft>(emptyVerifyDraft);
  const [ktp, setKtp] = useState<File | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const today = new Date().toISOString().slice(0, 10);
  const result = readVerifyForm(draft, language, today);
  const ktpOk = ktp !== null && checkFile(ktpRule, ktp) === null;

  const change = (name: keyof VerifyDraft, value: string) => {
    setError(null);
    setTouched((previous) => new Set(previous).add(name));
    setDraft((previous) => ({ ...previous, [name]: value }));
  };
  const problemOf = (field: VerifyField): string | undefined => {
    const problem: VerifyProblem | undefined = result.ok ? undefined : result.problems[field];
    if (!problem || !(showAll || touched.has(field))) return undefined;
    return t(`verify.error.${problem.field}.${problem.kind}`, {
      typed: "typed" in problem ? problem.typed : 0,
      example: t("verify.incomeExample"),
    });
  };

  const income = readIncome(draft.income, language);
  const limitBps = limits?.[draft.tier] ?? null;
  // No rate configured: no GOLD limit can be previewed (the backend refuses approvals then too).
  const rupiahPerGold = config.data?.rupiahPerGold ?? null;
  const preview =
    "ok" in income && rupiahPerGold !== null && limitBps !== null
      ? t("verify.limitPreview", {
          gold: format.gold(investorLimitOf(income.rupiah, limitBps, rupiahPerGold)),
          rupiah: format.rupiah((income.rupiah * BigInt(limitBps)) / 10_000n),
          percent: percentOf(limitBps),
          income: format.rupiah(income.rupiah),
        })
      : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!result.ok || !ktpOk || !ktp) {
      setShowAll(true);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setSending(0);
    setError(null);
    try {
      await submitVerification(result.fields, ktp, ({ loaded, total }) =>
        setSending(Math.floor((loaded * 100) / Math.max(total, 1))),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.investorStatus });
    } catch (cause) {
      setError(cause);
    } finally {
      setSending(null);
    }
  };

  const text = (name: "fullName" | "nik" | "dateOfBirth" | "income", input: Record<string, string>) => (
    <FormField
      id={`verify-${name}`}
      label={t(`verify.field.${name}`)}
      error={problemOf(name)}
      hint={
        name === "nik"
          ? `${t("verify.hint.nik")} ${t("verify.nikCount", { typed: draft.nik.replace(/\s/g, "").length })}`
          : name === "income"
            ? (preview ?? t("verify.hint.income", { example: t("verify.incomeExample") }))
            : name === "dateOfBirth"
              ? t("verify.hint.dateOfBirth")
              : undefined
      }
      required
    >
      {(control) => (
        <input
          {...input}
          {...control}
          value={draft[name]}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form ref={formRef} className="card verify-form" noValidate onSubmit={onSubmit} data-testid="verify-form">
      <p>{t("verify.intro")}</p>
      {text("fullName", { type: "text", autoComplete: "name" })}
      {text("nik", { type: "text", inputMode: "numeric", autoComplete: "off" })}
      {text("dateOfBirth", { type: "date", autoComplete: "bday" })}
      <fieldset className="verify-form__tiers">
        <legend>{t("verify.field.tier")}</legend>
        {INVESTOR_TIERS.map((tier) => (
          <label key={tier} className="verify-form__tier">
            <input
              type="radio"
              name="verify-tier"
              value={tier}
              checked={draft.tier === tier}
              onChange={() => change("tier", tier)}
            />
            <span>
              <strong>{t(`verify.tier.${tier}`)}</strong>
              <br />
              {limits && (
                <span className="muted small">
                  {t(`verify.tier.${tier}Explain`, { percent: percentOf(limits[tier]) })}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {text("income", { type: "text", inputMode: "numeric", autoComplete: "off" })}
      {draft.tier === "professional" ? (
        <FormField
          id="verify-reason"
          label={t("verify.field.reason")}
          hint={t("verify.hint.reason")}
          error={problemOf("reason")}
          required
        >
          {(control) => (
            <textarea
              {...control}
              value={draft.reason}
              onChange={(event) => change("reason", event.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <DocumentField
        id="verify-ktp"
        testId="verify-ktp"
        label={t("verify.field.ktp")}
        hint={t("verify.hint.ktp", { mb: megabytesOfRule(ktpRule) })}
        rule={ktpRule}
        file={ktp}
        missing={showAll}
        required
        onChoose={setKtp}
      />
      {error ? (
        <Notice tone="error">
          <ApiErrorText error={error} />
        </Notice>
      ) : null}
      <button type="submit" className="button" disabled={sending !== null} data-testid="verify-submit">
        {sending !== null ? t("verify.sending", { percent: sending }) : t("verify.submit")}
      </button>
    </form>
  );
}
