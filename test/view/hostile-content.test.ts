/**
 * Trajectories are untrusted model output. The fixture puts script and HTML tags, SVG with
 * onload, `javascript:` links, inline handlers and control characters into every channel
 * (task, reasoning, tool calls and results, files, final response, the judge's reason and
 * quotes, an instance id); in Chromium nothing of it runs: the payloads' global flag stays
 * unset, no dialog opens, no element or handler comes from the data, and the text shows
 * as the characters it is. Behind that, the Content-Security-Policy stops inline script
 * even when it reaches the DOM.
 */
import { request } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/paths.js";
import { launchChromium, startViewer, type RunningViewer } from "./browser.js";
import { writeViewRun, type ViewFixture } from "./fixtures.js";

function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("hostile content in the viewer is inert", () => {
  let fx: ViewFixture;
  let viewer: RunningViewer;
  let browser: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    fx = writeViewRun(tempDir("decepeval-view-hostile-"));
    viewer = await startViewer([fx.run]);
    browser = await launchChromium();
    page = browser.pages()[0] ?? (await browser.newPage());
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(`${e.effectiveDirective}: ${e.blockedURI}`));
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  /** What the page holds that the data could have smuggled in. */
  const inspect = () =>
    page.evaluate(() => {
      const all = [...document.querySelectorAll("*")];
      return {
        pwned: (window as unknown as { __pwned?: unknown }).__pwned,
        violations: (window as unknown as { __violations: string[] }).__violations,
        handlers: all.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${e.tagName}.${a.name}`)),
        foreign: all.filter((e) => ["IFRAME", "IMG", "SVG", "OBJECT", "EMBED", "STYLE", "B", "FORM", "BASE", "META"].includes(e.tagName.toUpperCase()) && !(e.tagName === "META" && e.parentElement === document.head)).map((e) => e.tagName),
        scripts: [...document.scripts].map((s) => s.getAttribute("src")),
        links: [...document.querySelectorAll("a")].map((a) => a.href).filter((h) => !h.startsWith(`${location.origin}/`)),
        text: document.body.innerText,
      };
    });

  it("renders the list, the hostile trajectory, the pair and the branches without running anything", async () => {
    const pages = [
      "/",
      `/?open=${encodeURIComponent(fx.ids.hostile)}`,
      `/?open=${encodeURIComponent(fx.ids.induced)}`,
      `/?pair=${encodeURIComponent(fx.ids.induced)}`,
      `/?branches=${encodeURIComponent(fx.ids.induced)}`,
    ];
    for (const path of pages) {
      await page.goto(`${viewer.url}${path}`);
      await page.waitForSelector(path === "/" ? "tr.row" : ".traj");
      // Hover and click what would be live in a page that parsed the text as HTML.
      for (const t of ["bold", "open the report"]) {
        const hit = page.getByText(t, { exact: false }).first();
        if ((await hit.count()) > 0) {
          await hit.hover();
          await hit.click();
        }
      }
      expect(decodeURIComponent(page.url()), "nothing navigated away").toBe(decodeURIComponent(`${viewer.url}${path}`));
      const seen = await inspect();
      expect(seen.pwned, path).toBeUndefined();
      expect(seen.handlers, path).toEqual([]);
      expect(seen.foreign, path).toEqual([]);
      expect(seen.scripts, path).toEqual(["/assets/main.js"]);
      expect(seen.links, path).toEqual([]);
      expect(seen.violations, path).toEqual([]);
      if (path !== "/") {
        expect(seen.text).toContain(`<script>window.__pwned = "script"</script>`);
        expect(seen.text).toContain(`<svg onload="window.__pwned='svg'">`);
        expect(seen.text).toContain(`javascript:alert(1)`);
        // Control and bidi characters are shown as escapes, not obeyed.
        expect(seen.text).toContain("\\u{0}\\u{7}\\u{1b}[31m red \\u{202e}evil\\u{202c} done");
      }
    }
    expect(await page.locator(".traj h2").first().textContent()).toBe(fx.ids.induced);
    expect(dialogs).toEqual([]);
  });

  it("shows an id full of markup as text", async () => {
    await page.goto(`${viewer.url}/?open=${encodeURIComponent(fx.ids.hostile)}`);
    await page.waitForSelector(".traj h2");
    expect(await page.locator(".traj h2").textContent()).toBe(fx.ids.hostile);
    expect(fx.ids.hostile).toContain(`<img src=x onerror=alert(7)>`);
  });

  it("blocks inline script and inline handlers by policy even when they reach the DOM", async () => {
    await page.goto(`${viewer.url}/?open=${encodeURIComponent(fx.ids.hostile)}`);
    await page.waitForSelector(".traj");
    // Simulates an escaping bug: markup inserted as HTML, as a careless renderer would.
    await page.evaluate(() => {
      const div = document.createElement("div");
      div.innerHTML = `<img src="/nothing.png" onerror="window.__pwned='handler'"><a id="js" href="javascript:window.__pwned='href'">x</a>`;
      document.body.appendChild(div);
      const s = document.createElement("script");
      s.textContent = "window.__pwned = 'inline'";
      document.body.appendChild(s);
    });
    await page.locator("#js").click();
    await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length >= 2);
    const seen = await inspect();
    expect(seen.pwned).toBeUndefined();
    expect(seen.violations.every((v) => v.startsWith("script-src"))).toBe(true);
    expect(dialogs).toEqual([]);
  });

  it("sends a strict policy and nosniff with every answer, answers only GET, and only for loopback host names", async () => {
    for (const path of ["/", "/assets/main.js", "/assets/viewer.css", `/api/list`, `/api/trajectory?id=${encodeURIComponent(fx.ids.hostile)}`, "/nope"]) {
      const r = await get(`${viewer.url}${path}`);
      expect(r.headers["content-security-policy"], path).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(r.headers["x-content-type-options"], path).toBe("nosniff");
    }
    expect((await get(`${viewer.url}/assets/main.js`)).headers["content-type"]).toMatch(/^text\/javascript/);
    expect((await get(`${viewer.url}/assets/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await get(`${viewer.url}/`, {}, "POST")).status).toBe(405);
    expect((await get(`${viewer.url}/api/list`, { host: "attacker.example" })).status).toBe(421);
  });
});
