import { vi } from "vitest";

/** One call the page made to the API: its method, its URL and what it sent. */
export interface ApiCall {
  method: string;
  url: string;
  init: RequestInit | undefined;
}

/**
 * Stubs `fetch` for a component test: calls to the API (`/api/...`) get `answer`'s response and are recorded in order;
 * anything else fails as the unreachable test chain does (http://127.0.0.1:1). A worker's jsdom files share one window
 * (isolate: false), so a chain read an earlier file left retrying may call `fetch` during this test: it is neither
 * answered as the API nor counted among the page's calls.
 */
export function stubApi(
  answer: (url: string, init?: RequestInit) => Response | Promise<Response>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith("/api/")) throw new TypeError(`fetch failed: ${url} is not the API`);
    calls.push({ method: init?.method ?? "GET", url, init });
    return answer(url, init);
  });
  return calls;
}
