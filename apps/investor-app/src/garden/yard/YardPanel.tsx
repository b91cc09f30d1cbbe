import { useT } from "@farm/ui";
import { lazy, Suspense, useState } from "react";
import "../../i18n/garden-decor";
import { useGarden } from "./use-garden";
import YardView from "./YardView";
import "./yard.css";

// Arranging loads only when asked for: the garden's first paint carries the drawn yard alone.
const ArrangeEditor = lazy(() => import("./ArrangeEditor"));

/** The yard in the garden scene, and its Arrange mode. */
export default function YardPanel() {
  const t = useT();
  const garden = useGarden();
  const [arranging, setArranging] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!garden.data) return null;
  if (arranging)
    return (
      <div className="yard-panel">
        <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
          <ArrangeEditor
            garden={garden.data}
            onDone={(done) => {
              setSaved(done);
              setArranging(false);
            }}
          />
        </Suspense>
      </div>
    );
  const items = garden.data.layout.items;
  return (
    <div className="yard-panel" data-testid="yard-panel">
      <div className="yard-panel__head">
        <h2 className="yard-panel__title">{t("yard.title")}</h2>
        <button
          type="button"
          className="ds-button ds-button--secondary"
          data-testid="yard-arrange"
          onClick={() => {
            setSaved(false);
            setArranging(true);
          }}
        >
          {t("yard.arrange")}
        </button>
      </div>
      {saved && (
        <p className="small" role="status" data-testid="yard-saved">
          {t("yard.saved")}
        </p>
      )}
      {items.length === 0 && <p className="small">{t("yard.empty")}</p>}
      <YardView items={items} />
    </div>
  );
}
