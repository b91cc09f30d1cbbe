// drizzle-kit is hoisted to the root node_modules while drizzle-orm stays in backend/node_modules, so drizzle-kit's
// own `import("drizzle-orm/...")` cannot find it. This hook resolves drizzle-orm from the backend, then runs drizzle-kit.
// Its CommonJS `require("drizzle-orm")` (schema serializer) does not go through that hook on Node 20: NODE_PATH adds
// backend/node_modules to require's search path for it.
import Module, { createRequire, register } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const backendModules = fileURLToPath(new URL("../node_modules", import.meta.url));
process.env.NODE_PATH = [backendModules, process.env.NODE_PATH].filter(Boolean).join(delimiter);
Module._initPaths();
const require = createRequire(import.meta.url);
const drizzleKitBin = join(dirname(require.resolve("drizzle-kit")), "bin.cjs");
process.argv.splice(1, 1, drizzleKitBin);
require(drizzleKitBin);
