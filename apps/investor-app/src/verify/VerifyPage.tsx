import { useT } from "@farm/ui";
import { ErrorNotice } from "../layout/ErrorNotice";
import { SignInRequired } from "../layout/SignInRequired";
import "../i18n/verify";
import { RiskStatement } from "./RiskStatement";
import { useInvestorStatus } from "./use-investor-status";
import { canSubmitVerification, VerificationStatus, verificationState } from "./VerificationStatus";
import { VerifyForm } from "./VerifyForm";

function VerifyContent() {
  const t = useT();
  const status = useInvestorStatus();
  if (status.error) return <ErrorNotice error={status.error} />;
  if (!status.data) return <p role="status">{t("common.loading")}</p>;
  const state = verificationState(status.data);
  return (
    <>
      <VerificationStatus status={status.data} />
      {canSubmitVerification(state) ? <VerifyForm /> : null}
      {state === "approved" ? <RiskStatement state={status.data.riskStatement} /> : null}
    </>
  );
}

/** `/verify`: the investor's identity, income and KTP for an admin to approve; the status, the limit, the risks. */
export default function VerifyPage() {
  const t = useT();
  return (
    <section aria-labelledby="verify-title" className="stack">
      <h1 id="verify-title">{t("verify.title")}</h1>
      <SignInRequired>
        <VerifyContent />
      </SignInRequired>
    </section>
  );
}
