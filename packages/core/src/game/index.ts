export * from "./crop-stage";
export * from "./day";
export * from "./errors";
export * from "./levels";
export * from "./player";
export * from "./water";
export * from "./water-crop";
export * from "./xp";
