import { FormField } from "../form/FormField";
import { useT } from "../i18n/I18nProvider";
import { ChosenFile } from "./ChosenFile";
import { acceptOfRule, checkFile, type FileRule, megabytesOfRule } from "./file-check";

/**
 * One document to choose: checked at once against the backend's rule (type, size, not empty), with the chosen file's
 * name and size under it. `missing` says a required file is absent (shown once the form asks for it).
 */
export function DocumentField({
  id,
  label,
  hint,
  rule,
  file,
  missing,
  required,
  onChoose,
  testId,
  className,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  rule: FileRule;
  file: File | null;
  missing: boolean;
  required: boolean;
  onChoose: (file: File | null) => void;
  testId?: string;
  className?: string;
}) {
  const t = useT();
  const problem = file ? checkFile(rule, file) : missing ? "missing" : null;
  return (
    <div className={className ? `farm-document ${className}` : "farm-document"} data-testid={testId}>
      <FormField
        id={id}
        label={label}
        hint={hint}
        error={problem ? t(`file.problem.${problem}`, { mb: megabytesOfRule(rule) }) : undefined}
        required={required}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={acceptOfRule(rule)}
            onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      <ChosenFile file={file} className="farm-document__file" />
    </div>
  );
}
