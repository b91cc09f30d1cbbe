import type { DocumentKind, FarmerField, RefusedItems } from "@farm/core";
import { useT } from "@farm/ui";
import { refusableDocuments, refusableFields } from "../registration/refused-items";

/** Ticks one item in or out of the list, keeping the form's order. */
function toggled<T extends string>(order: readonly T[], chosen: readonly T[], item: T): T[] {
  return order.filter((each) => (each === item ? !chosen.includes(item) : chosen.includes(each)));
}

/**
 * What a KYC rejection refuses: the documents to send again and the fields to type again. The farmer's next
 * registration keeps everything else (the form prefilled, the other documents stored).
 */
export function RefusedItemsPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: RefusedItems;
  onChange: (value: RefusedItems) => void;
}) {
  const t = useT();
  const box = <T extends DocumentKind | FarmerField>(
    item: T,
    label: string,
    order: readonly T[],
    chosen: readonly T[],
    set: (next: T[]) => void,
  ) => (
    <label key={item} className="kyc-refused__item">
      <input
        type="checkbox"
        name={`${id}-refused`}
        value={item}
        checked={chosen.includes(item)}
        onChange={() => set(toggled(order, chosen, item))}
        data-testid={`refuse-${item}`}
      />{" "}
      {label}
    </label>
  );
  return (
    <fieldset className="kyc-refused" data-testid={`refused-picker-${id}`}>
      <legend>{t("admin.kyc.refused.title")}</legend>
      <p className="kyc-refused__group">{t("admin.kyc.refused.documents")}</p>
      <div className="kyc-refused__items">
        {refusableDocuments.map((kind) =>
          box(kind, t(`register.document.${kind}`), refusableDocuments, value.documents, (documents) =>
            onChange({ ...value, documents }),
          ),
        )}
      </div>
      <p className="kyc-refused__group">{t("admin.kyc.refused.fields")}</p>
      <div className="kyc-refused__items">
        {refusableFields.map((field) =>
          box(field, t(`register.field.${field}`), refusableFields, value.fields, (fields) =>
            onChange({ ...value, fields }),
          ),
        )}
      </div>
    </fieldset>
  );
}
