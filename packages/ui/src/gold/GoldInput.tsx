import type { InputHTMLAttributes } from "react";
import { useT } from "../i18n/I18nProvider";

type GoldInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  onChange: (text: string) => void;
};

/** A text field for GOLD amounts: decimal keyboard on phones, the text kept as typed (read it with readGoldInput),
 *  a placeholder in the page's language's form. */
export function GoldInput({ value, onChange, ...rest }: GoldInputProps) {
  const t = useT();
  return (
    <span className="farm-gold-input">
      <input
        placeholder={t("gold.placeholder")}
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span aria-hidden="true">GOLD</span>
    </span>
  );
}
