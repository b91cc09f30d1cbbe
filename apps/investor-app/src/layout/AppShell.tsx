import { AppHeader, RouteErrorBoundary, RupiahRateFooter, useT } from "@farm/ui";
import { Suspense, useRef } from "react";
import { Outlet } from "react-router";
import { VisitRecorder } from "../game/VisitRecorder";
import { TourGate } from "../tour/TourGate";
import { AccountMenu } from "../wallet/AccountMenu";
import { BottomNav } from "./BottomNav";
import { navItems } from "./nav-items";
import { useFocusOnNavigation } from "./use-focus-on-navigation";

/** Header with wallet and language on top, the route in the middle, bottom navigation on phones. */
export function AppShell() {
  const t = useT();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <div className="shell">
      <AppHeader
        brand={t("app.brand")}
        nav={navItems.map((item) => ({ to: item.to, label: t(item.labelKey) }))}
        actions={<AccountMenu />}
      />
      <main id="main" className="shell__main" tabIndex={-1} ref={main}>
        <RouteErrorBoundary>
          <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="shell__footer">
        <RupiahRateFooter />
      </footer>
      <BottomNav />
      <TourGate />
      <VisitRecorder />
    </div>
  );
}
