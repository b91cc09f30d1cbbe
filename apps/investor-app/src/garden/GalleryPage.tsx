import { COMMODITIES, COSMETICS, type CommodityArt, CROP_STAGES } from "@farm/core";
import { useT } from "@farm/ui";
import CropArt from "./art/CropArt";
import { typicalProgress } from "./art/plant-model";
import { GardenScene } from "./GardenScene";
import { plantLabel } from "./stage-label";

const ALL: CommodityArt[] = [...COMMODITIES, "generic"];

/** Every commodity at every stage, watered and thirsty, in one field: the art's reference sheet (and screenshots). */
export default function GalleryPage() {
  const t = useT();
  return (
    <section aria-labelledby="gallery-title" className="stack">
      <h1 id="gallery-title">{t("gallery.title")}</h1>
      {ALL.map((commodity) => (
        <section key={commodity} aria-label={t(`commodity.${commodity}`)} data-testid="gallery-commodity">
          <h2>{t(`commodity.${commodity}`)}</h2>
          <GardenScene unlocked={COSMETICS.map((cosmetic) => cosmetic.id)}>
            {CROP_STAGES.flatMap((stage) =>
              [true, false].map((watered) => (
                <li key={`${stage}-${watered}`} className="plot gallery__plot">
                  <CropArt
                    commodity={commodity}
                    stage={stage}
                    progress={typicalProgress[stage]}
                    wateredToday={watered}
                    label={plantLabel(t, `stage.${stage}`, watered, commodity)}
                    size={88}
                  />
                  <span className="small">
                    {t(`stage.${stage}`)}
                    {watered ? ` · ${t("garden.wateredToday")}` : ""}
                  </span>
                </li>
              )),
            )}
          </GardenScene>
        </section>
      ))}
    </section>
  );
}
