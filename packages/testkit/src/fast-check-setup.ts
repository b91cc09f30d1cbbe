// Vitest setupFiles entry of the projects with property tests: the same draw on every machine and day.
import { fixPropertyDraw } from "./fast-check-seed";

fixPropertyDraw();
