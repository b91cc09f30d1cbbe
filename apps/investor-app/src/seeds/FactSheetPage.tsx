import type { BuyerRecord, Invoice, InvoiceDisclosure, RepaymentRecord } from "@farm/core";
import {
  ApiErrorText,
  apiGet,
  GoldAmount,
  RecordDefinitionsToggle,
  RecordFigures,
  RecordRate,
  useFormat,
  useT,
  wordPack,
} from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { factSheetWords } from "../i18n/fact-sheet";
import { SeedOfferToggle } from "../market/SeedOfferToggle";
import { EvidenceBadges } from "../shop/EvidenceBadges";
import { FactTerms } from "./FactTerms";
import { FarmerTimeline } from "./FarmerTimeline";

function RecordBlock({ title, record, testId }: { title: string; record: RepaymentRecord; testId: string }) {
  const t = useT();
  return (
    <section className="card stack" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      <p>
        <strong>{t("record.tkb90")}</strong> <RecordRate record={record} />
      </p>
      <RecordFigures record={record} />
    </section>
  );
}

function BuyerBlock({ buyer }: { buyer: BuyerRecord }) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby="facts-buyer" data-testid="facts-buyer">
      <h2 id="facts-buyer">
        {t("facts.buyer")}: {buyer.name}
      </h2>
      <p className="small">
        {buyer.verifiedDomain
          ? t("facts.buyerVerified", { domain: buyer.verifiedDomain })
          : t("facts.buyerUnverified")}{" "}
        {t("facts.buyerFarmers", { count: buyer.farmers })}
      </p>
      <h3>{t("facts.buyerRecord")}</h3>
      <p>
        <strong>{t("record.tkb90")}</strong> <RecordRate record={buyer.record} />
      </p>
      <RecordFigures record={buyer.record} />
    </section>
  );
}

/** A seed's fact sheet at /seeds/:tokenId: who owes what, their records, the terms and the risks, before funding. */
export default function FactSheetPage() {
  wordPack(factSheetWords);
  const t = useT();
  const format = useFormat();
  const { tokenId = "" } = useParams();
  const valid = /^[1-9]\d{0,77}$/.test(tokenId);
  const invoice = useQuery({
    queryKey: ["invoice", tokenId],
    queryFn: ({ signal }) => apiGet<Invoice>(`/invoices/${tokenId}`, signal),
    enabled: valid,
  });
  const disclosure = useQuery({
    queryKey: ["invoice-disclosure", tokenId],
    queryFn: ({ signal }) => apiGet<InvoiceDisclosure>(`/invoices/${tokenId}/disclosure`, signal),
    enabled: valid,
  });
  const error = invoice.error ?? disclosure.error;
  return (
    <article className="stack fact-sheet" aria-labelledby="facts-title" data-testid="fact-sheet">
      <p>
        <Link to="/shop">{t("facts.back")}</Link>
      </p>
      <h1 id="facts-title">{t("facts.title", { id: tokenId })}</h1>
      {!valid ? (
        <p role="alert">{t("facts.notFound")}</p>
      ) : error ? (
        <p role="alert">
          <ApiErrorText error={error} />
        </p>
      ) : !invoice.data || !disclosure.data ? (
        <p role="status">{t("common.loading")}</p>
      ) : (
        <>
          <section className="card stack" aria-labelledby="facts-farmer">
            <h2 id="facts-farmer">{t("facts.farmer")}</h2>
            {invoice.data.farmerProfile ? (
              <p>
                <strong>{invoice.data.farmerProfile.businessName}</strong> · {invoice.data.farmerProfile.city}
                , {invoice.data.farmerProfile.province} · {invoice.data.farmerProfile.crops.join(", ")}
              </p>
            ) : (
              <p className="muted">{t("facts.farmerUnknown")}</p>
            )}
            {invoice.data.metadata ? (
              <p className="muted small">{invoice.data.metadata.description}</p>
            ) : null}
            <EvidenceBadges evidence={invoice.data.evidence} />
          </section>
          <RecordBlock
            title={t("facts.farmerRecord")}
            record={disclosure.data.farmerRecord}
            testId="facts-farmer-record"
          />
          <section className="card" aria-label={t("facts.farmerRecord")}>
            <FarmerTimeline farmer={disclosure.data.farmer} />
          </section>
          {disclosure.data.buyer ? <BuyerBlock buyer={disclosure.data.buyer} /> : null}
          <FactTerms invoice={invoice.data} />
          {invoice.data.status === "funded" && <SeedOfferToggle tokenId={tokenId} />}
          <section className="card stack" aria-labelledby="facts-late">
            <h2 id="facts-late">{t("facts.late")}</h2>
            <p>{t("facts.lateText")}</p>
            <h2>{t("facts.default")}</h2>
            <p>{t("facts.defaultText")}</p>
            <p data-testid="facts-platform-recovery">
              {t("facts.platformRecovery", {
                recovered: `${format.gold(BigInt(disclosure.data.platform.recoveredPrincipal), 0)} GOLD`,
                defaulted: `${format.gold(BigInt(disclosure.data.platform.defaultedPrincipal), 0)} GOLD`,
                lost: `${format.gold(BigInt(disclosure.data.platform.lostPrincipal), 0)} GOLD`,
              })}
            </p>
          </section>
          <RecordBlock
            title={t("facts.platformRecord")}
            record={disclosure.data.platform}
            testId="facts-platform-record"
          />
          <RecordDefinitionsToggle />
          <section className="card stack" aria-labelledby="facts-risk" data-testid="facts-risk">
            <h2 id="facts-risk">{t("facts.risk")}</h2>
            <p>{t("facts.riskText")}</p>
          </section>
          <p className="muted small">
            <GoldAmount value={invoice.data.amount} />
          </p>
        </>
      )}
    </article>
  );
}
