import type { CropStage } from "@farm/core";
import { plantArt } from "./plant-art";

interface PlantSvgProps {
  stage: CropStage;
  wateredToday: boolean;
  /** Spoken description, e.g. "Ripe, watered today". */
  label: string;
  size?: number;
}

const groundY = 70;

/** One plot with its plant, drawn for the crop's stage; all shapes come from plantArt(). */
export function PlantSvg({ stage, wateredToday, label, size = 96 }: PlantSvgProps) {
  const art = plantArt(stage, wateredToday);
  const topY = groundY - art.stemHeight;
  const leaves = Array.from({ length: art.leafPairs }, (_, index) => {
    const y = groundY - ((index + 1) * art.stemHeight) / (art.leafPairs + 1);
    return y;
  });
  const fruits = Array.from({ length: art.fruit?.count ?? 0 }, (_, index) => ({
    cx: 42 + index * 8,
    cy: topY + 2 + (index % 2) * 4,
  }));
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-stage={stage}
      data-watered={wateredToday ? "yes" : "no"}
    >
      <rect x="8" y={groundY} width="84" height="22" rx="6" fill={art.soilColor} data-part="soil" />
      {art.showSeed && <ellipse cx="50" cy={groundY + 6} rx="6" ry="4" fill="#c89b5b" data-part="seed" />}
      {art.stemHeight > 0 && (
        <g transform={`rotate(${art.droop} 50 ${groundY})`} data-part="plant">
          <line
            x1="50"
            y1={groundY}
            x2="50"
            y2={topY}
            stroke={art.stemColor}
            strokeWidth="3"
            strokeLinecap="round"
          />
          {leaves.map((y) => (
            <g key={y} fill={art.leafColor} data-part="leaf-pair">
              <ellipse cx="42" cy={y} rx="8" ry="4" transform={`rotate(-25 42 ${y})`} />
              <ellipse cx="58" cy={y} rx="8" ry="4" transform={`rotate(25 58 ${y})`} />
            </g>
          ))}
          {fruits.map((fruit) => (
            <circle
              key={fruit.cx}
              cx={fruit.cx}
              cy={fruit.cy}
              r="5"
              fill={art.fruit?.color}
              data-part="fruit"
            />
          ))}
        </g>
      )}
      {art.showBasket && (
        <path
          d="M34 58 h32 l-4 14 h-24 z M38 58 q12 -14 24 0"
          fill="#c89b5b"
          stroke="#8a6a45"
          data-part="basket"
        />
      )}
      {art.showReturnArrow && (
        <path
          d="M50 60 v-34 m-10 10 l10 -10 l10 10"
          fill="none"
          stroke="#e0a526"
          strokeWidth="4"
          data-part="return-arrow"
        />
      )}
      {art.showDrops && (
        <g fill="#4aa3df" data-part="drops">
          <path d="M20 20 q3 5 0 8 q-3 -3 0 -8z" />
          <path d="M80 26 q3 5 0 8 q-3 -3 0 -8z" />
          <path d="M70 12 q3 5 0 8 q-3 -3 0 -8z" />
        </g>
      )}
    </svg>
  );
}
