import { PlatformRecordPanel, useSession, useT, WhenWallet } from "@farm/ui";
import { lazy, Suspense } from "react";
import { GameStatePanel } from "../game/GameStatePanel";
import { PlayerSummary } from "../game/PlayerSummary";
import { FarmGate } from "./FarmGate";
import { FeaturedSeeds } from "./FeaturedSeeds";

// The crops read the chain, so they come with the wallet code (a session asks for it) rather than with the page.
const ActiveCrops = lazy(() => import("./ActiveCrops").then((module) => ({ default: module.ActiveCrops })));

export default function HomePage() {
  const t = useT();
  const { session } = useSession();
  return (
    <section aria-labelledby="home-title" className="stack">
      <FarmGate title={t("home.title")} titleId="home-title" />
      {session ? (
        <>
          <PlayerSummary />
          <GameStatePanel compact />
          <WhenWallet>
            <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
              <ActiveCrops />
            </Suspense>
          </WhenWallet>
        </>
      ) : (
        <div className="card">
          <p>{t("home.welcome")}</p>
          <p className="muted">{t("signIn.needed")}</p>
        </div>
      )}
      <div className="money stack" data-theme="trust">
        <PlatformRecordPanel />
        <FeaturedSeeds />
      </div>
    </section>
  );
}
