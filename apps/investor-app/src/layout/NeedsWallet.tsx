import { Notice, useT, useWantWallet, WhenWallet } from "@farm/ui";
import type { ReactNode } from "react";

/** For pages that read the chain or send transactions: asks for the wallet code and shows them once it is here. */
export function NeedsWallet({ children }: { children: ReactNode }) {
  const t = useT();
  const wallet = useWantWallet();
  if (wallet.status === "error") return <Notice tone="error">{t("api.NETWORK_ERROR")}</Notice>;
  return <WhenWallet fallback={<p role="status">{t("common.loading")}</p>}>{children}</WhenWallet>;
}
