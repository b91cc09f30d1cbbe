import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { DevAccountPicker } from "./DevAccountPicker";

afterEach(cleanup);

const optionText = (index: number) =>
  screen.getByTestId("dev-account").querySelector(`option[value="${index}"]`)?.textContent ?? "";

describe("the dev account picker", () => {
  it("gives each account its true role: the fresh accounts and the buyer's are not called investors", () => {
    localStorage.setItem("farm.language", "en");
    render(
      <I18nProvider dictionaries={{ en: {}, id: {} }}>
        <DevAccountPicker value={0} onChange={() => {}} />
      </I18nProvider>,
    );
    expect(optionText(0)).toMatch(/^#0 admin /);
    expect(optionText(2)).toMatch(/^#2 demo farmer /);
    expect(optionText(3)).toMatch(/^#3 demo investor /);
    expect(optionText(5)).toMatch(/^#5 new farmer or investor /);
    expect(optionText(10)).toMatch(/^#10 buyer /);
  });
});
