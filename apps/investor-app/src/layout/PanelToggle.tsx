import { useI18n, WhenWallet } from "@farm/ui";
import { type ReactNode, Suspense, useId, useState } from "react";

/**
 * A button that opens and closes the panel below it. The panel is mounted only while open, so a lazy form's code loads
 * when asked for; with `wallet` (the default) it also waits for the wallet code, as forms that send do.
 */
export function PanelToggle({
  label,
  testId,
  quiet = false,
  wallet = true,
  children,
}: {
  label: string;
  testId: string;
  quiet?: boolean;
  wallet?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const loading = <p role="status">{t("common.loading")}</p>;
  return (
    <>
      <button
        type="button"
        className={quiet ? "button button--quiet" : "button"}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid={testId}
      >
        {open ? t("common.close") : label}
      </button>
      <div id={panelId} hidden={!open}>
        {open &&
          (wallet ? (
            <WhenWallet fallback={loading}>
              <Suspense fallback={loading}>{children}</Suspense>
            </WhenWallet>
          ) : (
            <Suspense fallback={loading}>{children}</Suspense>
          ))}
      </div>
    </>
  );
}
