import { QueryWait, useT } from "@farm/ui";
import { RequireSignIn } from "@farm/ui/wallet";
import { useState } from "react";
import { farmerDevAccountIndex } from "../chain/dev-account";
import { RegistrationStatus } from "./RegistrationStatus";
import { RegistrationWizard } from "./RegistrationWizard";
import { useMyFarmer } from "./use-my-farmer";

function Registration({ wallet }: { wallet: string }) {
  const farmer = useMyFarmer(wallet);
  const [again, setAgain] = useState(false);
  if (farmer.error || farmer.isLoading) return <QueryWait query={farmer} />;
  if (farmer.data && !(farmer.data.status === "rejected" && again)) {
    return <RegistrationStatus farmer={farmer.data} onRegisterAgain={() => setAgain(true)} />;
  }
  return (
    <RegistrationWizard
      wallet={wallet}
      refused={farmer.data?.status === "rejected" ? farmer.data : undefined}
    />
  );
}

/** `/register-farm`: sign in with the wallet, then register (or see the registration's status). */
export default function RegisterFarmPage() {
  const t = useT();
  return (
    <>
      <h1>{t("register.title")}</h1>
      <RequireSignIn reason={t("register.signInReason")} defaultDevAccountIndex={farmerDevAccountIndex}>
        {(session) => <Registration wallet={session.address} />}
      </RequireSignIn>
    </>
  );
}
