import { cleanup, configure } from "@testing-library/react";

// Runs before each test file of the jsdom projects (ui and both apps). Their files share a worker's modules and its
// jsdom window (isolate: false), so each starts as a fresh page would: nothing rendered, empty storage (the language,
// the dev wallet's account and wagmi's last connection live there), the document's language unset.
cleanup();
document.body.innerHTML = "";
document.documentElement.removeAttribute("lang");
localStorage.clear();
sessionStorage.clear();

// findBy and waitFor wait up to 5 s (the library's default is 1 s): on the 2-core CI machine, running the suites side
// by side, a lazy page was once still "Loading…" after 1 s. A screen that never shows what is awaited still fails.
configure({ asyncUtilTimeout: 5_000 });
