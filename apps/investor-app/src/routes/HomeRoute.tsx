import { useSession, useT } from "@farm/ui";
import { GameStatePanel } from "../game/GameStatePanel";
import { PlayerSummary } from "../game/PlayerSummary";
import { ActiveCrops } from "../home/ActiveCrops";
import { FeaturedSeeds } from "../home/FeaturedSeeds";

export default function HomeRoute() {
  const t = useT();
  const { session } = useSession();
  return (
    <section aria-labelledby="home-title" className="stack">
      <h1 id="home-title">{t("home.title")}</h1>
      {session ? (
        <>
          <PlayerSummary />
          <GameStatePanel compact />
          <ActiveCrops />
        </>
      ) : (
        <div className="card">
          <p>{t("home.welcome")}</p>
          <p className="muted">{t("signIn.needed")}</p>
        </div>
      )}
      <FeaturedSeeds />
    </section>
  );
}
