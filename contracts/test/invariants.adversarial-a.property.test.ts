import { describeAdversarialRuns } from "./support/adversarial";

// Half of the adversarial sequences (FARM_ADVERSARIAL_RUNS, 1,000 by default); the other file runs the other half in
// parallel on its own chain. The sequences, the model and the invariants are in ./support/adversarial.ts.
const RUNS = Number(process.env.FARM_ADVERSARIAL_RUNS ?? 1_000);

describeAdversarialRuns("first half", Math.ceil(RUNS / 2), 20_261_126);
