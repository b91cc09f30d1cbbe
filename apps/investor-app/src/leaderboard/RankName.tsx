import type { ReactNode } from "react";

/**
 * A player's name in a ranked row: cut with an ellipsis when the row is narrow, so it never runs into the score; the
 * whole name (or address) stays in the title, on hover, and the text screen readers read is never cut.
 */
export function RankName({ name, title, children }: { name: string; title: string; children?: ReactNode }) {
  return (
    <span className="rank-row__name">
      <span className="rank-row__name-text" title={title}>
        {name}
      </span>
      {children}
    </span>
  );
}
