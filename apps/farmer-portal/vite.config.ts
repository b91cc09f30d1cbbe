import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const port = Number(process.env.FARMER_PORTAL_PORT ?? 5174);
const apiUrl = process.env.API_URL ?? "http://127.0.0.1:8787";
// Same-origin /api keeps the httpOnly session cookie first-party in both dev and preview.
const proxy = { "/api": { target: apiUrl, changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  server: { host: "127.0.0.1", port, strictPort: true, proxy },
  preview: { host: "127.0.0.1", port, strictPort: true, proxy },
  build: { target: "es2022", sourcemap: false },
});
