import { AVATARS, type Avatar } from "@farm/core";
import { AvatarSvg } from "./AvatarSvg";

function isAvatar(value: string | null): value is Avatar {
  return value !== null && (AVATARS as readonly string[]).includes(value);
}

/** The player's avatar, or a plain sprout when none is chosen. */
export function AvatarBadge({ avatar, size }: { avatar: string | null; size?: number }) {
  return (
    <span className="avatar">
      <AvatarSvg avatar={isAvatar(avatar) ? avatar : "sprout"} size={size} />
    </span>
  );
}
