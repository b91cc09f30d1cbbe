import type { Avatar } from "@farm/core";

/** How each avatar id is drawn; emoji keep the bundle small and render on every phone. */
export const avatarEmoji: Record<Avatar, string> = {
  farmer: "🧑‍🌾",
  sprout: "🌱",
  sunflower: "🌻",
  tractor: "🚜",
  chicken: "🐔",
  cow: "🐄",
  bee: "🐝",
  scarecrow: "🌾",
};
