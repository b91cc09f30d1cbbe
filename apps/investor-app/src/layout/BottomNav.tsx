import { useT } from "@farm/ui";
import { NavLink } from "react-router";
import { NavIconSvg } from "./NavIconSvg";
import { navItems } from "./nav-items";

/** Thumb-reach navigation on phones; on wide screens the header carries the same links. */
export function BottomNav() {
  const t = useT();
  return (
    <nav className="bottom-nav" aria-label={t("nav.label")}>
      {navItems.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === "/"} className="bottom-nav__link">
          <NavIconSvg icon={item.icon} />
          <span>{t(item.labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
