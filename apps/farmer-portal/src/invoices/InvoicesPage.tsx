import { ApiErrorText, Notice, QueryWait, StatementDownload, useI18n } from "@farm/ui";
import { RequireSignIn } from "@farm/ui/wallet";
import { Link } from "react-router";
import { farmerDevAccountIndex } from "../chain/dev-account";
import { useMyFarmer } from "../registration/use-my-farmer";
import { InvoiceForm } from "./InvoiceForm";
import { InvoiceList } from "./InvoiceList";
import { useInvoices } from "./use-invoices";
import "../i18n/evidence";

function FarmerInvoices({ wallet }: { wallet: string }) {
  const { t } = useI18n();
  const farmer = useMyFarmer(wallet);
  const invoices = useInvoices({ farmer: wallet });
  if (farmer.error || farmer.isLoading) return <QueryWait query={farmer} />;
  if (!farmer.data) {
    return (
      <Notice tone="info">
        {t("invoices.notRegistered")} <Link to="/register-farm">{t("nav.register")}</Link>
      </Notice>
    );
  }
  if (farmer.data.status !== "approved") {
    return (
      <Notice tone="info">
        {t("invoices.notApproved", { status: t(`farmerStatus.${farmer.data.status}`) })}
      </Notice>
    );
  }
  return (
    <>
      <InvoiceForm />
      <section className="farm-card" aria-labelledby="my-invoices-title">
        <h2 id="my-invoices-title">{t("invoices.list.title")}</h2>
        {invoices.error ? (
          <Notice tone="error">
            <ApiErrorText error={invoices.error} />
          </Notice>
        ) : null}
        {invoices.data ? <InvoiceList invoices={invoices.data.items} /> : null}
      </section>
      <StatementDownload as="farmer" className="farm-card" />
    </>
  );
}

/** `/invoices`: an approved farmer submits invoices and follows them through their states. */
export default function InvoicesPage() {
  const { t } = useI18n();
  return (
    <>
      <h1>{t("invoices.title")}</h1>
      <RequireSignIn reason={t("invoices.signInReason")} defaultDevAccountIndex={farmerDevAccountIndex}>
        {(session) => <FarmerInvoices wallet={session.address} />}
      </RequireSignIn>
    </>
  );
}
