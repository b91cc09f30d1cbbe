import { COMMODITIES, COSMETICS, type CommodityArt, CROP_STAGES } from "@farm/core";
import { useT } from "@farm/ui";
import CropArt from "../garden/art/CropArt";
import { GardenScene } from "../garden/GardenScene";
import { plantLabel } from "../garden/stage-label";

const ALL: CommodityArt[] = [...COMMODITIES, "generic"];
/** A progress typical of each stage, so sprouts and growing plants show their real size. */
const progressOf = {
  seed: 0,
  sprout: 0.2,
  growing: 0.7,
  ripe: 1,
  harvested: 1,
  wilting: 1,
  withered: 1,
  returned: 0,
};

/** Every commodity at every stage, watered and thirsty, in one field: the art's reference sheet (and screenshots). */
export default function GalleryRoute() {
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
                    progress={progressOf[stage]}
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
