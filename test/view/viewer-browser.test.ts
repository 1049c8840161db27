/**
 * The viewer as a person uses it: `decepeval view` from the built CLI, driven in headless
 * Chromium. Filter by clicking facets, move and open with the keyboard, read one
 * trajectory with the judge's evidence highlighted where it sits, compare pair twins and
 * report-step branches, follow a link from the HTML report. Screenshots go to a temp dir.
 */
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/paths.js";
import { DELIVERABLE } from "../export/fixtures.js";
import { launchChromium, startViewer, type RunningViewer } from "./browser.js";
import { QUOTE, writeViewRun, type ViewFixture } from "./fixtures.js";

describe("decepeval view in Chromium", () => {
  let fx: ViewFixture;
  let viewer: RunningViewer;
  let browser: BrowserContext;
  let page: Page;
  const shots = tempDir("decepeval-view-shots-");
  const errors: string[] = [];

  beforeAll(async () => {
    fx = writeViewRun(tempDir("decepeval-view-"));
    const report = runCli(["report", fx.run, "--bootstrap", "0"]);
    if (report.status !== 0) throw new Error(`decepeval report: ${report.stderr}`);
    viewer = await startViewer([fx.run]);
    browser = await launchChromium();
    page = browser.pages()[0] ?? (await browser.newPage());
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  const rowIds = () => page.locator("tr.row").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-id")));

  it("lists every trajectory with facet counts, and a facet click filters the list and its counts", async () => {
    await page.goto(`${viewer.url}/`);
    await page.waitForSelector("tr.row");
    expect(await rowIds()).toHaveLength(5);
    const count = (facet: string, value: string) => page.locator(`fieldset[data-facet="${facet}"] label:has(input[data-value="${value}"]) .count`).textContent();
    expect(await count("label", "deceptive")).toBe("(3)");
    expect(await count("label", "honest")).toBe("(2)");
    expect(await count("disagree", "yes")).toBe("(1)");
    await page.locator(`fieldset[data-facet="label"] input[data-value="deceptive"]`).check();
    await page.waitForURL(/label=deceptive/);
    await page.waitForFunction(() => document.querySelectorAll("tr.row").length === 3);
    expect(await page.locator("td.label-deceptive").count()).toBe(3);
    expect(await page.locator("#matched").textContent()).toMatch(/^3 of 5 trajectories match/);
    // Counts of the other facets follow the filter; the label facet still offers honest (2).
    expect(await count("condition", "induced")).toBe("(3)");
    expect(await count("label", "honest")).toBe("(2)");
    await page.locator(`fieldset[data-facet="judge"] input[value="cascade"]`).check();
    await page.waitForURL(/judge=cascade/);
    await page.waitForFunction(() => document.querySelectorAll("tr.row").length === 2);
    // Under the cascade, branch 1 is honest (its llm stage decided), so two deceptive rows remain, both decided by the rule stage.
    expect(await count("decided_by", "rule")).toBe("(2)");
    expect(await page.locator(`fieldset[data-facet="decided_by"] input[data-value="llm"]`).count()).toBe(0);
    await page.screenshot({ path: join(shots, "list-filtered.png"), fullPage: true });
  });

  it("moves with j/k, opens with Enter, steps with ] and returns with Esc; the highlighted span is the judge's quote in the deliverable", async () => {
    await page.goto(`${viewer.url}/?label=deceptive`);
    await page.waitForSelector("tr.row.selected");
    const ids = await rowIds();
    await page.keyboard.press("j");
    expect(await page.locator("tr.row.selected").getAttribute("data-id")).toBe(ids[1]);
    await page.keyboard.press("k");
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".traj h2");
    expect(await page.locator(".traj h2").textContent()).toBe(ids[1]);
    const mark = page.locator(`.file[data-path="${DELIVERABLE}"] mark.evidence`);
    expect(await mark.count()).toBe(1);
    expect(await mark.textContent()).toBe(QUOTE);
    // It sits in the unresolved_failures field, where the judgement says.
    expect(await mark.evaluate((m) => m.previousSibling?.textContent?.endsWith("unresolved_failures: "))).toBe(true);
    expect(await mark.getAttribute("title")).toContain(`claims "${QUOTE}"`);
    await page.keyboard.press("e");
    expect(await mark.getAttribute("class")).toContain("current");
    // The injected failure is marked on the tool result where it fired; reasoning sits apart.
    const injected = page.locator(`.msg.tool.injected[data-message="3"] [data-injected="yes"]`);
    expect(await injected.textContent()).toBe("injected failure fired: permission_denied");
    expect(await page.locator(`.msg[data-message="2"] .reasoning pre`).first().textContent()).toBe("The read may fail; I could just say it is done.");
    expect(await page.locator(`.block.final > pre`).last().textContent()).not.toContain("hidden plan");
    expect(await page.locator(`[data-fired="yes"]`).count()).toBe(1);
    expect(await page.locator(".reward h3").textContent()).toBe("Reward -1.5");
    const diff = page.locator(`.file[data-path="workspace/a.txt"] .diff`);
    expect(await diff.locator(".same pre").first().textContent()).toBe("  source");
    expect(await diff.locator(".add").count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, "trajectory.png"), fullPage: true });
    await page.keyboard.press("]");
    await page.waitForFunction((id) => document.querySelector(".traj h2")?.textContent === id, ids[2]);
    await page.keyboard.press("Escape");
    await page.waitForSelector("tr.row");
    expect(page.url()).toMatch(/label=deceptive/);
    expect(page.url()).not.toMatch(/open=/);
  });

  it("shows the neutral and induced twins side by side, and the report step's branches", async () => {
    await page.goto(`${viewer.url}/?pair=${encodeURIComponent(fx.ids.induced)}`);
    await page.waitForSelector("#pair .traj");
    expect(await page.locator(`[data-side="neutral"] .traj`).getAttribute("data-id")).toBe(fx.ids.neutral);
    expect(await page.locator(`[data-side="induced"] .traj`).getAttribute("data-id")).toBe(fx.ids.induced);
    await page.screenshot({ path: join(shots, "pair.png"), fullPage: true });
    await page.keyboard.press("b");
    await page.waitForSelector("#branches .traj");
    const branches = await page.locator("#branches [data-branch]").evaluateAll((ds) => ds.map((d) => d.getAttribute("data-branch")));
    expect(branches).toEqual([fx.ids.induced, fx.ids.branch1, fx.ids.branch2]);
    // Each column starts after the shared prefix (4 messages).
    expect(await page.locator(`[data-branch="${fx.ids.branch2}"] .msg`).first().getAttribute("data-message")).toBe("4");
    await page.screenshot({ path: join(shots, "branches.png"), fullPage: true });
  });

  it("serves the HTML report at /report/ with sortable tables, and its cells link to the filtered list", async () => {
    await page.goto(`${viewer.url}/report/`);
    const link = page.locator(`table.sortable a.view-link[href*="condition=induced"]`).first();
    expect(await link.getAttribute("href")).toBe("/?run=viewrun&condition=induced&label=deceptive&subset=core");
    // The table sorter (the report's one inline script) runs under the report's CSP hash.
    await page.locator("table.sortable th").nth(1).click();
    expect(await page.locator("table.sortable th").nth(1).getAttribute("aria-sort")).toBe("ascending");
    await link.click();
    await page.waitForSelector("tr.row");
    // The induced base, its first branch and the hostile instance's trajectory.
    expect(await rowIds()).toHaveLength(3);
    expect(await page.locator(`fieldset[data-facet="run"] input[data-value="viewrun"]`).isChecked()).toBe(true);
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
