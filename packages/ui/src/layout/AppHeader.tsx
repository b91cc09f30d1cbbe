import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { LanguageSwitch } from "../i18n/LanguageSwitch";

export type NavItem = { to: string; label: string };

/** The top bar: brand, navigation, language switch and a slot for the wallet/session control. */
export function AppHeader({ brand, nav, actions }: { brand: string; nav: NavItem[]; actions?: ReactNode }) {
  return (
    <header className="farm-header">
      <a className="farm-skip" href="#main">
        Skip to content
      </a>
      <NavLink to="/" className="farm-header__brand">
        {brand}
      </NavLink>
      <nav aria-label="Main" className="farm-header__nav">
        {nav.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === "/"}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="farm-header__actions">
        <LanguageSwitch />
        {actions}
      </div>
    </header>
  );
}
