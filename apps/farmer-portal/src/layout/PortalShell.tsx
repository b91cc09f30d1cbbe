import { AppHeader, RupiahRateFooter, SessionBadge, useT } from "@farm/ui";
import type { ReactNode } from "react";

/** Header, main landmark and footer of every portal page; `actions` replaces the session badge on wallet routes. */
export function PortalShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const t = useT();
  return (
    <>
      <AppHeader
        brand={t("portal.brand")}
        nav={[
          { to: "/", label: t("nav.home") },
          { to: "/register-farm", label: t("nav.register") },
          { to: "/invoices", label: t("nav.invoices") },
          { to: "/admin", label: t("nav.admin") },
        ]}
        actions={actions ?? <SessionBadge />}
      />
      <main id="main">{children}</main>
      <footer className="portal-footer">
        {t("portal.footer")}
        <RupiahRateFooter />
      </footer>
    </>
  );
}
