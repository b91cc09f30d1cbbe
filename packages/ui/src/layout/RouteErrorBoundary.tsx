import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useT } from "../i18n/I18nProvider";
import { Notice } from "./Notice";

/**
 * A chunk that can no longer be fetched: the page was open across a deploy (the old file names are gone) or the
 * network dropped while a route loaded. Reloading brings the new build; the message says so.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  );
}

function RouteErrorNotice({ error }: { error: unknown }) {
  const t = useT();
  return (
    <Notice tone="error" testId="route-error">
      <p>
        <strong>{t("route.failed")}</strong>
      </p>
      <p>{isChunkLoadError(error) ? t("route.chunkFailed") : t("route.failedWhat")}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("route.reload")}
        </button>{" "}
        <a href="/">{t("route.home")}</a>
      </p>
    </Notice>
  );
}

interface BoundaryProps {
  /** The page's path: going to another page clears the error, so one broken page does not stop the app. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error("unknown render error") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The console is what a support engineer (or a journey's trace) reads; the page shows words, not the stack.
    console.error("a page failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorNotice error={this.state.error} /> : this.props.children;
  }
}

/**
 * Around a route's content: a page that throws while rendering (or whose code cannot be loaded) shows what happened
 * and a reload button inside the app's shell, instead of React unmounting the whole app to a blank screen.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
