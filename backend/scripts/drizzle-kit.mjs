// drizzle-kit is hoisted to the root node_modules while drizzle-orm stays in backend/node_modules, so drizzle-kit's
// own `import("drizzle-orm/...")` cannot find it. This hook resolves drizzle-orm from the backend, then runs drizzle-kit.
import { createRequire, register } from "node:module";
import { dirname, join } from "node:path";

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const require = createRequire(import.meta.url);
const drizzleKitBin = join(dirname(require.resolve("drizzle-kit")), "bin.cjs");
process.argv.splice(1, 1, drizzleKitBin);
require(drizzleKitBin);
