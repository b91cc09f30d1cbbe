import type { DocumentKind } from "@farm/core";
import { FormField, useT } from "@farm/ui";
import { ChosenFile } from "../documents/ChosenFile";
import { acceptOf, checkDocument, documentKinds, maxMegabytes } from "../documents/document-check";

export type ChosenDocuments = Record<DocumentKind, File | null>;

/** Three file choices; choosing again replaces the file. Files are checked against the backend's rules at once. */
export function DocumentsStep({
  documents,
  visible,
  onChoose,
}: {
  documents: ChosenDocuments;
  visible: boolean;
  onChoose: (kind: DocumentKind, file: File | null) => void;
}) {
  const t = useT();
  return (
    <fieldset className="register-fields">
      <legend>{t("register.step.documents")}</legend>
      <p>{t("register.documents.intro")}</p>
      {documentKinds.map((kind) => {
        const file = documents[kind];
        const problem = file ? checkDocument(kind, file) : visible ? "missing" : null;
        return (
          <div key={kind} className="register-document" data-testid={`document-${kind}`}>
            <FormField
              id={`document-${kind}-input`}
              label={t(`register.document.${kind}`)}
              hint={t(`register.document.${kind}.rules`, { mb: maxMegabytes(kind) })}
              error={
                problem ? t(`register.document.problem.${problem}`, { mb: maxMegabytes(kind) }) : undefined
              }
              required
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
