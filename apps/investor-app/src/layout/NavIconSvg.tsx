import type { NavIcon } from "./nav-items";

const paths: Record<NavIcon, string> = {
  home: "M3 11 12 3l9 8v10h-6v-6H9v6H3z",
  shop: "M4 7h16l-1.5 13h-13zM8 7a4 4 0 0 1 8 0",
  farm: "M12 21v-8m0 0c0-4-3-6-7-6 0 4 3 6 7 6zm0 0c0-4 3-6 7-6 0 4-3 6-7 6zM4 21h16",
  // A market stall: an awning over a counter.
  market: "M3 9l2-5h14l2 5M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v9h14v-9M10 21v-5h4v5",
  leaderboard: "M4 21V11h4v10M10 21V5h4v16M16 21v-7h4v7",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0",
};

/** Decorative: the link's text names the place. */
export function NavIconSvg({ icon }: { icon: NavIcon }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={paths[icon]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
