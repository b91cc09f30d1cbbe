import { useT } from "@farm/ui";
import { lazy, type ReactNode, Suspense } from "react";

const GardenDecor = lazy(() => import("./art/GardenDecor"));

/** The field: plots in rows of soil beds on grass, with the decorations the player's level unlocked around it, and
 *  the yard the player arranges (`yard`) below them. */
export function GardenScene({
  unlocked,
  children,
  yard,
}: {
  unlocked: readonly string[];
  children: ReactNode;
  yard?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="field" data-testid="garden-scene" data-decor={unlocked.join(" ")}>
      <Suspense fallback={null}>
        <GardenDecor unlocked={unlocked} />
      </Suspense>
      <ul className="garden__plots field__plots" aria-label={t("garden.plots")}>
        {children}
      </ul>
      {yard}
    </div>
  );
}
