// Loaded into each backend of the soak (node --import): once a second it appends the process's resident memory and
// the event-loop delay of that second to SOAK_PROBE_FILE, so the soak reads both without touching the backend's code.
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const sample = {
      at: Date.now(),
      rssMb: process.memoryUsage.rss() / 1024 / 1024,
      p99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
    };
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
    delay.reset();
  }, 1000).unref();
}
