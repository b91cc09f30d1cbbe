export declare const repoRoot: string;
export interface StackOptions {
  host: string;
  ports: {
    chain: number;
    api: number;
    investorApp: number;
    farmerPortal: number;
  };
  /** Wiped at every start: the local chain is new each time, so the database and files must be too. */
  dataDir: string;
  seedDemoData: boolean;
  /** Keep the children's logs to themselves (tests); they are printed if a child dies. */
  quiet?: boolean;
  log?: (line: string) => void;
}
export interface Stack {
  chain: {
    rpcUrl: string;
    chainId: number;
  };
  apiUrl: string;
  docsUrl: string;
  investorAppUrl: string;
  farmerPortalUrl: string;
  contracts: {
    goldToken: string;
    goldFaucet: string;
    farmNft: string;
    farmVault: string;
  };
  stop(): Promise<void>;
}
/** Starts anvil, deploys and wires the contracts, starts the backend and both apps, and seeds demo data. */
export declare function startStack(options: StackOptions): Promise<Stack>;
