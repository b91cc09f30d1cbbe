import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormField } from "./FormField";

describe("FormField", () => {
  afterEach(cleanup);

  it("labels the control and ties its error text to it through aria", () => {
    render(
      <FormField id="nik" label="NIK" error="NIK has 16 digits" hint="On your KTP" required>
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText(/NIK/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      "On your KTP",
      "NIK has 16 digits",
    ]);
  });

  it("marks a valid control as not invalid and shows no error", () => {
    render(
      <FormField id="name" label="Full name">
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("false");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
