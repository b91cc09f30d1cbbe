import type { FarmDeployment } from "@farm/contracts";
export interface SeedOptions {
  apiUrl: string;
  rpcUrl: string;
  origin: string;
  deployment: FarmDeployment;
}
/** Demo data: filled in once the API's farmer, invoice and crop endpoints exist. */
export declare function seedDemoData(_options: SeedOptions): Promise<void>;
