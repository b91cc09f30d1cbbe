import { expect, test } from "@playwright/test";
import { layoutProblems } from "../fixtures/layout-check";

/**
 * The layout check every journey screenshot runs, on pages made for it: each kind of problem is found, and a page
 * without one passes, so a journey that passes is one the check could have failed.
 */
test.describe("the screenshots' layout check", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const page = (body: string) =>
    `<!doctype html><html><body style="margin:0;font:16px sans-serif;background:#fff">${body}</body></html>`;

  test("passes a readable page with big or well spaced targets", async ({ page: p }) => {
    await p.setContent(
      page(`<p style="color:#1c2321">Readable text, with <a href="#">a link in a sentence</a>.</p>
        <button style="width:44px;height:44px">OK</button>
        <p><a href="#" style="color:#1d5f9a">A link alone on its line, far from anything else</a></p>
        <span aria-hidden="true" style="color:#e0a526">■</span>
        <button disabled style="color:#aab3ae">Not yet</button>`),
    );
    expect(await layoutProblems(p)).toEqual([]);
  });

  test("finds text under WCAG AA contrast, on a plain or a layered background", async ({ page: p }) => {
    await p.setContent(
      page(`<p style="color:#9aa096">Pale grey on white</p>
        <div style="background:#123f1c"><span style="color:#5b6661">Grey on dark green</span></div>
        <div style="background:#2f9e44"><button style="all:unset;color:#fff;font-size:16px">White on leaf</button></div>
        <div style="background:#2f9e44"><b style="font-size:24px;color:#fff">Large white on leaf</b></div>`),
    );
    const faint = (await layoutProblems(p)).filter((problem) => problem.startsWith("faint"));
    expect(faint).toHaveLength(3);
    expect(faint.join("\n")).toContain("Pale grey on white");
    expect(faint.join("\n")).toContain("Grey on dark green");
    // 3.45:1 fails as body text and passes as large text (3:1).
    expect(faint.join("\n")).toContain("White on leaf");
  });

  test("finds small targets crowded together, not small ones with room around them", async ({ page: p }) => {
    await p.setContent(
      page(`<div><button style="all:unset;display:inline-block;width:16px;height:16px">a</button><button
        style="all:unset;display:inline-block;width:16px;height:16px">b</button></div>
        <div style="margin-top:60px"><button style="all:unset;display:inline-block;width:20px;height:40px">c</button></div>`),
    );
    const small = (await layoutProblems(p)).filter((problem) => problem.startsWith("small target"));
    expect(small).toHaveLength(2);
    expect(small.join("\n")).not.toContain('"c"');
  });

  test("finds text cut off at the viewport's edge and texts overlapping", async ({ page: p }) => {
    await p.setContent(
      page(`<p style="white-space:nowrap;margin-left:300px">This line runs past the right edge of the phone</p>
        <p><span>First</span><span style="margin-left:-30px">Second</span></p>`),
    );
    const problems = await layoutProblems(p);
    expect(problems.some((problem) => problem.startsWith("cut off"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith("overlaps"))).toBe(true);
  });
});
