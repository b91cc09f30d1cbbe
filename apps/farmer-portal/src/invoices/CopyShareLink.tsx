import { useT } from "@farm/ui";
import { useState } from "react";
import "../i18n/evidence";

/** Copy (and, where the device can, share) a link the farmer sends on: the buyer's confirmation link. */
export function CopyShareLink({ link, title }: { link: string; title: string }) {
  const t = useT();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("yes");
    } catch {
      // No clipboard permission (or an old browser): the field stays selectable to copy by hand.
      setCopied("failed");
    }
  };
  return (
    <span className="copy-share">
      <button type="button" className="secondary" onClick={() => void copy()} data-testid="copy-link">
        {t("evidence.copyLink")}
      </button>
      {canShare ? (
        <button
          type="button"
          className="secondary"
          onClick={() => void navigator.share({ title, url: link }).catch(() => undefined)}
          data-testid="share-link"
        >
          {t("evidence.shareLink")}
        </button>
      ) : null}
      {copied ? (
        <span role="status">{copied === "yes" ? t("evidence.linkCopied") : t("evidence.copyFailed")}</span>
      ) : null}
    </span>
  );
}
