import { emailDomainOf, type InvoiceEvidence } from "@farm/core";
import { useT } from "@farm/ui";
import { BuyerConfirmationStatus } from "../invoices/BuyerConfirmationStatus";
import { DocumentViewer } from "./DocumentViewer";
import "../i18n/evidence";

/** The evidence beside an invoice's terms: its documents, the buyer and their confirmation, the on-chain hash check. */
export function InvoiceEvidencePanel({ evidence }: { evidence: InvoiceEvidence }) {
  const t = useT();
  const invoiceDocument = evidence.documents.find((document) => document.kind === "invoice");
  const hashCheck =
    !invoiceDocument || evidence.documentHashOnChain === null
      ? "unknown"
      : evidence.documentHashOnChain === `0x${invoiceDocument.sha256}`
        ? "match"
        : "mismatch";
  return (
    <div className="invoice-evidence" data-testid={`evidence-${evidence.tokenId}`}>
      <p>
        {t("evidence.buyer")}: {evidence.buyer.name}
        {evidence.buyer.contact ? ` · ${evidence.buyer.contact}` : ""}
      </p>
      <BuyerConfirmationStatus confirmation={evidence.confirmation} tokenId={evidence.tokenId} />
      <p data-testid={`hash-check-${evidence.tokenId}`} data-check={hashCheck}>
        {t(`evidence.hash.${hashCheck}`)}
      </p>
      {evidence.documentAlsoOn.length > 0 ? (
        <p role="alert" data-testid={`document-reused-${evidence.tokenId}`}>
          {t("evidence.documentReused", {
            others: evidence.documentAlsoOn.map((tokenId) => `#${tokenId}`).join(", "),
          })}
        </p>
      ) : null}
      {evidence.resubmissionOf.length > 0 ? (
        <p data-testid={`resubmission-of-${evidence.tokenId}`}>
          {t("evidence.resubmissionOf", {
            others: evidence.resubmissionOf.map((tokenId) => `#${tokenId}`).join(", "),
          })}
        </p>
      ) : null}
      {evidence.buyerDomainIsFarmers ? (
        <p role="alert" data-testid={`buyer-domain-is-farmers-${evidence.tokenId}`}>
          {t("evidence.buyerDomainIsFarmers", { domain: emailDomainOf(evidence.buyer.contact ?? "") ?? "" })}
        </p>
      ) : null}
      {evidence.documents.length === 0 ? <p>{t("evidence.noDocuments")}</p> : null}
      {evidence.documents.map((document) => (
        <DocumentViewer
          key={document.kind}
          path={`/invoices/${evidence.tokenId}/documents/${document.kind}`}
          title={t(`evidence.document.${document.kind}`)}
          testId={`document-${document.kind}`}
        />
      ))}
    </div>
  );
}
