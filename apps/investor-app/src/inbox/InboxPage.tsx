import { InboxList, useT } from "@farm/ui";
import { SignInRequired } from "../layout/SignInRequired";

/** /inbox: the investor's notifications once signed in (e-mail settings are in the profile). */
export default function InboxPage() {
  const t = useT();
  return (
    <SignInRequired message={t("signIn.neededInbox")}>
      <InboxList app="investor" />
    </SignInRequired>
  );
}
