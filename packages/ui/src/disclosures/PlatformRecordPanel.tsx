import type { PlatformRecord } from "@farm/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { ApiErrorText } from "../api/ApiErrorText";
import { apiGet } from "../api/client";
import { GoldAmount } from "../gold/GoldAmount";
import { useT } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { RecordDefinitionsToggle, RecordRate } from "./RecordFigures";
import { RupiahRateNote } from "./Rupiah";
import { recordWords } from "./record-words";

export const platformRecordQueryKey = ["record"] as const;

// The chart's code and words load after the panel's figures, so the home page's first load stays light.
const PlatformVolumeChart = lazy(() => import("./PlatformVolumeChart"));

/**
 * Both home pages' panel: TKB90 with the principal lost to settled defaults beside it (decision 0070), its definitions
 * one click away, total funded (GOLD and Rupiah), lenders, borrowers.
 */
export function PlatformRecordPanel({ className = "card stack" }: { className?: string }) {
  wordPack(recordWords);
  const t = useT();
  const record = useQuery({
    queryKey: platformRecordQueryKey,
    queryFn: ({ signal }) => apiGet<PlatformRecord>("/record", signal),
    refetchInterval: 60_000,
  });
  return (
    <section className={className} aria-labelledby="platform-record-title" data-testid="platform-record">
      <h2 id="platform-record-title">{t("record.title")}</h2>
      {record.error ? (
        <p role="alert">
          <ApiErrorText error={record.error} />
        </p>
      ) : !record.data ? (
        <p role="status">{t("common.loading")}</p>
      ) : (
        <dl className="farm-record">
          <div>
            <dt>{t("record.tkb90")}</dt>
            <dd>
              <RecordRate record={record.data.record} />
            </dd>
          </div>
          <div>
            <dt>{t("record.lostAllTime")}</dt>
            <dd data-testid="record-lost">
              <GoldAmount value={record.data.record.lostPrincipal} digits={0} />
            </dd>
          </div>
          <div>
            <dt>{t("record.totalFunded")}</dt>
            <dd>
              <GoldAmount value={record.data.totalFunded} digits={0} />
            </dd>
          </div>
          <div>
            <dt>{t("record.lenders")}</dt>
            <dd>{record.data.lenders}</dd>
          </div>
          <div>
            <dt>{t("record.borrowers")}</dt>
            <dd>{record.data.borrowers}</dd>
          </div>
        </dl>
      )}
      <Suspense fallback={null}>
        <PlatformVolumeChart />
      </Suspense>
      <RupiahRateNote />
      <RecordDefinitionsToggle />
    </section>
  );
}
