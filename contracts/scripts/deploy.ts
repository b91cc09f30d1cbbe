import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { deployFarm } from "../src/deploy";
import { writeDeployment } from "../src/deployment-file";

const envSchema = z.object({
  RPC_URL: z.url(),
  DEPLOYER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex key"),
  ADMIN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be an address")
    .optional(),
  OPERATOR_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be an address")
    .optional(),
  DEPLOYMENTS_DIR: z.string().min(1).optional(),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;

const transport = http(env.RPC_URL);
const probe = createPublicClient({ transport });
const chainId = await probe.getChainId();
const chain = defineChain({
  id: chainId,
  name: `chain ${chainId}`,
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [env.RPC_URL] } },
});
const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 });
const walletClient = createWalletClient({
  chain,
  transport,
  account: privateKeyToAccount(env.DEPLOYER_PRIVATE_KEY as `0x${string}`),
});

const deployment = await deployFarm({
  publicClient,
  walletClient,
  admin: env.ADMIN_ADDRESS as `0x${string}` | undefined,
  operator: env.OPERATOR_ADDRESS as `0x${string}` | undefined,
});
const path = await writeDeployment(deployment, env.DEPLOYMENTS_DIR);
console.log(JSON.stringify(deployment, null, 2));
console.log(`written to ${path}`);
