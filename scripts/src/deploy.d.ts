import { type FarmDeployment } from "@farm/contracts";
/** Local roles by anvil account: #0 deploys and administers, #1 is the backend operator. */
export declare const localAdminKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export declare const localOperatorKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
/** Deploys and wires the four contracts on the local chain and writes the deployment file the backend reads. */
export declare function deployDemoContracts(rpcUrl: string, deploymentsFile: string): Promise<FarmDeployment>;
