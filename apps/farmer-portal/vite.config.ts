import { farmAppConfig } from "../vite-config.js";

export default farmAppConfig("FARMER_PORTAL_PORT", 5174, { preact: true });
