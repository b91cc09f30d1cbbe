/** The six places of the app, in bottom-navigation order; labels are i18n keys. */
export const navItems = [
  { to: "/", labelKey: "nav.home", icon: "home" },
  { to: "/shop", labelKey: "nav.shop", icon: "shop" },
  { to: "/farm", labelKey: "nav.farm", icon: "farm" },
  { to: "/market", labelKey: "nav.market", icon: "market" },
  { to: "/leaderboard", labelKey: "nav.leaderboard", icon: "leaderboard" },
  { to: "/profile", labelKey: "nav.profile", icon: "profile" },
] as const;

export type NavIcon = (typeof navItems)[number]["icon"];
