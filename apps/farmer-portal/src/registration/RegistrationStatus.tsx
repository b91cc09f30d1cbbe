import type { Farmer } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { Link } from "react-router";
import { refusedItemNames } from "./refused-items";

/** Where the registration stands: pending review, approved, or rejected with the admin's reason. */
export function RegistrationStatus({
  farmer,
  onRegisterAgain,
}: {
  farmer: Farmer;
  onRegisterAgain: () => void;
}) {
  const t = useT();
  return (
    <section
      className="farm-card"
      aria-labelledby="registration-status-title"
      data-testid="registration-status"
    >
      <h2 id="registration-status-title">{t("register.status.title")}</h2>
      <p>
        {t("register.status.business")}: <strong>{farmer.business.businessName}</strong>
      </p>
      <p data-testid="registration-status-value" data-status={farmer.status}>
        <span className={`status-pill status-pill--${farmer.status}`}>
          {t(`farmerStatus.${farmer.status}`)}
        </span>
      </p>
      {farmer.status === "pending_review" ? (
        <Notice tone="info">{t("register.status.pendingText")}</Notice>
      ) : null}
      {farmer.status === "approved" ? (
        <Notice tone="success">
          {t("register.status.approvedText")} <Link to="/invoices">{t("register.status.toInvoices")}</Link>
        </Notice>
      ) : null}
      {farmer.status === "rejected" ? (
        <>
          <Notice tone="error">
            {farmer.rejectionReason
              ? `${t("register.status.rejectedText")} ${farmer.rejectionReason}`
              : t("register.status.rejectedPlain")}
            {farmer.refused ? (
              <span data-testid="registration-refused-items">
                {" "}
                {t("register.again.refusedList", { items: refusedItemNames(farmer.refused, t).join(", ") })}
              </span>
            ) : null}
          </Notice>
          <button type="button" onClick={onRegisterAgain}>
            {t("register.status.again")}
          </button>
        </>
      ) : null}
    </section>
  );
}
