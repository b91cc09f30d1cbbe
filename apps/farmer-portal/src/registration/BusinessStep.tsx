import { businessTypeSchema } from "@farm/core";
import { FormField, problemText, useT } from "@farm/ui";
import type { BusinessDraft } from "./registration-draft";
import type { FieldErrors } from "./registration-validation";
import { TextField, withNote } from "./TextField";

type Field = { name: keyof BusinessDraft; inputMode?: "numeric" | "decimal"; list?: string };

const fields: Field[] = [
  { name: "businessName" },
  { name: "npwp", inputMode: "numeric" },
  { name: "bankName", list: "bank-names" },
  { name: "bankAccountNumber", inputMode: "numeric" },
  { name: "bankAccountHolder" },
  { name: "crops" },
  { name: "landAreaHectares", inputMode: "decimal" },
  { name: "yearsFarming", inputMode: "numeric" },
];

/** Suggestions only: any bank name is accepted. */
const commonBanks = [
  "BCA",
  "BRI",
  "BNI",
  "Mandiri",
  "CIMB Niaga",
  "BSI",
  "BTN",
  "Danamon",
  "Permata",
  "Bank Jatim",
];

export function BusinessStep({
  values,
  errors,
  visible,
  onChange,
  noteOf,
}: {
  values: BusinessDraft;
  errors: FieldErrors;
  visible: (field: string) => boolean;
  onChange: (field: keyof BusinessDraft, value: string) => void;
  /** The admin's note on a field a rejection refused (registering again), before the field's own hint. */
  noteOf: (field: string) => string | undefined;
}) {
  const t = useT();
  const errorOf = (name: string) => {
    const problem = errors[name];
    return visible(name) && problem ? problemText(t, problem, `register.error.${name}`) : undefined;
  };
  const hintOf = (name: string) => {
    const key = `register.hint.${name}`;
    return withNote(noteOf(name), t(key) === key ? undefined : t(key));
  };
  return (
    <fieldset className="register-fields">
      <legend>{t("register.step.business")}</legend>
      <FormField
        id="businessType"
        label={t("register.field.businessType")}
        error={errorOf("businessType")}
        hint={hintOf("businessType")}
        required
      >
        {(control) => (
          <select
            {...control}
            value={values.businessType}
            onChange={(event) => onChange("businessType", event.target.value)}
          >
            <option value="">{t("register.choose")}</option>
            {businessTypeSchema.options.map((type) => (
              <option key={type} value={type}>
                {t(`register.businessType.${type}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={field.name}
          label={t(`register.field.${field.name}`)}
          hint={hintOf(field.name)}
          value={values[field.name]}
          onChange={(value) => onChange(field.name, value)}
          error={errorOf(field.name)}
          input={{ inputMode: field.inputMode, list: field.list, autoComplete: "off" }}
        />
      ))}
      <datalist id="bank-names">
        {commonBanks.map((bank) => (
          <option key={bank} value={bank} />
        ))}
      </datalist>
    </fieldset>
  );
}
