import type { CommodityArt } from "@farm/core";
import type { ReactNode } from "react";
import type { PlantPalette } from "./plant-model";

/**
 * One drawing per commodity of its full-grown plant, in a 100 x 100 box with the ground at y = 72; the caller scales
 * it by growth and leans it by droop. `fruiting` adds what is harvested (grain, cherries, pods, tubers ...).
 */
export interface PartsProps {
  palette: PlantPalette;
  fruiting: boolean;
}

const leafPath = (x: number, y: number, length: number, angle: number, width = 0.35) =>
  `M${x} ${y} q${(length / 2) * Math.cos(((angle - 25) * Math.PI) / 180)} ${(length / 2) * Math.sin(((angle - 25) * Math.PI) / 180)} ${length * Math.cos((angle * Math.PI) / 180)} ${length * Math.sin((angle * Math.PI) / 180)} q${-(length * width) * Math.cos(((angle - 90) * Math.PI) / 180)} ${-(length * width) * Math.sin(((angle - 90) * Math.PI) / 180)} ${-length * Math.cos((angle * Math.PI) / 180)} ${-length * Math.sin((angle * Math.PI) / 180)}z`;

function Leaf({
  x,
  y,
  length,
  angle,
  fill,
  width,
}: {
  x: number;
  y: number;
  length: number;
  angle: number;
  fill: string;
  width?: number;
}) {
  return <path d={leafPath(x, y, length, angle, width)} fill={fill} data-part="leaf" />;
}

function Rice({ palette, fruiting }: PartsProps) {
  const blades = [-60, -75, -90, -105, -120, -82, -98];
  return (
    <g>
      {blades.map((angle, i) => (
        <Leaf
          key={angle}
          x={48 + (i % 3) * 2}
          y={72}
          length={40 + (i % 3) * 6}
          angle={angle}
          width={0.08}
          fill={i % 2 ? palette.leaf : palette.leafDark}
        />
      ))}
      {fruiting &&
        [38, 50, 62].map((x) => (
          <g key={x} data-part="fruit">
            <path d={`M50 40 Q${x} 24 ${x + 6} 34`} stroke={palette.fruit} strokeWidth="2" fill="none" />
            {[0, 1, 2, 3].map((k) => (
              <ellipse key={k} cx={x + k * 1.6} cy={27 + k * 2} rx="1.6" ry="2.6" fill={palette.fruit} />
            ))}
          </g>
        ))}
    </g>
  );
}

function Coffee({ palette, fruiting }: PartsProps) {
  const rows = [62, 52, 42, 32, 24];
  return (
    <g>
      <path d="M50 72 V20" stroke={palette.stem} strokeWidth="3" strokeLinecap="round" />
      {rows.map((y, i) => (
        <g key={y}>
          <Leaf x={50} y={y} length={20 - i * 2} angle={-160} fill={palette.leafDark} width={0.45} />
          <Leaf x={50} y={y} length={20 - i * 2} angle={-20} fill={palette.leaf} width={0.45} />
        </g>
      ))}
      {fruiting &&
        rows.slice(0, 4).map((y) => (
          <g key={y} fill={palette.fruit} data-part="fruit">
            <circle cx={46} cy={y + 3} r="2.6" />
            <circle cx={54} cy={y + 3} r="2.6" />
            <circle cx={50} cy={y + 5} r="2.4" />
          </g>
        ))}
    </g>
  );
}

function Cocoa({ palette, fruiting }: PartsProps) {
  return (
    <g>
      <path
        d="M48 72 C47 55 52 40 50 24"
        stroke="#6d4c2f"
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
      />
      {[-150, -120, -60, -30, -100, -80].map((angle, i) => (
        <Leaf
          key={angle}
          x={50}
          y={26 + (i % 2) * 6}
          length={26}
          angle={angle}
          fill={i % 2 ? palette.leaf : palette.leafDark}
          width={0.4}
        />
      ))}
      {fruiting &&
        [
          [42, 48],
          [56, 54],
          [44, 60],
        ].map(([x, y]) => (
          <ellipse
            key={`${x}-${y}`}
            cx={x}
            cy={y}
            rx="4.5"
            ry="8"
            fill={palette.fruit}
            stroke="#8a5a14"
            strokeWidth="1"
            data-part="fruit"
          />
        ))}
    </g>
  );
}

function Chili({ palette, fruiting }: PartsProps) {
  return (
    <g>
      <path
        d="M50 72 V40 M50 52 L38 40 M50 48 L62 36"
        stroke={palette.stem}
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      {[
        [38, 40, -140],
        [62, 36, -40],
        [50, 40, -90],
        [44, 56, -160],
        [56, 52, -20],
      ].map(([x, y, a]) => (
        <Leaf key={`${x}-${y}`} x={x!} y={y!} length={14} angle={a!} fill={palette.leaf} width={0.45} />
      ))}
      {fruiting &&
        [
          [40, 44],
          [60, 40],
          [52, 50],
        ].map(([x, y]) => (
          <path
            key={`${x}-${y}`}
            d={`M${x} ${y} q3 2 2 12 q-1 5 -3 6 q1 -8 -2 -16z`}
            fill={palette.fruit}
            data-part="fruit"
          />
        ))}
    </g>
  );
}

function Mango({ palette, fruiting }: PartsProps) {
  return (
    <g>
      <path
        d="M50 72 V38 M50 50 L40 40 M50 46 L60 38"
        stroke="#6d4c2f"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
      <ellipse cx="50" cy="30" rx="28" ry="18" fill={palette.leafDark} />
      <ellipse cx="42" cy="26" rx="14" ry="10" fill={palette.leaf} />
      <ellipse cx="60" cy="28" rx="12" ry="9" fill={palette.leaf} />
      {fruiting &&
        [
          [38, 40],
          [56, 42],
          [64, 34],
        ].map(([x, y]) => (
          <ellipse
            key={`${x}-${y}`}
            cx={x}
            cy={y}
            rx="4"
            ry="5.5"
            fill={palette.fruit}
            transform={`rotate(20 ${x} ${y})`}
            data-part="fruit"
          />
        ))}
    </g>
  );
}

function Potato({ palette, fruiting }: PartsProps) {
  return (
    <g>
      {[-150, -125, -100, -80, -55, -30].map((angle, i) => (
        <Leaf
          key={angle}
          x={50}
          y={70}
          length={22 + (i % 2) * 4}
          angle={angle}
          fill={i % 2 ? palette.leaf : palette.leafDark}
          width={0.5}
        />
      ))}
      {fruiting && (
        <g data-part="fruit">
          <circle cx="44" cy="46" r="2.5" fill="#f3e5f5" />
          <circle cx="56" cy="44" r="2.5" fill="#f3e5f5" />
          <ellipse cx="38" cy="76" rx="6" ry="4" fill={palette.fruit} />
          <ellipse cx="58" cy="77" rx="7" ry="4.5" fill={palette.fruit} />
        </g>
      )}
    </g>
  );
}

function Corn({ palette, fruiting }: PartsProps) {
  return (
    <g>
      <path d="M50 72 V14" stroke={palette.stem} strokeWidth="3.5" strokeLinecap="round" />
      {[62, 50, 38, 26].map((y, i) => (
        <Leaf
          key={y}
          x={50}
          y={y}
          length={26 - i * 3}
          angle={i % 2 ? -20 : -160}
          fill={i % 2 ? palette.leaf : palette.leafDark}
          width={0.15}
        />
      ))}
      <path d="M50 14 l-4 -6 M50 14 l4 -6 M50 14 v-8" stroke="#c8a24a" strokeWidth="1.5" />
      {fruiting && (
        <g data-part="fruit">
          <ellipse cx="57" cy="44" rx="4.5" ry="10" fill={palette.fruit} />
          <path d="M52 52 q2 -14 8 -18 q-2 10 -3 20z" fill={palette.leaf} />
        </g>
      )}
    </g>
  );
}

function Shallot({ palette, fruiting }: PartsProps) {
  return (
    <g>
      {[-70, -80, -90, -100, -110].map((angle, i) => (
        <path
          key={angle}
          d={`M50 70 l${40 * Math.cos((angle * Math.PI) / 180)} ${40 * Math.sin((angle * Math.PI) / 180)}`}
          stroke={i % 2 ? palette.leaf : palette.leafDark}
          strokeWidth="3"
          strokeLinecap="round"
          data-part="leaf"
        />
      ))}
      {fruiting && (
        <g fill={palette.fruit} data-part="fruit">
          <path d="M42 72 q-6 -6 0 -12 q6 6 0 12z" />
          <path d="M50 73 q-7 -7 0 -14 q7 7 0 14z" />
          <path d="M58 72 q-6 -6 0 -12 q6 6 0 12z" />
        </g>
      )}
    </g>
  );
}

function Generic({ palette, fruiting }: PartsProps) {
  return (
    <g>
      <path d="M50 72 V28" stroke={palette.stem} strokeWidth="3" strokeLinecap="round" />
      {[60, 48, 36].map((y) => (
        <g key={y}>
          <Leaf x={50} y={y} length={16} angle={-150} fill={palette.leafDark} />
          <Leaf x={50} y={y} length={16} angle={-30} fill={palette.leaf} />
        </g>
      ))}
      {fruiting &&
        [44, 50, 56].map((x, i) => (
          <circle key={x} cx={x} cy={26 + (i % 2) * 4} r="4" fill={palette.fruit} data-part="fruit" />
        ))}
    </g>
  );
}

/** Each commodity's plant parts and the colour of what it yields. */
export const COMMODITY_PARTS: Record<
  CommodityArt,
  { Parts: (props: PartsProps) => ReactNode; fruit: string; seed: string }
> = {
  rice: { Parts: Rice, fruit: "#e2b740", seed: "#e8d59a" },
  coffee: { Parts: Coffee, fruit: "#c62828", seed: "#7b4a2a" },
  cocoa: { Parts: Cocoa, fruit: "#f29f05", seed: "#5d3a1a" },
  chili: { Parts: Chili, fruit: "#e53935", seed: "#f5e0a0" },
  mango: { Parts: Mango, fruit: "#ffb300", seed: "#d8c08a" },
  potato: { Parts: Potato, fruit: "#c89b5b", seed: "#b7895a" },
  corn: { Parts: Corn, fruit: "#fdd835", seed: "#f2c94c" },
  shallot: { Parts: Shallot, fruit: "#a0396b", seed: "#b45a7e" },
  generic: { Parts: Generic, fruit: "#ff8f00", seed: "#c89b5b" },
};
