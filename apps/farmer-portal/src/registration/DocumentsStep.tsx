import type { DocumentKind } from "@farm/core";
import { FormField, useT } from "@farm/ui";
import { ChosenFile } from "../documents/ChosenFile";
import { acceptOf, checkDocument, documentKinds, maxMegabytes } from "../documents/document-check";
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
        const problem = file ? checkDocument(kind, file) : visible && !keeps ? "missing" : null;
        const rules = t(`register.document.${kind}.rules`, { mb: maxMegabytes(kind) });
        return (
          <div key={kind} className="register-document" data-testid={`document-${kind}`}>
            <FormField
              id={`document-${kind}-input`}
              label={t(`register.document.${kind}`)}
              hint={withNote(keeps ? t("register.document.kept") : noteOf(kind), rules)}
              error={
                problem ? t(`register.document.problem.${problem}`, { mb: maxMegabytes(kind) }) : undefined
              }
              required={!kept.has(kind)}
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept={acceptOf(kind)}
                  onChange={(event) => onChoose(kind, event.target.files?.[0] ?? null)}
                />
              )}
            </FormField>
            <ChosenFile file={file} />
          </div>
        );
      })}
    </fieldset>
  );
}
