import { farmNftAbi, roles } from "@farm/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { formatEther } from "viem";

/** Gas the operator needs on hand: under 0.01 ETH (about 100 invoice submissions on a 1 gwei L2) it is nearly out. */
export const lowOperatorBalanceWei = 10n ** 16n;
/** The account is read this often (and at start): two RPC calls a minute per instance. */
const checkEveryMs = 60_000;

/**
 * Watches the operator account (OPERATOR_PRIVATE_KEY): its balance and whether it holds OPERATOR_ROLE on FarmNFT go
 * to the gauges `farm_operator_balance_wei` and `farm_operator_has_role` once a minute, and a key without the role or
 * short of gas gets one warning line (at start, and again only when what is wrong changes): production once started
 * with a random operator key, no role and no gas, and nothing said so until invoice submissions failed.
 */
export const operatorWatchPlugin = fp(async (app: FastifyInstance) => {
  const { operator, publicClient } = app.chain;
  if (!operator) return;
  const farmNft = app.contracts?.farmNft;
  const address = operator.address;
  // What was last said: nothing wrong until a check finds otherwise.
  let reported = "false/false";
  const check = async () => {
    let balance: bigint;
    let hasRole: boolean | null;
    try {
      [balance, hasRole] = await Promise.all([
        publicClient.getBalance({ address }),
        farmNft
          ? publicClient.readContract({
              address: farmNft,
              abi: farmNftAbi,
              functionName: "hasRole",
              args: [roles.OPERATOR_ROLE, address],
            })
          : null,
      ]);
    } catch {
      // The node is away: health and the outage log say so; the gauges keep what they last read.
      return;
    }
    app.metrics.operatorBalance.set({ address }, Number(balance));
    if (hasRole !== null) app.metrics.operatorHasRole.set({ address }, hasRole ? 1 : 0);
    const noRole = hasRole === false;
    const lowGas = balance < lowOperatorBalanceWei;
    const state = `${noRole}/${lowGas}`;
    if (state === reported) return;
    reported = state;
    if (!noRole && !lowGas) {
      app.log.info(
        { operator: address, balanceWei: String(balance) },
        "operator account has its role and gas again",
      );
      return;
    }
    const problems = [
      ...(noRole ? ["does not hold OPERATOR_ROLE on FarmNFT"] : []),
      ...(lowGas
        ? [`has ${formatEther(balance)} for gas (under ${formatEther(lowOperatorBalanceWei)})`]
        : []),
    ];
    app.log.warn(
      { operator: address, balanceWei: String(balance), hasRole },
      `operator account ${address} ${problems.join(" and ")}: its transactions (invoice submissions) will fail`,
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void check();
    timer = setInterval(check, checkEveryMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
});
