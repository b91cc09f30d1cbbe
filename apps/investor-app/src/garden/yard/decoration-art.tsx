import type { DecorationId } from "@farm/core";
import type { ReactElement } from "react";

// Each decoration drawn in a 10 x 10 cell (SVG user units), small and flat like the garden's other art. Path tiles
// fill their cell so a row of them reads as one path.

const tile = (fill: string, lines: string) => (
  <>
    <rect width="10" height="10" fill={fill} />
    <path d={lines} stroke="rgb(0 0 0 / 22%)" strokeWidth="0.4" fill="none" />
  </>
);

const lantern = (body: string, glow: string) => (
  <>
    <path d="M5 1 V2.5" stroke="#5b4636" strokeWidth="0.4" />
    <ellipse cx="5" cy="5" rx="2.6" ry="2.8" fill={body} />
    <ellipse cx="5" cy="5" rx="1.2" ry="1.8" fill={glow} />
    <path d="M3.6 2.5 h2.8 M3.6 7.6 h2.8" stroke="#5b4636" strokeWidth="0.5" />
  </>
);

const kite = (fill: string, tail: string) => (
  <>
    <path d="M5 0.8 L8.2 4.4 L5 8 L1.8 4.4z" fill={fill} stroke="#5b4636" strokeWidth="0.3" />
    <path d="M5 0.8 V8 M1.8 4.4 H8.2" stroke="#5b4636" strokeWidth="0.2" />
    <path d="M5 8 q1 0.8 0 1.2 q-1 0.4 0 0.8" stroke={tail} strokeWidth="0.4" fill="none" />
  </>
);

const ART: Record<DecorationId, ReactElement> = {
  "path-dirt": tile("#b98a5a", "M2 3 h1 M6 7 h1.5 M7 2 h1"),
  "path-stone": (
    <>
      <rect width="10" height="10" fill="#a8a29a" />
      <path
        d="M0.5 0.5 h4 v4 h-4z M5.5 0.5 h4 v4 h-4z M0.5 5.5 h4 v4 h-4z M5.5 5.5 h4 v4 h-4z"
        fill="#cfc9bf"
      />
    </>
  ),
  "path-wood": tile("#b07a45", "M0 2.5 H10 M0 5 H10 M0 7.5 H10"),
  "path-brick": tile("#c0583a", "M0 3.3 H10 M0 6.6 H10 M5 0 V3.3 M2.5 3.3 V6.6 M7.5 3.3 V6.6 M5 6.6 V10"),
  "flower-bed": (
    <>
      <ellipse cx="5" cy="7" rx="4.3" ry="2.3" fill="#8a5f3a" />
      <circle cx="3" cy="5.6" r="1.2" fill="#e86a92" />
      <circle cx="5.2" cy="5" r="1.2" fill="#f2b700" />
      <circle cx="7.2" cy="5.8" r="1.2" fill="#9b6ad9" />
    </>
  ),
  bench: (
    <>
      <rect x="1" y="3" width="8" height="1.6" rx="0.4" fill="#b07a45" />
      <rect x="1" y="5.2" width="8" height="1.4" rx="0.4" fill="#8a5f3a" />
      <path d="M2 6.6 V9 M8 6.6 V9" stroke="#5b4636" strokeWidth="0.7" />
    </>
  ),
  lantern: (
    <>
      <path d="M3 9.5 h4 M5 9.5 V6" stroke="#7d7a73" strokeWidth="0.9" />
      <path d="M2.6 3.2 L5 1 L7.4 3.2z" fill="#7d7a73" />
      <rect x="3.3" y="3.2" width="3.4" height="2.8" fill="#fff1b8" stroke="#7d7a73" strokeWidth="0.4" />
    </>
  ),
  well: (
    <>
      <path d="M2 2 L5 0.6 L8 2z" fill="#c0392b" />
      <path d="M2.6 2 V6 M7.4 2 V6" stroke="#5b4636" strokeWidth="0.5" />
      <rect
        x="1.8"
        y="5.6"
        width="6.4"
        height="3.6"
        rx="0.6"
        fill="#a8a29a"
        stroke="#7d7a73"
        strokeWidth="0.3"
      />
      <ellipse cx="5" cy="5.8" rx="2.8" ry="0.6" fill="#4aa3df" />
    </>
  ),
  beehive: (
    <>
      <path d="M5 9 V9.6" stroke="#5b4636" />
      <path
        d="M2.5 8.6 q-0.5 -6 2.5 -6.4 q3 0.4 2.5 6.4z"
        fill="#f2b700"
        stroke="#b07a45"
        strokeWidth="0.3"
      />
      <path d="M2.4 4.6 h5.2 M2.3 6.6 h5.4" stroke="#b07a45" strokeWidth="0.3" />
      <circle cx="5" cy="7.8" r="0.6" fill="#5b4636" />
    </>
  ),
  birdhouse: (
    <>
      <path d="M5 6.5 V9.8" stroke="#5b4636" strokeWidth="0.6" />
      <path d="M2 3.4 L5 0.8 L8 3.4z" fill="#3b8fd9" />
      <rect x="2.8" y="3.4" width="4.4" height="3.4" fill="#f4e3c1" />
      <circle cx="5" cy="5" r="0.8" fill="#5b4636" />
    </>
  ),
  pond: (
    <>
      <ellipse cx="5" cy="5.6" rx="4.4" ry="3.2" fill="#4aa3df" stroke="#a8a29a" strokeWidth="0.5" />
      <ellipse cx="3.6" cy="5" rx="1.1" ry="0.6" fill="#6fb552" />
      <path d="M6 6.4 q1 -0.6 2 0" stroke="#d6eefa" strokeWidth="0.3" fill="none" />
    </>
  ),
  windmill: (
    <>
      <path d="M3.8 9.8 L4.5 4.5 h1 L6.2 9.8z" fill="#f4f1ea" stroke="#7d7a73" strokeWidth="0.3" />
      <path
        d="M5 4.4 L1.2 1.6 M5 4.4 L8.8 1.6 M5 4.4 L1.6 7.4 M5 4.4 L8.4 7.4"
        stroke="#b07a45"
        strokeWidth="0.8"
      />
      <circle cx="5" cy="4.4" r="0.5" fill="#5b4636" />
    </>
  ),
  "rain-lily": (
    <>
      <path d="M5 9.6 V5" stroke="#3f8a3a" strokeWidth="0.5" />
      <path d="M5 5 l-2 -2.4 l2 0.8 l2 -0.8z" fill="#f4a6c0" />
      <path d="M2 1 v0.8 M8 2 v0.8 M7 0.4 v0.6" stroke="#4aa3df" strokeWidth="0.4" />
    </>
  ),
  "rain-barrel": (
    <>
      <rect x="2.4" y="2.6" width="5.2" height="6.8" rx="1" fill="#8a5f3a" />
      <path d="M2.4 4.6 h5.2 M2.4 7.4 h5.2" stroke="#5b4636" strokeWidth="0.4" />
      <ellipse cx="5" cy="2.7" rx="2.6" ry="0.6" fill="#4aa3df" />
    </>
  ),
  "paper-umbrella": (
    <>
      <path d="M1 5 q4 -5.2 8 0z" fill="#d9485f" />
      <path d="M5 0.8 V9.4 q0 0.6 -0.8 0.4" stroke="#5b4636" strokeWidth="0.4" fill="none" />
      <path d="M3 5 L5 1 L7 5" stroke="#f4f1ea" strokeWidth="0.2" fill="none" />
    </>
  ),
  "rice-sheaf": (
    <>
      <path d="M5 9.6 L3 2.5 M5 9.6 L5 1.6 M5 9.6 L7 2.5" stroke="#d9a441" strokeWidth="0.7" />
      <path d="M3.2 7 h3.6" stroke="#8a5f3a" strokeWidth="0.8" />
    </>
  ),
  "pumpkin-pile": (
    <>
      <ellipse cx="3.4" cy="7.4" rx="2.2" ry="1.8" fill="#e67e22" />
      <ellipse cx="6.8" cy="7.6" rx="2" ry="1.6" fill="#f39c12" />
      <ellipse cx="5" cy="4.9" rx="1.8" ry="1.5" fill="#e67e22" />
      <path d="M5 3.4 v-0.8" stroke="#3f8a3a" strokeWidth="0.5" />
    </>
  ),
  "moon-lamp": (
    <>
      <path d="M5 9.6 V6" stroke="#5b4636" strokeWidth="0.6" />
      <circle cx="5" cy="3.6" r="2.6" fill="#fff1b8" stroke="#d9a441" strokeWidth="0.3" />
      <circle cx="6" cy="3" r="2" fill="#f4e3c1" opacity="0.6" />
    </>
  ),
  "lotus-lantern": (
    <>
      <ellipse cx="5" cy="8.6" rx="4" ry="1" fill="#4aa3df" />
      <path d="M2.4 7.8 q2.6 -6 5.2 0z" fill="#f4a6c0" stroke="#d9485f" strokeWidth="0.3" />
      <circle cx="5" cy="6" r="0.7" fill="#fff1b8" />
    </>
  ),
  "sky-lantern": lantern("#f39c12", "#fff1b8"),
  "lantern-string": (
    <>
      <path d="M0 1.5 q5 3 10 0" stroke="#5b4636" strokeWidth="0.3" fill="none" />
      <circle cx="2" cy="3.6" r="1" fill="#d9485f" />
      <circle cx="5" cy="4.4" r="1" fill="#f2b700" />
      <circle cx="8" cy="3.6" r="1" fill="#3b8fd9" />
    </>
  ),
  pinwheel: (
    <>
      <path d="M5 5 V9.8" stroke="#5b4636" strokeWidth="0.5" />
      <path d="M5 5 L5 1 L7 3z M5 5 L9 5 L7 7z M5 5 L5 9 L3 7z M5 5 L1 5 L3 3z" fill="#3b8fd9" />
      <path d="M5 5 L7 3 L9 5z M5 5 L3 7 L1 5z" fill="#f2b700" />
    </>
  ),
  "kite-diamond": kite("#d9485f", "#f2b700"),
  "kite-bird": kite("#3b8fd9", "#f4f1ea"),
};

/** One decoration's picture in a 10 x 10 cell at (x, y) of an SVG grid (units of 10); nothing for an unknown id. */
export function DecorationArt({ id, x = 0, y = 0 }: { id: string; x?: number; y?: number }) {
  const art = ART[id as DecorationId];
  if (!art) return null;
  return (
    <g transform={`translate(${x * 10} ${y * 10})`} data-decoration={id}>
      {art}
    </g>
  );
}

/** A decoration on its own, as a small picture for the tray and the pass. */
export function DecorationIcon({ id, size = 32 }: { id: string; size?: number }) {
  return (
    <svg viewBox="0 0 10 10" width={size} height={size} aria-hidden="true" className="decoration-icon">
      <DecorationArt id={id} />
    </svg>
  );
}
