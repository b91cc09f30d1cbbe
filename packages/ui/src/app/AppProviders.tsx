import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ToastProvider } from "../design/Toasts";
import { I18nProvider } from "../i18n/I18nProvider";
import type { Dictionaries } from "../i18n/types";

/** What every page of both apps runs inside: the query cache, the app's dictionaries, and the toasts. */
export function AppProviders({
  queryClient,
  dictionaries,
  children,
}: {
  queryClient: QueryClient;
  dictionaries: Dictionaries;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider dictionaries={dictionaries}>
        <ToastProvider>{children}</ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** Renders an app into index.html's #root, in StrictMode. */
export function mountApp(app: ReactNode): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  createRoot(root).render(<StrictMode>{app}</StrictMode>);
}
