import type { ReactNode } from "react";

/** A status message; errors are announced at once, other news politely. */
export function Notice({ tone, children }: { tone: "info" | "success" | "error"; children: ReactNode }) {
  return (
    <div className={`farm-notice farm-notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
