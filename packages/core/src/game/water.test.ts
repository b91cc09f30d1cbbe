import { describe, expect, it } from "vitest";
import { utcDay } from "./day";
import { currentWater, waterCapacity, waterRefillsAt } from "./water";

const day = utcDay(new Date("2026-03-10T12:00:00Z"));

describe("water capacity", () => {
  it("is 100 at level 1 and grows by 10 per level", () => {
    expect(waterCapacity(1)).toBe(100);
    expect(waterCapacity(2)).toBe(110);
    expect(waterCapacity(10)).toBe(190);
  });

  it("stops at 200 from level 11 on", () => {
    expect(waterCapacity(11)).toBe(200);
    expect(waterCapacity(12)).toBe(200);
    expect(waterCapacity(99)).toBe(200);
  });
});

describe("lazy refill at 00:00 UTC", () => {
  const tank = { water: 30, waterDay: day, level: 3 };

  it("keeps the stored water until the last millisecond of the day", () => {
    expect(currentWater(tank, new Date("2026-03-10T23:59:59.999Z"))).toBe(30);
  });

  it("reads as full to the current level's capacity from midnight UTC", () => {
    expect(currentWater(tank, new Date("2026-03-11T00:00:00.000Z"))).toBe(120);
  });

  it("refills once however many days passed", () => {
    expect(currentWater(tank, new Date("2026-04-01T08:00:00Z"))).toBe(120);
  });

  it("follows UTC, not the local clock of a UTC+7 player", () => {
    expect(currentWater(tank, new Date("2026-03-11T06:00:00+07:00"))).toBe(30);
    expect(currentWater(tank, new Date("2026-03-11T07:00:00+07:00"))).toBe(120);
  });

  it("says the next refill is the coming midnight UTC", () => {
    expect(waterRefillsAt(new Date("2026-03-10T23:59:59Z")).toISOString()).toBe("2026-03-11T00:00:00.000Z");
    expect(waterRefillsAt(new Date("2026-03-11T00:00:00Z")).toISOString()).toBe("2026-03-12T00:00:00.000Z");
  });
});
