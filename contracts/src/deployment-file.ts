import { type FarmDeployment, parseDeployment } from "./deployment";

// Node modules are loaded on demand so that browser bundles importing this package (for the ABIs) never pull them in.
async function deploymentPath(chainId: number, dir?: string): Promise<string> {
  const [{ join, resolve }, { fileURLToPath }] = await Promise.all([import("node:path"), import("node:url")]);
  const folder =
    dir === undefined ? fileURLToPath(new URL("../deployments/", import.meta.url)) : resolve(dir);
  return join(folder, `${chainId}.json`);
}

/** Reads `<dir>/<chainId>.json` (default contracts/deployments); throws when missing or malformed. */
export async function loadDeployment(chainId: number, dir?: string): Promise<FarmDeployment> {
  const { readFile } = await import("node:fs/promises");
  const path = await deploymentPath(chainId, dir);
  const deployment = parseDeployment(JSON.parse(await readFile(path, "utf8")));
  if (deployment.chainId !== chainId)
    throw new Error(`${path} is for chain ${deployment.chainId}, not ${chainId}`);
  return deployment;
}

/** Writes `<dir>/<chainId>.json` (default contracts/deployments) and returns its path. */
export async function writeDeployment(deployment: FarmDeployment, dir?: string): Promise<string> {
  const [{ mkdir, writeFile }, { dirname }] = await Promise.all([
    import("node:fs/promises"),
    import("node:path"),
  ]);
  const path = await deploymentPath(deployment.chainId, dir);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(deployment, null, 2)}\n`);
  return path;
}
