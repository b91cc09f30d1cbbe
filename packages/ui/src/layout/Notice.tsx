import type { ReactNode } from "react";

/** A status message; errors are announced at once, other news politely. */
export function Notice({
  tone,
  children,
  testId,
}: {
  tone: "info" | "success" | "error";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`farm-notice farm-notice--${tone}`}
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
