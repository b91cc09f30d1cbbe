// One line per domain: each area keeps its tables in its own file.

export * from "../../notifications/schema";
export * from "./chain";
export * from "./farmers";
export * from "./game";
export * from "./game-quests";
export * from "./garden";
export * from "./investors";
export * from "./invoices";
export * from "./market";
export * from "./neighbours";
