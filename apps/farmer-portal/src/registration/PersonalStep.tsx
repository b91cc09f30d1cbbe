import { problemText, useT } from "@farm/ui";
import type { PersonalDraft } from "./registration-draft";
import type { FieldErrors } from "./registration-validation";
import { TextField, withNote } from "./TextField";

type Field = {
  name: keyof PersonalDraft;
  type?: string;
  inputMode?: "numeric" | "email" | "tel";
  autoComplete?: string;
};

const fields: Field[] = [
  { name: "fullName", autoComplete: "name" },
  { name: "nik", inputMode: "numeric" },
  { name: "email", type: "email", inputMode: "email", autoComplete: "email" },
  { name: "phone", type: "tel", inputMode: "tel", autoComplete: "tel" },
  { name: "dateOfBirth", type: "date", autoComplete: "bday" },
  { name: "street", autoComplete: "street-address" },
  { name: "province", autoComplete: "address-level1" },
  { name: "city", autoComplete: "address-level2" },
  { name: "district", autoComplete: "address-level3" },
  { name: "postalCode", inputMode: "numeric", autoComplete: "postal-code" },
];

export function PersonalStep({
  values,
  errors,
  visible,
  onChange,
  noteOf,
}: {
  values: PersonalDraft;
  errors: FieldErrors;
  visible: (field: string) => boolean;
  onChange: (field: keyof PersonalDraft, value: string) => void;
  /** The admin's note on a field a rejection refused (registering again), before the field's own hint. */
  noteOf: (field: string) => string | undefined;
}) {
  const t = useT();
  return (
    <fieldset className="register-fields">
      <legend>{t("register.step.personal")}</legend>
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={field.name}
          label={t(`register.field.${field.name}`)}
          hint={withNote(
            noteOf(field.name),
            t(`register.hint.${field.name}`) === `register.hint.${field.name}`
              ? undefined
              : t(`register.hint.${field.name}`),
          )}
          value={values[field.name]}
          onChange={(value) => onChange(field.name, value)}
          error={(() => {
            const problem = errors[field.name];
            return visible(field.name) && problem
              ? problemText(t, problem, `register.error.${field.name}`)
              : undefined;
          })()}
          input={{ type: field.type ?? "text", inputMode: field.inputMode, autoComplete: field.autoComplete }}
        />
      ))}
    </fieldset>
  );
}
