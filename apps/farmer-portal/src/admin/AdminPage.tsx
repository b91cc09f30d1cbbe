import { DeadNotifications, Notice, shortAddress, useT } from "@farm/ui";
import { RequireSignIn } from "@farm/ui/wallet";
import { farmerDevAccountIndex } from "../chain/dev-account";
import { DecisionHistory } from "./DecisionHistory";
import { DefaultedInvoices } from "./DefaultedInvoices";
import { InvestorQueue } from "./InvestorQueue";
import { InvoiceDecisionHistory } from "./InvoiceDecisionHistory";
import { KycQueue } from "./KycQueue";
import { OpenInvoices } from "./OpenInvoices";
import { OverdueInvoices } from "./OverdueInvoices";
import { PendingInvoices } from "./PendingInvoices";
import { VaultFigures } from "./VaultFigures";
import "../i18n/evidence";
import "../i18n/admin-decisions";

/** `/admin`: only for wallets holding ADMIN_ROLE (the backend reads it from the chain into the session's roles). */
export default function AdminPage() {
  const t = useT();
  return (
    <>
      <h1>{t("admin.title")}</h1>
      <RequireSignIn reason={t("admin.signInReason")} defaultDevAccountIndex={farmerDevAccountIndex}>
        {(session) =>
          session.roles.includes("admin") ? (
            <>
              <VaultFigures />
              <KycQueue admin={session.address} />
              <DecisionHistory />
              <InvestorQueue admin={session.address} />
              <PendingInvoices admin={session.address} />
              <InvoiceDecisionHistory />
              <OpenInvoices admin={session.address} />
              <OverdueInvoices admin={session.address} />
              <DefaultedInvoices admin={session.address} />
              <DeadNotifications enabled />
            </>
          ) : (
            <Notice tone="error">
              <span data-testid="not-admin">
                {t("admin.notAdmin", { address: shortAddress(session.address) })}
              </span>
            </Notice>
          )
        }
      </RequireSignIn>
    </>
  );
}
