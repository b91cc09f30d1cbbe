import { type DocumentKind, documentRules } from "@farm/core";
import { DocumentField, useT } from "@farm/ui";
import { documentKinds, maxMegabytes } from "../documents/document-check";
import { withNote } from "./TextField";

export type ChosenDocuments = Record<DocumentKind, File | null>;

/**
 * Three file choices; choosing again replaces the file. Files are checked against the backend's rules at once. After
 * a rejection, a document it did not refuse is kept unless a new file is chosen; a refused one carries the admin's note.
 */
export function DocumentsStep({
  documents,
  visible,
  onChoose,
  kept,
  noteOf,
}: {
  documents: ChosenDocuments;
  visible: boolean;
  onChoose: (kind: DocumentKind, file: File | null) => void;
  kept: ReadonlySet<DocumentKind>;
  noteOf: (kind: DocumentKind) => string | undefined;
}) {
  const t = useT();
  return (
    <fieldset className="register-fields">
      <legend>{t("register.step.documents")}</legend>
      <p>{t("register.documents.intro")}</p>
      {documentKinds.map((kind) => {
        const file = documents[kind];
        const keeps = !file && kept.has(kind);
        const rules = t(`register.document.${kind}.rules`, { mb: maxMegabytes(kind) });
        return (
          <DocumentField
            key={kind}
            className="register-document"
            testId={`document-${kind}`}
            id={`document-${kind}-input`}
            label={t(`register.document.${kind}`)}
            hint={withNote(keeps ? t("register.document.kept") : noteOf(kind), rules)}
            rule={documentRules[kind]}
            file={file}
            missing={visible && !keeps}
            required={!kept.has(kind)}
            onChoose={(chosen) => onChoose(kind, chosen)}
          />
        );
      })}
    </fieldset>
  );
}
