import { AppProviders, createQueryClient, LazyWalletProvider } from "@farm/ui";
import { lazy } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import HomePage from "./home/HomePage";
import { dictionaries } from "./i18n/dictionaries";
import { AppShell } from "./layout/AppShell";
import ShopPage from "./shop/ShopPage";
import { investorDevAccountIndex } from "./wallet/investor-dev-account";

// The shell (navigation, the wallet menu) is shared by every route. The home page and the shop, where visitors land,
// come with the entry: a lazy chunk would be one more round trip (562 ms at Lighthouse's adjusted latency) before
// their content paints. The other routes are their own chunks. The wallet code loads only when needed
// (LazyWalletProvider), so a signed-out visitor's first page carries none of it.
const FarmPage = lazy(() => import("./garden/FarmPage"));
const LeaderboardPage = lazy(() => import("./leaderboard/LeaderboardPage"));
const ProfilePage = lazy(() => import("./profile/ProfilePage"));
const NotFoundPage = lazy(() => import("./layout/NotFoundPage"));
const GalleryPage = lazy(() => import("./garden/GalleryPage"));
const InboxPage = lazy(() => import("./inbox/InboxPage"));
const FactSheetPage = lazy(() => import("./seeds/FactSheetPage"));
const VerifyPage = lazy(() => import("./verify/VerifyPage"));
const MarketPage = lazy(() => import("./market/MarketPage"));
const AlmanacPage = lazy(() => import("./almanac/AlmanacPage"));
const NeighboursPage = lazy(() => import("./neighbours/NeighboursPage"));
const PublicGardenPage = lazy(() => import("./neighbours/PublicGardenPage"));

const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient} dictionaries={dictionaries}>
      <LazyWalletProvider defaultDevAccountIndex={investorDevAccountIndex}>
        <BrowserRouter>
          <Routes>
            <Route element={<AppShell />}>
              <Route index element={<HomePage />} />
              <Route path="shop" element={<ShopPage />} />
              <Route path="seeds/:tokenId" element={<FactSheetPage />} />
              <Route path="farm" element={<FarmPage />} />
              <Route path="market" element={<MarketPage />} />
              <Route path="leaderboard" element={<LeaderboardPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="almanac" element={<AlmanacPage />} />
              <Route path="gallery" element={<GalleryPage />} />
              <Route path="inbox" element={<InboxPage />} />
              <Route path="verify" element={<VerifyPage />} />
              <Route path="neighbours" element={<NeighboursPage />} />
              <Route path="gardens/:slug" element={<PublicGardenPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </BrowserRouter>
      </LazyWalletProvider>
    </AppProviders>
  );
}
