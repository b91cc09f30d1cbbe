import type { RepaymentRecord } from "@farm/core";
import { lazy, Suspense, useState } from "react";
import { useFormat } from "../format/use-format";
import { GoldAmount } from "../gold/GoldAmount";
import { useT } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { recordWords } from "./record-words";

const RecordDefinitions = lazy(() => import("./RecordDefinitions"));

/** TKB90 as the record says it: a rate only when measured, else "no record yet" or "nothing outstanding". */
export function RecordRate({ record }: { record: RepaymentRecord }) {
  wordPack(recordWords);
  const t = useT();
  const format = useFormat();
  if (record.standing === "noRecord") return <span data-testid="record-rate">{t("record.noRecord")}</span>;
  if (record.standing === "nothingOutstanding" || record.tkb90Bps === null || record.twp90Bps === null)
    return <span data-testid="record-rate">{t("record.nothingOutstanding")}</span>;
  return (
    <span data-testid="record-rate">
      {format.percentBps(record.tkb90Bps)} %{" "}
      <span className="muted small">
        ({t("record.twp90")} {format.percentBps(record.twp90Bps)} %)
      </span>
    </span>
  );
}

/** The definitions one click away, loaded on that click. */
export function RecordDefinitionsToggle() {
  wordPack(recordWords);
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary data-testid="record-definitions-toggle">{t("record.definitions")}</summary>
      {open ? (
        <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
          <RecordDefinitions />
        </Suspense>
      ) : null}
    </details>
  );
}

/** A record's counts: on time, late (how late), in grace, defaulted and what was recovered. */
export function RecordFigures({ record }: { record: RepaymentRecord }) {
  wordPack(recordWords);
  const t = useT();
  const rows: [string, React.ReactNode][] = [
    ["record.outstanding", <GoldAmount key="o" value={record.outstanding} digits={0} />],
    ["record.repaidOnTime", record.repaidOnTime],
    [
      "record.repaidLate",
      record.repaidLate === 0
        ? 0
        : `${record.repaidLate} (${t("record.lateDays", { days: record.repaidLateMaxDays })})`,
    ],
    ["record.current", record.current],
    ["record.inGrace", record.inGrace],
    ["record.overdue", record.overdue],
    ["record.defaulted", record.defaulted],
    [
      "record.recovered",
      <>
        <GoldAmount value={record.recoveredPrincipal} digits={0} /> /{" "}
        <GoldAmount value={record.defaultedPrincipal} digits={0} />
      </>,
    ],
    ["record.lost", <GoldAmount key="l" value={record.lostPrincipal} digits={0} />],
  ];
  return (
    <dl className="farm-record" data-testid="record-figures">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
