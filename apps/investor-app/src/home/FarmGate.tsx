import { useT, wordPack } from "@farm/ui";
import { lookWords } from "../i18n/look";

wordPack(lookWords);

/** A few pickets of the fence on each side of the gate: one picket drawn, repeated by an SVG pattern. */
function Fence() {
  return (
    <svg className="farm-gate__fence" width="100%" height="34" aria-hidden="true" focusable="false">
      <defs>
        <pattern id="farm-gate-picket" width="18" height="34" patternUnits="userSpaceOnUse">
          <path d="M4 34 V8 l5 -6 l5 6 V34 z" fill="#f3e7d8" stroke="#a4703f" strokeWidth="1.2" />
        </pattern>
      </defs>
      <rect y="14" width="100%" height="4" fill="#c8894a" />
      <rect y="26" width="100%" height="4" fill="#c8894a" />
      <rect width="100%" height="34" fill="url(#farm-gate-picket)" />
    </svg>
  );
}

/**
 * The home page's title as the farm's gate: two posts and a beam with the page's heading on the hanging sign, the
 * fence running off on both sides, and a path leading in. Drawn in CSS and one small SVG; nothing moves.
 */
export function FarmGate({ title, titleId }: { title: string; titleId: string }) {
  const t = useT();
  return (
    <header className="farm-gate">
      <Fence />
      <div className="farm-gate__arch">
        <span className="farm-gate__post" aria-hidden="true" />
        <h1 id={titleId} className="farm-gate__sign">
          {title}
        </h1>
        <span className="farm-gate__post" aria-hidden="true" />
      </div>
      <p className="farm-gate__tagline">{t("look.gate.tagline")}</p>
    </header>
  );
}
