import type { InputHTMLAttributes } from "react";

type GoldInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  onChange: (text: string) => void;
};

/** A text field for GOLD amounts: decimal keyboard on phones, the text kept as typed (read it with readGoldInput). */
export function GoldInput({ value, onChange, ...rest }: GoldInputProps) {
  return (
    <span className="farm-gold-input">
      <input
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
