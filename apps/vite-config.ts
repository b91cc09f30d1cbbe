import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

/**
 * React's API on Preact (preact/compat): the same components at a fraction of react-dom's bytes (react-dom alone was
 * ~60 KB of the farmer landing's 119 KB gzipped), for an app whose first page must stay small on a slow phone (its
 * budget is 80 KB). The built portal runs on Preact and the e2e journeys drive it there; its component tests still
 * render with React (Testing Library loads react-dom through CommonJS, out of an alias's reach).
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

/**
 * Everything the entry imports statically in one chunk beside it. Left to itself, the bundler splits out each module
 * the entry shares with some lazy route (a dozen small chunks once the later routes grew); over HTTP/1.1's six
 * connections a browser fetches them in waves, one round trip each (562 ms at Lighthouse's adjusted latency), all
 * before the first paint. The lazy routes import what they share from this chunk, already loaded.
 */
const firstRouteSplitting = {
  groups: [{ name: "first-route", tags: ["$initial" as const] }],
};

/**
 * The Vite config both apps share; each names the variable that sets its port and its default. `/api` is proxied to
 * the backend so it stays same-origin, which keeps the httpOnly session cookie first-party in dev and preview alike.
 */
export function farmAppConfig(
  portVariable: string,
  defaultPort: number,
  options: { preact?: boolean; firstRouteChunk?: boolean } = {},
): UserConfig {
  const port = Number(process.env[portVariable] ?? defaultPort);
  const apiUrl = process.env.API_URL ?? "http://127.0.0.1:8787";
  const proxy = { "/api": { target: apiUrl, changeOrigin: false } };
  return defineConfig({
    plugins: [react()],
    ...(options.preact ? { resolve: { alias: preactAliases, dedupe: ["preact"] } } : {}),
    server: { host: "127.0.0.1", port, strictPort: true, proxy },
    preview: { host: "127.0.0.1", port, strictPort: true, proxy },
    build: {
      target: "es2022",
      sourcemap: false,
      ...(options.firstRouteChunk
        ? { rolldownOptions: { output: { codeSplitting: firstRouteSplitting } } }
        : {}),
    },
  });
}
