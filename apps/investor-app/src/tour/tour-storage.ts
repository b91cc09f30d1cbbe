/** The first-visit tour is shown once per browser: finishing or skipping it stores this key. */
export const TOUR_DONE_KEY = "farm.tour.done";

export function isTourDone(): boolean {
  try {
    return window.localStorage.getItem(TOUR_DONE_KEY) === "yes";
  } catch {
    return true; // storage blocked: never nag
  }
}

export function markTourDone(): void {
  try {
    window.localStorage.setItem(TOUR_DONE_KEY, "yes");
  } catch {
    // storage blocked: the tour simply shows again next visit
  }
}
