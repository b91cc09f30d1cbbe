import type { DocumentKind } from "@farm/core";
import { API_BASE, useT } from "@farm/ui";
import { useEffect, useState } from "react";

type Loaded = { url: string; type: string };

/**
 * Opens a KYC document inside the page. It is fetched with the admin's session cookie and shown from an object
 * URL, so the file never gets a shareable address.
 */
export function DocumentViewer({ farmerId, kind }: { farmerId: string; kind: DocumentKind }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || loaded) return;
    let cancelled = false;
    fetch(`${API_BASE}/farmers/${farmerId}/documents/${kind}`, { credentials: "include" })
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
  }, [open, loaded, farmerId, kind]);

  useEffect(() => () => (loaded ? URL.revokeObjectURL(loaded.url) : undefined), [loaded]);

  const title = t(`register.document.${kind}`);
  return (
    <div className="document-viewer">
      <button type="button" className="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("admin.kyc.closeDocument", { name: title }) : t("admin.kyc.openDocument", { name: title })}
      </button>
      {open && failed ? <p role="alert">{t("admin.kyc.documentFailed")}</p> : null}
      {open && loaded ? (
        loaded.type.startsWith("image/") ? (
          <img src={loaded.url} alt={title} className="document-viewer__image" />
        ) : (
          <iframe src={loaded.url} title={title} className="document-viewer__frame" />
        )
      ) : null}
    </div>
  );
}
