import { lazy, Suspense, useState } from "react";
import { isTourDone } from "./tour-storage";

// Loaded only for a first visit, so returning players never download it.
const FirstVisitTour = lazy(() => import("./FirstVisitTour"));

export function TourGate() {
  const [open, setOpen] = useState(() => !isTourDone());
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FirstVisitTour onDone={() => setOpen(false)} />
    </Suspense>
  );
}
