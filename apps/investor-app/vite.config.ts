import { farmAppConfig } from "../vite-config.js";

export default farmAppConfig("INVESTOR_APP_PORT", 5173, { preact: true, firstRouteChunk: true });
