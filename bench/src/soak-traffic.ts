/** The soak's traffic: HTTP clients of mixed reads and writes across both instances, and the chain actor. */
import { randomBytes } from "node:crypto";
import type { Hex } from "viem";
import { invoiceForm } from "./faults-load";
import type { soakChain } from "./soak-chain";

interface User {
  key: Hex;
  cookie: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WORKERS = 4;
/** Each investment of a cycle, in whole GOLD: three of them fund a submitted invoice (faults-load's 1,500 GOLD). */
const SHARE = 500n;

/** A seeded generator (mulberry32): the same run draws the same sequence of actions. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function soakTraffic(options: {
  apiUrls: string[];
  origin: string;
  investors: User[];
  farmers: User[];
  signIn(key: Hex, n: number): Promise<string>;
  chain: ReturnType<typeof soakChain>;
}) {
  const { apiUrls, origin, investors, farmers, chain } = options;
  const random = seeded(33);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const byKind: Record<string, Record<string, number>> = {};
  const done = { signIns: 0, submissions: 0, investments: 0, harvests: 0, waterings: 0 };
  let requests = 0;
  let serverErrors = 0;
  /** Crops each investor holds (token ids), for waterings. */
  const crops = new Map<Hex, Set<bigint>>(investors.map((investor) => [investor.key, new Set()]));
  /** Submitted invoices waiting for the chain actor, with the chain-time era they were submitted in. */
  const submitted: { tokenId: bigint; era: number }[] = [];
  let era = 0;

  async function call(
    kind: string,
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: string }> {
    requests += 1;
    let status = 0;
    let body = "";
    try {
      const reply = await fetch(`${pick(apiUrls)}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
      status = reply.status;
      body = await reply.text();
    } catch {
      // No answer at all counts with the 5xx.
    }
    if (status === 0 || status >= 500) serverErrors += 1;
    const counts = byKind[kind] ?? {};
    byKind[kind] = counts;
    counts[status] = (counts[status] ?? 0) + 1;
    return { status, body };
  }

  const actions: { weight: number; run(): Promise<void> }[] = [
    {
      weight: 60,
      async run() {
        const user = pick(investors);
        const path = pick([
          "/api/invoices",
          "/api/leaderboard",
          "/api/stats",
          "/api/crops",
          "/api/user/profile",
        ]);
        await call("read", path, { headers: { cookie: user.cookie } });
      },
    },
    {
      weight: 20,
      async run() {
        const user = pick(investors);
        const held = [...(crops.get(user.key) ?? [])];
        if (held.length === 0) return;
        const reply = await call("water", "/api/game/water", {
          method: "POST",
          headers: { cookie: user.cookie, origin, "content-type": "application/json" },
          body: JSON.stringify({ cropId: pick(held).toString() }),
        });
        if (reply.status === 200) done.waterings += 1;
      },
    },
    {
      weight: 12,
      async run() {
        const n = Math.floor(random() * investors.length);
        investors[n]!.cookie = await options.signIn(investors[n]!.key, n);
        requests += 2;
        done.signIns += 1;
      },
    },
    {
      weight: 4,
      async run() {
        const farmer = pick(farmers);
        const form = invoiceForm(`SOAK-${randomBytes(6).toString("hex")}`);
        const since = era;
        const reply = await call("submit", "/api/invoices", {
          method: "POST",
          headers: {
            cookie: farmer.cookie,
            origin,
            "content-type": form.contentType,
            "idempotency-key": randomBytes(8).toString("hex"),
          },
          body: form.body,
        });
        if (reply.status !== 201) {
          // A 422 CHAIN_REFUSED is a submission whose deadline the chain actor's 61-day jump overtook mid-flight.
          if (process.env.SOAK_DEBUG) process.stderr.write(`submit ${reply.status} ${reply.body}\n`);
          return;
        }
        done.submissions += 1;
        submitted.push({
          tokenId: BigInt((JSON.parse(reply.body) as { tokenId: string }).tokenId),
          era: since,
        });
      },
    },
  ];
  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  const nextAction = () => {
    let draw = random() * totalWeight;
    for (const action of actions) {
      draw -= action.weight;
      if (draw < 0) return action;
    }
    return actions[0]!;
  };

  async function worker(until: number) {
    while (Date.now() < until) {
      await nextAction().run();
      await sleep(10);
    }
  }

  /** Fund the newest invoice submitted since the last time jump, let it be watered, repay it, mature it, harvest. */
  async function chainActor(until: number) {
    let round = 0;
    while (Date.now() < until) {
      const next = submitted.filter((entry) => entry.era === era).pop();
      submitted.length = 0;
      if (!next) {
        await sleep(200);
        continue;
      }
      await chain.approve(next.tokenId);
      const funders = [0, 1, 2].map((i) => investors[(round * 3 + i) % investors.length]!);
      round += 1;
      for (const funder of funders) {
        await chain.invest(funder.key, next.tokenId, SHARE);
        done.investments += 1;
        crops.get(funder.key)?.add(next.tokenId);
      }
      await sleep(3_000);
      // Submissions begun before or during the jump carry a deadline the new chain time has passed: a stale era.
      era += 1;
      await chain.repayAndMature(next.tokenId, 60);
      era += 1;
      for (const funder of funders) {
        crops.get(funder.key)?.delete(next.tokenId);
        await chain.harvest(funder.key, next.tokenId);
        done.harvests += 1;
      }
    }
  }

  return {
    get requests() {
      return requests;
    },
    get serverErrors() {
      return serverErrors;
    },
    byKind,
    done,
    async run(until: number) {
      await Promise.all([chainActor(until), ...Array.from({ length: WORKERS }, () => worker(until))]);
    },
  };
}
