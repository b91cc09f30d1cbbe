import { lazy, type ReactNode, Suspense } from "react";
import { NavLink } from "react-router";
import { useT } from "../i18n/I18nProvider";
import { LanguageSwitch } from "../i18n/LanguageSwitch";
import { useSession } from "../session/use-session";

// The bell (and its words) loads once someone is signed in: a visitor's first page carries none of it.
const NotificationBell = lazy(() =>
  import("../notifications/NotificationBell").then((module) => ({ default: module.NotificationBell })),
);

export type NavItem = { to: string; label: string };

/** The top bar: brand, navigation, language switch and a slot for the wallet/session control. */
export function AppHeader({ brand, nav, actions }: { brand: string; nav: NavItem[]; actions?: ReactNode }) {
  const t = useT();
  const { session } = useSession();
  return (
    <header className="farm-header">
      <a className="farm-skip" href="#main">
        {t("common.skipToContent")}
      </a>
      <NavLink to="/" className="farm-header__brand">
        {brand}
      </NavLink>
      <nav aria-label={t("common.mainNavigation")} className="farm-header__nav">
        {nav.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === "/"}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="farm-header__actions">
        <LanguageSwitch />
        {session && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        {actions}
      </div>
    </header>
  );
}
