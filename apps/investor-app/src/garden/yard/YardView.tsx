import { decorationOf, GARDEN_COLUMNS, GARDEN_ROWS, type PlacedDecoration } from "@farm/core";
import { useT } from "@farm/ui";
import "../../i18n/garden-decor";
import { DecorationArt } from "./decoration-art";
import "./yard.css";

/**
 * The yard beside the plots: the grid's grass with the decorations and path tiles placed on it, as one small SVG.
 * Paths first, so a decoration is never under a tile. Also what a neighbour's public garden shows of them.
 */
export default function YardView({ items }: { items: readonly PlacedDecoration[] }) {
  const t = useT();
  const isPath = (id: string) => Number(decorationOf(id)?.kind === "path");
  const ordered = [...items].sort((a, b) => isPath(b.id) - isPath(a.id));
  return (
    <svg
      className="yard"
      viewBox={`0 0 ${GARDEN_COLUMNS * 10} ${GARDEN_ROWS * 10}`}
      role="img"
      aria-label={t("yard.picture", { count: items.length })}
      data-testid="garden-yard"
      data-items={items.length}
    >
      <rect width={GARDEN_COLUMNS * 10} height={GARDEN_ROWS * 10} rx="2" fill="#7cc25e" />
      {ordered.map((item) => (
        <DecorationArt key={`${item.x}:${item.y}`} id={item.id} x={item.x} y={item.y} />
      ))}
    </svg>
  );
}
