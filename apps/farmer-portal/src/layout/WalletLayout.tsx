import { RouteErrorBoundary } from "@farm/ui";
import { WalletProvider } from "@farm/ui/wallet";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { farmerDevAccountIndex } from "../chain/dev-account";
import { PortalShell } from "./PortalShell";
import { RouteFallback } from "./RouteFallback";
import { WalletMenu } from "./WalletMenu";

/** The routes that talk to a wallet: wagmi is loaded here, not on the landing page. */
export default function WalletLayout() {
  return (
    <WalletProvider defaultDevAccountIndex={farmerDevAccountIndex}>
      <PortalShell actions={<WalletMenu />}>
        <RouteErrorBoundary>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </PortalShell>
    </WalletProvider>
  );
}
