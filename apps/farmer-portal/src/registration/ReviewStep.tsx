import type { DocumentKind } from "@farm/core";
import { sizeText, useFormat, useI18n } from "@farm/ui";
import { documentKinds } from "../documents/document-check";
import type { ChosenDocuments } from "./DocumentsStep";
import type { RegistrationDraft } from "./registration-draft";

const personalOrder = [
  "fullName",
  "nik",
  "email",
  "phone",
  "dateOfBirth",
  "street",
  "district",
  "city",
  "province",
  "postalCode",
] as const;
const businessOrder = [
  "businessName",
  "businessType",
  "npwp",
  "bankName",
  "bankAccountNumber",
  "bankAccountHolder",
  "crops",
  "landAreaHectares",
  "yearsFarming",
] as const;

/** Everything the farmer entered, and each document's upload progress once sending starts. */
export function ReviewStep({
  draft,
  documents,
  kept,
  progress,
}: {
  draft: RegistrationDraft;
  documents: ChosenDocuments;
  /** Documents kept from a refused registration when no new file is chosen. */
  kept: ReadonlySet<DocumentKind>;
  progress: Record<DocumentKind, number> | null;
}) {
  const { language, t } = useI18n();
  const format = useFormat();
  // A calendar day typed in the date picker (YYYY-MM-DD), read at local midnight so no time zone moves it a day.
  const shown = (name: (typeof personalOrder)[number]) => {
    const value = draft.personal[name];
    return name === "dateOfBirth" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? format.date(`${value}T00:00`)
      : value;
  };
  return (
    <div className="register-review">
      <h2>{t("register.step.review")}</h2>
      <h3>{t("register.step.personal")}</h3>
      <dl className="register-review__list">
        {personalOrder.map((name) => (
          <div key={name}>
            <dt>{t(`register.field.${name}`)}</dt>
            <dd>{shown(name)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t("register.step.business")}</h3>
      <dl className="register-review__list">
        {businessOrder.map((name) => (
          <div key={name}>
            <dt>{t(`register.field.${name}`)}</dt>
            <dd>
              {name === "businessType"
                ? t(`register.businessType.${draft.business.businessType}`)
                : draft.business[name]}
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t("register.step.documents")}</h3>
      <ul className="register-review__documents">
        {documentKinds.map((kind) => {
          const file = documents[kind];
          return (
            <li key={kind}>
              <span>
                {t(`register.document.${kind}`)}:{" "}
                {file
                  ? `${file.name} (${sizeText(file.size, language)})`
                  : kept.has(kind)
                    ? t("register.review.kept")
                    : t("file.problem.missing")}
              </span>
              {progress ? (
                <label className="register-document__progress">
                  <span className="farm-visually-hidden">
                    {t("register.document.uploading")} {t(`register.document.${kind}`)}
                  </span>
                  <progress max={1} value={progress[kind]} data-testid={`progress-${kind}`} />
                  <span>{Math.round(progress[kind] * 100)} %</span>
                </label>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
