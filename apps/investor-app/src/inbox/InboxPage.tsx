import { InboxList } from "@farm/ui";

/** /inbox: the investor's notifications (e-mail settings are in the profile). */
export default function InboxPage() {
  return <InboxList app="investor" />;
}
