import { AVATARS, type Avatar } from "@farm/core";
import { avatarEmoji } from "./avatar-emoji";

function isAvatar(value: string | null): value is Avatar {
  return value !== null && (AVATARS as readonly string[]).includes(value);
}

/** The player's avatar, or a plain sprout when none is chosen; hidden from screen readers beside the name. */
export function AvatarBadge({ avatar }: { avatar: string | null }) {
  return (
    <span className="avatar" aria-hidden="true">
      {isAvatar(avatar) ? avatarEmoji[avatar] : avatarEmoji.sprout}
    </span>
  );
}
