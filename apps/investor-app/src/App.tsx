import { createQueryClient, I18nProvider, LazyWalletProvider, ToastProvider } from "@farm/ui";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { dictionaries } from "./i18n/dictionaries";
import { AppShell } from "./layout/AppShell";
import { investorDevAccountIndex } from "./wallet/investor-dev-account";

// Each route is its own chunk; the shell (navigation, the wallet menu) is shared by all of them. The wallet code
// itself loads only when needed (LazyWalletProvider), so a signed-out visitor's first page carries none of it.
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
          <LazyWalletProvider defaultDevAccountIndex={investorDevAccountIndex}>
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
          </LazyWalletProvider>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
