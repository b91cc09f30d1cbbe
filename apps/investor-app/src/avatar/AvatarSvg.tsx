import type { Avatar } from "@farm/core";
import type { ReactElement } from "react";

/** Each avatar drawn in a 32x32 box; SVG rather than emoji so it looks the same on every device and font set. */
const drawings: Record<Avatar, ReactElement> = {
  farmer: (
    <>
      <circle cx="16" cy="19" r="8" fill="#f1c27d" />
      <ellipse cx="16" cy="11" rx="13" ry="3" fill="#d9a441" />
      <rect x="10" y="5" width="12" height="6" rx="3" fill="#d9a441" />
      <circle cx="13" cy="19" r="1.2" fill="#3b2a1a" />
      <circle cx="19" cy="19" r="1.2" fill="#3b2a1a" />
    </>
  ),
  sprout: (
    <>
      <path d="M16 28V15" stroke="#2f6b3a" strokeWidth="2.5" />
      <ellipse cx="10.5" cy="12" rx="6" ry="3.5" fill="#3f9b4b" transform="rotate(-30 10.5 12)" />
      <ellipse cx="21.5" cy="12" rx="6" ry="3.5" fill="#3f9b4b" transform="rotate(30 21.5 12)" />
    </>
  ),
  sunflower: (
    <>
      <circle cx="16" cy="16" r="13" fill="#f2c230" />
      <circle cx="16" cy="16" r="6" fill="#7a4b1e" />
    </>
  ),
  tractor: (
    <>
      <rect x="5" y="12" width="16" height="9" rx="2" fill="#c0392b" />
      <rect x="15" y="6" width="7" height="8" fill="#c0392b" />
      <circle cx="10" cy="23" r="5" fill="#333" />
      <circle cx="24" cy="24" r="3.5" fill="#333" />
    </>
  ),
  chicken: (
    <>
      <ellipse cx="16" cy="19" rx="10" ry="9" fill="#fafafa" stroke="#ccc" />
      <path d="M12 9q2-4 4 0q2-4 4 0z" fill="#d63031" />
      <path d="M26 18l4 2-4 2z" fill="#f39c12" />
      <circle cx="20" cy="15" r="1.3" fill="#222" />
    </>
  ),
  cow: (
    <>
      <ellipse cx="16" cy="16" rx="11" ry="10" fill="#fafafa" stroke="#ccc" />
      <circle cx="10" cy="11" r="3" fill="#333" />
      <ellipse cx="16" cy="22" rx="7" ry="4" fill="#f5b7b1" />
      <circle cx="12" cy="15" r="1.3" fill="#222" />
      <circle cx="20" cy="15" r="1.3" fill="#222" />
    </>
  ),
  bee: (
    <>
      <ellipse cx="11" cy="10" rx="5" ry="4" fill="#d6eaf8" />
      <ellipse cx="21" cy="10" rx="5" ry="4" fill="#d6eaf8" />
      <ellipse cx="16" cy="19" rx="11" ry="8" fill="#f2c230" />
      <rect x="12" y="11" width="3" height="16" fill="#222" />
      <rect x="18" y="11" width="3" height="16" fill="#222" />
    </>
  ),
  scarecrow: (
    <>
      <path d="M4 17h24" stroke="#8a6a45" strokeWidth="3" />
      <path d="M16 14v16" stroke="#8a6a45" strokeWidth="3" />
      <circle cx="16" cy="11" r="5" fill="#e8c07d" />
      <path d="M8 7h16l-4-5h-8z" fill="#5d4037" />
    </>
  ),
};

/** Decorative: the name or the picker's label says who it is. */
export function AvatarSvg({ avatar, size = 28 }: { avatar: Avatar; size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      {drawings[avatar]}
    </svg>
  );
}
