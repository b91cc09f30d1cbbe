import { InboxList, NotificationSettings, useT } from "@farm/ui";
import { RequireSignIn } from "@farm/ui/wallet";
import { farmerDevAccountIndex } from "../chain/dev-account";

/** /inbox: the farmer's or admin's notifications and e-mail settings, once signed in (the gate offers the wallet). */
export default function InboxPage() {
  const t = useT();
  return (
    <RequireSignIn reason={t("inbox.signInReason")} defaultDevAccountIndex={farmerDevAccountIndex}>
      {() => (
        <>
          <InboxList app="portal" />
          <NotificationSettings />
        </>
      )}
    </RequireSignIn>
  );
}
