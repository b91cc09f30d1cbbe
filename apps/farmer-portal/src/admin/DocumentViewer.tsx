import { API_BASE, useT } from "@farm/ui";
import { useEffect, useState } from "react";

type Loaded = { url: string; type: string };

/**
 * Opens a document (KYC or invoice evidence): an image inside the page, a PDF in a new tab (never in a frame of the
 * portal). It is fetched with the session cookie (or a buyer's
 * link) and shown from an object URL, so the file never gets a shareable address. `path` is under /api.
 */
export function DocumentViewer({ path, title, testId }: { path: string; title: string; testId?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || loaded) return;
    let cancelled = false;
    fetch(`${API_BASE}${path}`, { credentials: "include" })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (!cancelled) setLoaded({ url: URL.createObjectURL(blob), type: blob.type });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [open, loaded, path]);

  useEffect(() => () => (loaded ? URL.revokeObjectURL(loaded.url) : undefined), [loaded]);

  return (
    <div className="document-viewer" data-testid={testId}>
      <button type="button" className="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("admin.kyc.closeDocument", { name: title }) : t("admin.kyc.openDocument", { name: title })}
      </button>
      {open && failed ? <p role="alert">{t("admin.kyc.documentFailed")}</p> : null}
      {open && loaded ? (
        loaded.type.startsWith("image/") ? (
          <img src={loaded.url} alt={title} className="document-viewer__image" />
        ) : (
          // Never framed inside the portal: a PDF opens in a tab of its own, where it can reach nothing of the page
          // (browsers refuse PDFs in a sandboxed frame).
          <p className="document-viewer__new-tab">
            <a href={loaded.url} target="_blank" rel="noopener noreferrer" data-testid="document-new-tab">
              {t("documents.openInNewTab", { name: title })}
            </a>
          </p>
        )
      ) : null}
    </div>
  );
}
