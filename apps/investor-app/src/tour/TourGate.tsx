import { useState } from "react";
import FirstVisitTour from "./FirstVisitTour";
import { isTourDone } from "./tour-storage";

/**
 * The first-visit tour, shown until it is done or skipped. It comes with the entry (under a kilobyte): as a lazy
 * chunk it painted one round trip after the page, and for a first visit it is the largest thing on screen, so its
 * delay was the page's Largest Contentful Paint.
 */
export function TourGate() {
  const [open, setOpen] = useState(() => !isTourDone());
  if (!open) return null;
  return <FirstVisitTour onDone={() => setOpen(false)} />;
}
