/** Decorations unlocked by level, drawn around the field: a fence, a scarecrow, a barn. Looks only. */
export interface DecorProps {
  /** Cosmetic ids unlocked (see @farm/core COSMETICS). */
  unlocked: readonly string[];
}

const PICKETS = Array.from({ length: 20 }, (_, i) => i * 10);

function Fence({ color }: { color: string }) {
  return (
    <svg
      className="decor decor--fence"
      viewBox="0 0 200 20"
      preserveAspectRatio="none"
      aria-hidden="true"
      data-decor="fence"
    >
      <rect x="0" y="6" width="200" height="3" fill={color} />
      <rect x="0" y="13" width="200" height="3" fill={color} />
      {PICKETS.map((x) => (
        <path
          key={x}
          d={`M${x + 2} 20 V3 l3 -3 l3 3 V20z`}
          fill={color}
          stroke="rgb(0 0 0 / 20%)"
          strokeWidth="0.5"
        />
      ))}
    </svg>
  );
}

function Scarecrow() {
  return (
    <svg
      className="decor decor--scarecrow"
      viewBox="0 0 40 60"
      width="56"
      height="84"
      aria-hidden="true"
      data-decor="scarecrow"
    >
      <path d="M20 14 V60 M4 26 H36" stroke="#7a5230" strokeWidth="3" />
      <circle cx="20" cy="12" r="7" fill="#f3d38a" />
      <path d="M10 8 h20 l-4 -7 h-12z" fill="#c89b5b" />
      <path d="M11 22 h18 l2 18 h-22z" fill="#3b8fd9" />
      <circle cx="17.5" cy="11" r="1" fill="#1c2321" />
      <circle cx="22.5" cy="11" r="1" fill="#1c2321" />
    </svg>
  );
}

function Barn() {
  return (
    <svg
      className="decor decor--barn"
      viewBox="0 0 60 50"
      width="90"
      height="75"
      aria-hidden="true"
      data-decor="barn"
    >
      <path d="M4 22 L30 4 L56 22 V48 H4z" fill="#c0392b" stroke="#7b241c" strokeWidth="1.5" />
      <path d="M22 48 V30 H38 V48" fill="#fbf8f0" />
      <path d="M22 30 L38 48 M38 30 L22 48" stroke="#c0392b" strokeWidth="1.5" />
      <path d="M24 14 h12 v8 h-12z" fill="#fbf8f0" />
    </svg>
  );
}

export default function GardenDecor({ unlocked }: DecorProps) {
  const has = (id: string) => unlocked.includes(id);
  const fence = has("fence-white") ? "#f4f1ea" : has("fence-wood") ? "#b07a45" : null;
  return (
    <>
      {fence && <Fence color={fence} />}
      {has("scarecrow") && <Scarecrow />}
      {has("barn-red") && <Barn />}
    </>
  );
}
