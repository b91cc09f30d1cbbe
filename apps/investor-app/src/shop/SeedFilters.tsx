import { readGoldInput, useI18n, useRupiahRate, useTypedAmount } from "@farm/ui";
import type { SeedFilter, SeedSort } from "./seed-filters";

const yieldChoices = [0, 300, 500, 1000];
const termChoices = [null, 30, 90, 180];
const sortChoices: SeedSort[] = ["yield", "term", "amountLeft"];

/** Sort and filter controls; every control is a labelled native element. */
export function SeedFilters({
  filter,
  onChange,
}: {
  filter: SeedFilter;
  onChange: (filter: SeedFilter) => void;
}) {
  const { t, language } = useI18n();
  const rupiahPerGold = useRupiahRate();
  // Kept with the language it was typed in: a language switch re-writes it and keeps the filter's quantity.
  const [minLeftText, setMinLeftText] = useTypedAmount("");
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t("shop.filters")}</legend>
      <label>
        <span>{t("shop.sortBy")}</span>
        <select
          value={filter.sort}
          onChange={(event) => onChange({ ...filter, sort: event.target.value as SeedSort })}
          data-testid="seed-sort"
        >
          {sortChoices.map((sort) => (
            <option key={sort} value={sort}>
              {t(`shop.sort.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("shop.minYield")}</span>
        <select
          value={filter.minYieldBps}
          onChange={(event) => onChange({ ...filter, minYieldBps: Number(event.target.value) })}
        >
          {yieldChoices.map((bps) => (
            <option key={bps} value={bps}>
              {bps === 0 ? t("shop.any") : t("shop.atLeastPercent", { percent: bps / 100 })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("shop.maxTerm")}</span>
        <select
          value={filter.maxTenorDays ?? ""}
          onChange={(event) =>
            onChange({
              ...filter,
              maxTenorDays: event.target.value === "" ? null : Number(event.target.value),
            })
          }
        >
          {termChoices.map((days) => (
            <option key={days ?? "any"} value={days ?? ""}>
              {days === null ? t("shop.any") : t("shop.upToDays", { days })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("shop.minLeft")}</span>
        <input
          inputMode="decimal"
          value={minLeftText}
          placeholder="0"
          onChange={(event) => {
            setMinLeftText(event.target.value);
            // Half-typed amounts keep the previous filter until they read as GOLD in the page's language.
            const read = readGoldInput(event.target.value, language, undefined, rupiahPerGold);
            if (read.ok) onChange({ ...filter, minAmountLeft: read.amount });
            else if (read.problem.kind === "empty") onChange({ ...filter, minAmountLeft: 0n });
          }}
        />
      </label>
    </fieldset>
  );
}
