import type { DocumentKind, Farmer } from "@farm/core";
import { ApiErrorText, Notice, useI18n } from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { checkDocument, documentKinds } from "../documents/document-check";
import { documentProgress } from "../documents/upload-progress";
import { BusinessStep } from "./BusinessStep";
import { type ChosenDocuments, DocumentsStep } from "./DocumentsStep";
import { PersonalStep } from "./PersonalStep";
import { ReviewStep } from "./ReviewStep";
import { keptDocuments, refusedItemNames } from "./refused-items";
import {
  clearDraft,
  draftFromFarmer,
  emptyDraft,
  loadDraft,
  type RegistrationDraft,
  retypeBusiness,
  saveDraft,
} from "./registration-draft";
import { toRegistration, validateBusiness, validatePersonal } from "./registration-validation";
import { submitRegistration } from "./submit-registration";
import { myFarmerQueryKey } from "./use-my-farmer";

const steps = ["personal", "business", "documents", "review"] as const;
const noDocuments: ChosenDocuments = { ktp: null, npwp: null, bankStatement: null };

/** The four-step registration; the typed fields survive a reload (per wallet, in this browser). */
export function RegistrationWizard({ wallet, refused }: { wallet: string; refused?: Farmer }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RegistrationDraft>(() =>
    loadDraft(wallet, refused ? draftFromFarmer(refused, language) : emptyDraft, language),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [documents, setDocuments] = useState<ChosenDocuments>(noDocuments);
  const [progress, setProgress] = useState<Record<DocumentKind, number> | null>(null);
  const [sending, setSending] = useState(false);
  // What the last send failed with: the form's own words, or the API's error (worded, a 429 counting down).
  const [sendError, setSendError] = useState<{ text: string } | { error: unknown } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Registering again: the documents the rejection did not refuse are kept by the backend unless replaced here.
  const kept = useMemo(() => keptDocuments(refused), [refused]);
  const refusedNote = refused?.rejectionReason
    ? t("register.again.refusedNote", { reason: refused.rejectionReason })
    : t("register.again.refusedPlain");
  // Fields and documents apart: "npwp" names both the NPWP number and the NPWP card.
  const refusedFields = new Set<string>(refused?.refused?.fields ?? []);
  const refusedDocuments = new Set<string>(refused?.refused?.documents ?? []);
  const fieldNote = (field: string) => (refusedFields.has(field) ? refusedNote : undefined);
  const documentNote = (kind: string) => (refusedDocuments.has(kind) ? refusedNote : undefined);
  const refusedNames = refused ? refusedItemNames(refused.refused, t) : [];

  // A layout effect, not a passive one: Preact runs passive effects after the next paint, so a reload straight after
  // typing (or a phone that drops the tab) would lose the last field. This one runs as the change is committed.
  // A language switch re-writes the typed numbers in the new language's form, so "2.5" ha stays 2.5 ("2,5"), never
  // read again as something else; before the save below, so the draft is kept with the language it is typed in.
  const typedIn = useRef(language);
  useLayoutEffect(() => {
    const from = typedIn.current;
    typedIn.current = language;
    if (from !== language)
      setDraft((previous) => ({ ...previous, business: retypeBusiness(previous.business, from, language) }));
  }, [language]);
  useLayoutEffect(() => saveDraft(wallet, draft, typedIn.current), [wallet, draft]);

  // Each step is a browser history entry (same URL, the step in history.state), so Back and Forward move between
  // steps instead of leaving the wizard. Forward never skips past a step that is not valid yet.
  const stepRef = useRef(draft.step);
  stepRef.current = draft.step;
  const stepValidRef = useRef<boolean[]>([]);
  // The step this page opened at: entries above it were pushed here, so Back below it would leave the page.
  const baseStep = useRef(draft.step);
  useEffect(() => {
    window.history.replaceState({ ...window.history.state, registrationStep: stepRef.current }, "");
    const onPop = (event: PopStateEvent) => {
      const wanted = (event.state as { registrationStep?: unknown } | null)?.registrationStep;
      if (typeof wanted !== "number") return;
      let step = 0;
      while (step < wanted && stepValidRef.current[step]) step += 1;
      setShowAll(false);
      setDraft((previous) => ({ ...previous, step }));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const personalErrors = useMemo(() => validatePersonal(draft.personal), [draft.personal]);
  const businessErrors = useMemo(
    () => validateBusiness(draft.business, language),
    [draft.business, language],
  );
  const documentsReady = documentKinds.every((kind) => {
    const file = documents[kind];
    return file === null ? kept.has(kind) : checkDocument(kind, file) === null;
  });
  const stepValid = [
    Object.keys(personalErrors).length === 0,
    Object.keys(businessErrors).length === 0,
    documentsReady,
    true,
  ];
  stepValidRef.current = stepValid;
  const visible = (field: string) => showAll || touched.has(field);
  const touch = (field: string) => setTouched((previous) => new Set(previous).add(field));

  const goTo = (step: number) => {
    setShowAll(false);
    if (step > draft.step) {
      window.history.pushState({ ...window.history.state, registrationStep: step }, "");
    } else if (
      step === draft.step - 1 &&
      step >= baseStep.current &&
      window.history.state?.registrationStep === draft.step
    ) {
      // The wizard's Back is the browser's Back, so the history and the step never disagree.
      window.history.back();
      return;
    }
    setDraft((previous) => ({ ...previous, step }));
    // After Next or Back, keyboard and screen-reader users continue at the new step's first field.
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>("fieldset input, fieldset select, button[type=submit]")
        ?.focus(),
    );
  };

  const next = () => {
    if (stepValid[draft.step]) goTo(draft.step + 1);
    else {
      // The server's last refusal was about what was sent then; the client's own errors now say what is wrong.
      setSendError(null);
      setShowAll(true);
      // Let the errors render, then move focus to the first refused field so keyboard users land on it.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  };

  const send = async () => {
    const profile = toRegistration(draft, language);
    if (!profile || !documentsReady) {
      setSendError({ text: t("register.incomplete") });
      return;
    }
    const files: Partial<Record<DocumentKind, File>> = {};
    for (const kind of documentKinds) {
      const file = documents[kind];
      if (file) files[kind] = file;
    }
    const sent = documentKinds.filter((kind) => files[kind]);
    setSending(true);
    setSendError(null);
    const sizes = sent.map((kind) => files[kind]!.size);
    // A kept document is already stored: it shows as done from the start.
    const start = { ktp: 1, npwp: 1, bankStatement: 1 };
    for (const kind of sent) start[kind] = 0;
    setProgress(start);
    try {
      await submitRegistration(profile, files, language, ({ loaded, total }) => {
        const shares = documentProgress(sizes, loaded, total);
        const next = { ...start };
        sent.forEach((kind, index) => {
          next[kind] = shares[index] ?? 0;
        });
        setProgress(next);
      });
      setProgress({ ktp: 1, npwp: 1, bankStatement: 1 });
      clearDraft(wallet);
      await queryClient.invalidateQueries({ queryKey: myFarmerQueryKey(wallet) });
    } catch (error) {
      setProgress(null);
      setSendError({ error });
    } finally {
      setSending(false);
    }
  };

  const step = steps[draft.step] ?? "personal";
  return (
    <form
      ref={formRef}
      className="farm-card register-wizard"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (step === "review") void send();
        else next();
      }}
    >
      {refused ? (
        <Notice tone="info">
          <span data-testid="register-again-prefilled">
            {t("register.again.prefilled")}
            {refused.rejectionReason
              ? ` ${t("register.again.reason", { reason: refused.rejectionReason })}`
              : ""}
            {refusedNames.length > 0
              ? ` ${t("register.again.refusedList", { items: refusedNames.join(", ") })}`
              : ""}
          </span>
        </Notice>
      ) : null}
      <ol className="register-steps" aria-label={t("register.progress")}>
        {steps.map((name, index) => (
          <li
            key={name}
            aria-current={index === draft.step ? "step" : undefined}
            className={index < draft.step ? "done" : undefined}
          >
            <span>{index + 1}.</span> {t(`register.step.${name}`)}
          </li>
        ))}
      </ol>
      {step === "personal" ? (
        <PersonalStep
          values={draft.personal}
          errors={personalErrors}
          visible={visible}
          noteOf={fieldNote}
          onChange={(field, value) => {
            touch(field);
            setSendError(null);
            setDraft((previous) => ({ ...previous, personal: { ...previous.personal, [field]: value } }));
          }}
        />
      ) : null}
      {step === "business" ? (
        <BusinessStep
          values={draft.business}
          errors={businessErrors}
          visible={visible}
          noteOf={fieldNote}
          onChange={(field, value) => {
            touch(field);
            setSendError(null);
            setDraft((previous) => ({ ...previous, business: { ...previous.business, [field]: value } }));
          }}
        />
      ) : null}
      {step === "documents" ? (
        <DocumentsStep
          documents={documents}
          visible={showAll}
          kept={kept}
          noteOf={documentNote}
          onChoose={(kind, file) => {
            setSendError(null);
            setDocuments((previous) => ({ ...previous, [kind]: file }));
          }}
        />
      ) : null}
      {step === "review" ? (
        <>
          <ReviewStep draft={draft} documents={documents} kept={kept} progress={progress} />
          {!documentsReady ? <Notice tone="error">{t("register.documentsAgain")}</Notice> : null}
        </>
      ) : null}
      {sendError ? (
        <Notice tone="error">
          {"text" in sendError ? sendError.text : <ApiErrorText error={sendError.error} />}
        </Notice>
      ) : null}
      <div className="register-actions">
        {draft.step > 0 ? (
          <button type="button" className="secondary" disabled={sending} onClick={() => goTo(draft.step - 1)}>
            {t("common.back")}
          </button>
        ) : null}
        {step === "review" ? (
          <button type="submit" disabled={sending || !documentsReady} data-testid="submit-registration">
            {sending ? t("register.sending") : t("register.submit")}
          </button>
        ) : (
          <button type="submit" data-testid="next-step">
            {t("common.next")}
          </button>
        )}
      </div>
    </form>
  );
}
