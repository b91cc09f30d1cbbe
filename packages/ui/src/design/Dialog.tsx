import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal card over a dimmed page: focus moves into it when it opens and Escape closes it. Drawn with the design
 * tokens (.ds-dialog), the same in both apps.
 */
export function Dialog({
  title,
  onClose,
  children,
  actions,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="ds-dialog-backdrop">
      <div
        ref={ref}
        className="ds-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="ds-dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
