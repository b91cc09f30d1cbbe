import { farmNftAbi } from "@farm/contracts/abi";
import type { CropAction, CropsResponse, GameState } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TransactionReceipt } from "viem";
import { type GameNews, gameNews, type PlayerSnapshot, receivedBy } from "../game/game-news";
import { queryKeys } from "../layout/query-keys";
import type { InvestorProfile } from "../profile/use-profile";
import { useRefreshChainReads } from "../wallet/use-refresh-chain-reads";
import { awaitedCropGiveUpMs, awaitedCropRefetchMs } from "./awaited-crops";

export interface CropStep {
  functionName: "harvest" | "refund" | "cancelExpired";
  label: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The player's XP, level, quests and achievements, read afresh from the backend. */
async function readPlayer(queryClient: QueryClient, address: string): Promise<PlayerSnapshot> {
  const [profile, game] = await Promise.all([
    queryClient.fetchQuery({
      queryKey: [...queryKeys.profile, address],
      queryFn: ({ signal }) => apiGet<InvestorProfile>("/user/profile", signal),
    }),
    queryClient.fetchQuery({
      queryKey: [...queryKeys.gameState, address],
      queryFn: ({ signal }) => apiGet<GameState>("/game/state", signal),
    }),
  ]);
  return { xp: profile.xp, level: profile.level, game };
}

/**
 * Waits until the backend's index lists what the receipt paid for the crop (GET /api/crops, every couple of
 * seconds): the indexer grants the harvest's XP, quests and achievements in the same write, so once the crop shows
 * the payout the game state is current. Gives up after the time a planted crop is awaited.
 */
async function waitForIndexed(
  queryClient: QueryClient,
  address: string,
  cropId: string,
  action: CropAction,
  atLeast: bigint,
): Promise<void> {
  const giveUpAt = Date.now() + awaitedCropGiveUpMs;
  while (Date.now() < giveUpAt) {
    const answer = await queryClient.fetchQuery({
      queryKey: [...queryKeys.crops, address],
      queryFn: ({ signal }) => apiGet<CropsResponse>("/crops", signal),
      staleTime: 0,
    });
    const crop = answer.crops.find((listed) => listed.cropId === cropId);
    if (receivedBy(crop, action) >= atLeast) return;
    await sleep(awaitedCropRefetchMs);
  }
}

/**
 * harvest() (a ripe crop, or a settled default's recovery), or refund() (after cancelExpired() when funding lapsed
 * unfilled), of one crop through the shared transactor; `outcome` reads the GOLD received from the last receipt,
 * so the amount shown is what the chain paid. Then, once the index has the receipt's payout, the game state is
 * refetched and `news` tells what it brought (XP, quests, achievements) without a reload. A second send while one
 * runs is ignored.
 */
export function useCropTransaction(outcome: (receipt: TransactionReceipt) => bigint | null) {
  const { farmNft } = useFarmContracts();
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const refreshChain = useRefreshChainReads();
  const [received, setReceived] = useState<bigint | null>(null);
  const [done, setDone] = useState<CropAction | null>(null);
  const [news, setNews] = useState<GameNews | null>(null);
  const send = async (tokenId: bigint, steps: readonly CropStep[], action: CropAction) => {
    if (tx.busy) return;
    const address = session?.address;
    const cropId = tokenId.toString();
    const cached = address
      ? queryClient.getQueryData<CropsResponse>([...queryKeys.crops, address])
      : undefined;
    const receivedBefore = receivedBy(
      cached?.crops.find((crop) => crop.cropId === cropId),
      action,
    );
    const before = address ? await readPlayer(queryClient, address).catch(() => null) : null;
    let receipt: TransactionReceipt | null = null;
    for (const step of steps) {
      receipt = await tx.send(
        { address: farmNft, abi: farmNftAbi, functionName: step.functionName, args: [tokenId] },
        { label: step.label },
      );
      if (!receipt) return;
    }
    const paid = receipt ? outcome(receipt) : null;
    if (receipt) {
      setDone(action);
      setReceived(paid);
    }
    await refreshChain();
    if (address && paid !== null)
      await waitForIndexed(queryClient, address, cropId, action, receivedBefore + paid);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
      queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
      queryClient.invalidateQueries({ queryKey: queryKeys.gameState }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
      // Every board and the week's season: ["leaderboard", ...].
      queryClient.invalidateQueries({ queryKey: queryKeys.seasons.slice(0, 1) }),
    ]);
    if (address && before) {
      const after = await readPlayer(queryClient, address).catch(() => null);
      if (after) setNews(gameNews(before, after));
    }
  };
  return { send, received, done, news, state: tx.state, busy: tx.busy };
}
