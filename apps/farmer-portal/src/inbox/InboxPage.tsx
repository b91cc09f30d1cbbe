import { InboxList, NotificationSettings } from "@farm/ui";

/** /inbox: the farmer's or admin's notifications and e-mail settings. */
export default function InboxPage() {
  return (
    <>
      <InboxList app="portal" />
      <NotificationSettings />
    </>
  );
}
