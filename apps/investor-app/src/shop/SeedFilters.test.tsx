import { ONE_GOLD } from "@farm/core";
import { LanguageSwitch, readGoldInput } from "@farm/ui";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { SeedFilters } from "./SeedFilters";
import { defaultSeedFilter } from "./seed-filters";

afterEach(cleanup);

describe("seed filter controls", () => {
  it("reports the chosen sort, minimum yield and longest term", () => {
    const onChange = vi.fn();
    renderWithI18n(<SeedFilters filter={defaultSeedFilter} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "term" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...defaultSeedFilter, sort: "term" });
    fireEvent.change(screen.getByLabelText("Term yield"), { target: { value: "500" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...defaultSeedFilter, minYieldBps: 500 });
    fireEvent.change(screen.getByLabelText("Term"), { target: { value: "90" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...defaultSeedFilter, maxTenorDays: 90 });
  });

  it("turns a typed GOLD amount into base units and ignores half-typed text", () => {
    const onChange = vi.fn();
    renderWithI18n(<SeedFilters filter={defaultSeedFilter} onChange={onChange} />);
    const minLeft = screen.getByLabelText("At least GOLD left");
    fireEvent.change(minLeft, { target: { value: "12.5" } });
    expect(onChange).toHaveBeenLastCalledWith({
      ...defaultSeedFilter,
      minAmountLeft: 12n * ONE_GOLD + ONE_GOLD / 2n,
    });
    onChange.mockClear();
    fireEvent.change(minLeft, { target: { value: "12." } });
    expect(onChange).not.toHaveBeenCalled();
  });

  it("reads the amount in the page's language: 1.000 is a thousand GOLD on an Indonesian page", () => {
    const onChange = vi.fn();
    renderWithI18n(<SeedFilters filter={defaultSeedFilter} onChange={onChange} />, "id");
    fireEvent.change(screen.getByLabelText("Sisa GOLD minimal"), { target: { value: "1.000" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...defaultSeedFilter, minAmountLeft: 1000n * ONE_GOLD });
    // Rupiah at the test deployment's Rp16.000 per GOLD: Rp1.600.000 is 100 GOLD.
    fireEvent.change(screen.getByLabelText("Sisa GOLD minimal"), { target: { value: "Rp1.600.000" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...defaultSeedFilter, minAmountLeft: 100n * ONE_GOLD });
  });

  it("keeps a typed amount's quantity when the language is switched: 2.125 GOLD filters as 2,125 GOLD", () => {
    const onChange = vi.fn();
    renderWithI18n(
      <>
        <LanguageSwitch />
        <SeedFilters filter={defaultSeedFilter} onChange={onChange} />
      </>,
    );
    fireEvent.change(screen.getByLabelText("At least GOLD left"), { target: { value: "2.125" } });
    const filtered = { ...defaultSeedFilter, minAmountLeft: (2125n * ONE_GOLD) / 1000n };
    expect(onChange).toHaveBeenLastCalledWith(filtered);
    act(() => {
      fireEvent.change(screen.getByTestId("language-switch"), { target: { value: "id" } });
    });
    const shown = (screen.getByLabelText("Sisa GOLD minimal") as HTMLInputElement).value;
    expect(shown).toBe("2,125");
    expect(readGoldInput(shown, "id")).toEqual({ ok: true, amount: filtered.minAmountLeft });
    expect(onChange).toHaveBeenCalledTimes(1);
    // Typed on again in Indonesian, it is read in Indonesian.
    fireEvent.change(screen.getByLabelText("Sisa GOLD minimal"), { target: { value: "2,5" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...defaultSeedFilter, minAmountLeft: (5n * ONE_GOLD) / 2n });
  });
});
