import { createQueryClient, I18nProvider, ToastProvider } from "@farm/ui";
import { WalletProvider } from "@farm/ui/wallet";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { dictionaries } from "./i18n/dictionaries";
import { AppShell } from "./layout/AppShell";
import { investorDevAccountIndex } from "./wallet/investor-dev-account";

// Each route is its own chunk; the shell (wallet, balance, navigation) is shared by all of them.
const HomeRoute = lazy(() => import("./routes/HomeRoute"));
const ShopRoute = lazy(() => import("./routes/ShopRoute"));
const FarmRoute = lazy(() => import("./routes/FarmRoute"));
const LeaderboardRoute = lazy(() => import("./routes/LeaderboardRoute"));
const ProfileRoute = lazy(() => import("./routes/ProfileRoute"));
const NotFoundRoute = lazy(() => import("./routes/NotFoundRoute"));
const GalleryRoute = lazy(() => import("./routes/GalleryRoute"));

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider dictionaries={dictionaries}>
        <ToastProvider>
          <WalletProvider defaultDevAccountIndex={investorDevAccountIndex}>
            <BrowserRouter>
              <Routes>
                <Route element={<AppShell />}>
                  <Route index element={<HomeRoute />} />
                  <Route path="shop" element={<ShopRoute />} />
                  <Route path="farm" element={<FarmRoute />} />
                  <Route path="leaderboard" element={<LeaderboardRoute />} />
                  <Route path="profile" element={<ProfileRoute />} />
                  <Route path="gallery" element={<GalleryRoute />} />
                  <Route path="*" element={<NotFoundRoute />} />
                </Route>
              </Routes>
            </BrowserRouter>
          </WalletProvider>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
