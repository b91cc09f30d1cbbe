import { lazy, Suspense } from "react";

// The yard and the season strip come in their own chunks, after the garden's plants: /farm's first load stays small.
const YardPanel = lazy(() => import("./YardPanel"));
const SeasonStrip = lazy(() => import("./SeasonStrip"));

/** The yard (decorations and paths, Arrange mode) for the garden scene. */
export function YardSlot() {
  return (
    <Suspense fallback={null}>
      <YardPanel />
    </Suspense>
  );
}

/** This week's theme and season pass. */
export function SeasonSlot() {
  return (
    <Suspense fallback={null}>
      <SeasonStrip />
    </Suspense>
  );
}
