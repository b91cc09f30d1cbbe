import { AppProviders, createQueryClient, RouteErrorBoundary } from "@farm/ui";
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { dictionaries } from "./i18n/dictionaries";
import { LandingPage } from "./landing/LandingPage";
import { PortalShell } from "./layout/PortalShell";
import { RouteFallback } from "./layout/RouteFallback";

// The landing page stays free of wallet code; every other route loads wagmi with its own chunk.
const WalletLayout = lazy(() => import("./layout/WalletLayout"));
const RegisterFarmPage = lazy(() => import("./registration/RegisterFarmPage"));
const InvoicesPage = lazy(() => import("./invoices/InvoicesPage"));
const AdminPage = lazy(() => import("./admin/AdminPage"));
const ConfirmPage = lazy(() => import("./confirm/ConfirmPage"));
const InboxPage = lazy(() => import("./inbox/InboxPage"));
const EmailVerifyPage = lazy(() => import("./inbox/EmailVerifyPage"));
const NotFoundPage = lazy(() => import("./layout/NotFoundPage"));

const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient} dictionaries={dictionaries}>
      <BrowserRouter>
        {/* The wallet routes have their own boundary inside the shell; this one catches their layout's chunk. */}
        <RouteErrorBoundary>
          <Suspense fallback={<RouteFallback />}>
            <Routes>
              <Route
                index
                element={
                  <PortalShell>
                    <LandingPage />
                  </PortalShell>
                }
              />
              <Route element={<WalletLayout />}>
                <Route path="register-farm" element={<RegisterFarmPage />} />
                <Route path="invoices" element={<InvoicesPage />} />
                <Route path="admin" element={<AdminPage />} />
                <Route path="confirm/:token" element={<ConfirmPage />} />
                <Route path="inbox" element={<InboxPage />} />
              </Route>
              <Route
                path="email/verify/:token"
                element={
                  <PortalShell>
                    <EmailVerifyPage />
                  </PortalShell>
                }
              />
              <Route
                path="*"
                element={
                  <PortalShell>
                    <NotFoundPage />
                  </PortalShell>
                }
              />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
