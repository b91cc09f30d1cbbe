import { lazy, Suspense } from "react";
import type { CropArtProps } from "./CropArt";

// The drawings are their own chunk: the first route's bundle carries only this wrapper.
const CropArt = lazy(() => import("./CropArt"));

/** CropArt, loaded on first use; until then an empty square of the same size keeps the layout still. */
export function LazyCropArt(props: CropArtProps) {
  const size = props.size ?? 96;
  return (
    <Suspense
      fallback={
        <span
          className="crop-art-placeholder"
          style={{ width: size, height: size }}
          role="img"
          aria-label={props.label}
        />
      }
    >
      <CropArt {...props} />
    </Suspense>
  );
}
