import type { CommodityArt, CropStage } from "@farm/core";
import { COMMODITY_PARTS } from "./commodity-parts";
import { plantModel } from "./plant-model";

export interface CropArtProps {
  commodity: CommodityArt;
  stage: CropStage;
  /** Fraction of the term elapsed at the chain's time (0..1), from the API or the latest block: growth follows it. */
  progress: number;
  wateredToday: boolean;
  /** Spoken description, e.g. "Coffee, ripe, watered today". */
  label: string;
  size?: number;
}

const GROUND = 72;
/** Where a growing plant's flower buds open, one more each quarter of its stage: the picture changes between visits. */
const BUDS: readonly (readonly [number, number])[] = [
  [50, 22],
  [40, 32],
  [60, 30],
];

/** A commodity's plant at its stage, drawn in SVG by this project; size and colour come from plantModel(). */
export default function CropArt({
  commodity,
  stage,
  progress,
  wateredToday,
  label,
  size = 96,
}: CropArtProps) {
  const parts = COMMODITY_PARTS[commodity];
  const model = plantModel(stage, progress, wateredToday, parts.fruit);
  const { Parts } = parts;
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      role="img"
      aria-label={label}
      className={`crop-art crop-art--${stage}${wateredToday ? " crop-art--watered" : ""}`}
      data-commodity={commodity}
      data-stage={stage}
      data-watered={wateredToday ? "yes" : "no"}
      data-growth={model.growth.toFixed(2)}
      data-share={model.share.toFixed(2)}
      data-buds={model.buds}
    >
      <ellipse cx="50" cy={GROUND + 10} rx="44" ry="14" fill={model.soil} data-part="soil" />
      <ellipse cx="50" cy={GROUND + 6} rx="30" ry="6" fill="rgb(0 0 0 / 12%)" />
      {model.showCracks && (
        <path
          d="M22 82 l6 -3 l4 4 M66 86 l5 -4 l6 2 M44 90 l4 -3"
          stroke="#8a6440"
          strokeWidth="1.2"
          fill="none"
          data-part="cracks"
        />
      )}
      {model.showSeed && (
        <g data-part="seed">
          <ellipse cx="50" cy={GROUND + 2} rx="14" ry="5" fill="#8a5f3a" />
          <ellipse
            cx="50"
            cy={GROUND - 1}
            rx="5"
            ry="3.5"
            fill={parts.seed}
            stroke="#5d4630"
            strokeWidth="0.8"
          />
        </g>
      )}
      {model.showPlant && (
        <g
          className="crop-art__plant"
          data-part="plant"
          transform={`rotate(${model.droop} 50 ${GROUND}) translate(50 ${GROUND}) scale(${model.growth}) translate(-50 -${GROUND})`}
        >
          <Parts palette={model.palette} fruiting={model.fruiting} />
          {BUDS.slice(0, model.buds).map(([x, y]) => (
            <g key={x} data-part="bud">
              <circle cx={x} cy={y + 2.5} r="2.2" fill={model.palette.leafDark} />
              <circle cx={x} cy={y} r="2.6" fill="#fff6d8" stroke={model.palette.fruit} strokeWidth="1" />
            </g>
          ))}
        </g>
      )}
      {model.showBasket && (
        <g data-part="basket">
          <path d="M28 62 h44 l-6 18 h-32 z" fill="#c8894a" stroke="#7a5230" strokeWidth="1.5" />
          <path d="M32 62 q18 -22 36 0" fill="none" stroke="#7a5230" strokeWidth="2.5" />
          {[38, 46, 54, 62].map((x) => (
            <circle key={x} cx={x} cy={59} r="4" fill={parts.fruit} />
          ))}
        </g>
      )}
      {model.showReturn && (
        <g data-part="return-arrow">
          <circle cx="50" cy="32" r="9" fill="#f2b700" stroke="#a87a00" strokeWidth="1.5" />
          <path
            d="M50 60 V44 m-6 6 l6 -6 l6 6"
            fill="none"
            stroke="#a87a00"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </g>
      )}
      {model.showDrops && (
        <g fill="#3b8fd9" data-part="drops" className="crop-art__drops">
          <path d="M18 30 q3 5 0 8 q-3 -3 0 -8z" />
          <path d="M82 36 q3 5 0 8 q-3 -3 0 -8z" />
          <path d="M74 16 q3 5 0 8 q-3 -3 0 -8z" />
        </g>
      )}
    </svg>
  );
}
