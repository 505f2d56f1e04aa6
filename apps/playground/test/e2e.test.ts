// The page in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core), against the real server, the real MCP servers and a local
// fake OpenAI server. Screenshots go to screenshots/ (git-ignored).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec } from "../src/server/server-spec";
import { UNKNOWN_MODEL } from "./fake-openai";
import { startTestPlayground } from "./start-test-playground";
import type { TestPlayground } from "./start-test-playground";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOTS = fileURLToPath(new URL("../screenshots/", import.meta.url));

let pageDir: string;
let test: TestPlayground;
let playground: Playground;
let browser: Browser;
let page: Page;

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  pageDir = mkdtempSync(join(tmpdir(), "x-playground-page-"));
  await build({ configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)), logLevel: "silent", build: { outDir: pageDir } });
  [test, browser] = await Promise.all([
    startTestPlayground({ apiKey: "sk-test-e2e", pageDir }),
    chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    }),
  ]);
  playground = test.playground;
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
  if (pageDir !== undefined) rmSync(pageDir, { recursive: true, force: true });
});

describe("the playground page in Chromium", () => {
  it("loads, lists the tools of both servers, says which server failed, and drops the token from the address bar", async () => {
    await page.goto(playground.url);
    await page.locator('[data-tool="demo__search_books"]').waitFor();
    await expect(page.locator('[data-tool="everything__echo"]').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-tool="everything__get-tiny-image"]').count()).resolves.toBe(1);
    const broken = await page.getByTestId("server-error-broken").textContent();
    expect(broken).toContain("command not found");
    expect(broken).toContain("x-playground-no-such-command --token [hidden] (not shown: env API_TOKEN)");
    await expect(page.getByTestId("server-demo").textContent()).resolves.toContain("9 tools");
    expect(page.url()).not.toContain("token");
    await shot("01-tools");
  });

  it("shows a fallback tool's schema path and keyword", async () => {
    await page.locator('[data-tool="demo__draw_shape"]').click();
    await expect(page.getByTestId("report-keyword").textContent()).resolves.toBe("oneOf");
    await expect(page.getByTestId("report-path").textContent()).resolves.toContain("/properties/shape");
    await expect(page.getByTestId("schema-responses").textContent()).resolves.toContain('"strict": false');
    await shot("02-fallback");
    await page.getByTestId("strict-true").click();
    await page.locator('[data-tool="demo__draw_shape"]').click();
    await expect(page.getByTestId("report").textContent()).resolves.toContain("Left out");
    await shot("02b-left-out");
    await page.getByTestId("strict-auto").click();
    await page.locator('[data-tool^="demo__weather_forecast"]').click();
    await expect(page.getByTestId("renamed").textContent()).resolves.not.toBe("");
    await shot("03b-renamed");
    await page.locator('[data-tool="demo__create_event"]').click();
    await expect(page.getByTestId("null-paths").textContent()).resolves.toContain("attendees[].name");
    await shot("03-strict-tool");
  });

  it("runs a call with an omitted optional argument: null from the model, absent on the server", async () => {
    await page.getByTestId("tab-run").click();
    await page.getByTestId("tool-select").selectOption("demo__search_books");
    const args = page.getByTestId("arguments");
    await expect(args.inputValue()).resolves.toContain('"genre": null');
    await args.fill(JSON.stringify({ query: "the", genre: null, max_results: 3, sort: "newest" }, null, 2));
    await page.getByTestId("call").click();
    await page.getByTestId("run-result").waitFor();
    await expect(page.getByTestId("model-arguments").textContent()).resolves.toContain('"genre": null');
    const sent = await page.getByTestId("sent").textContent();
    expect(sent).toContain('"query": "the"');
    expect(sent).not.toContain("genre");
    await expect(page.getByTestId("removed-nulls").textContent()).resolves.toContain("genre");
    await expect(page.getByTestId("events").textContent()).resolves.toContain("tool-call-end");
    await shot("04-run");
  });

  it("renders the image output as an <img> for Responses and as a placeholder for Chat", async () => {
    await page.getByTestId("tool-select").selectOption("demo__plot_bars");
    await page.getByTestId("call").click();
    const image = page.getByTestId("image-responses");
    await image.waitFor();
    await expect(image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId("preview-chat").textContent()).resolves.toMatch(/\[image: image\/png, \d+ bytes\]/);
    await expect(page.getByTestId("preview-chat").locator("img").count()).resolves.toBe(0);
    await shot("05-image");
  });

  it("shows a tool that reports an error, and a call the executor rejects", async () => {
    await page.getByTestId("tool-select").selectOption("demo__divide");
    await page.getByTestId("arguments").fill('{"dividend": 1, "divisor": 0}');
    await page.getByTestId("call").click();
    await page.getByTestId("tool-error").waitFor();
    await expect(page.getByTestId("output-chat").textContent()).resolves.toContain("Error: Cannot divide 1 by zero");
    await shot("06-tool-error");
    await page.getByTestId("arguments").fill('{"dividend": 1,');
    await page.getByTestId("call").click();
    await expect(page.getByTestId("rejected").textContent()).resolves.toContain("arguments-not-json");
  });

  it("says why a tool falls back, and shows a slow tool's progress events in the telemetry", async () => {
    await page.getByTestId("tool-select").selectOption("demo__draw_shape");
    await expect(page.getByTestId("tool-info").textContent()).resolves.toContain("strict: false: its schema has no strict form (oneOf at /properties/shape)");
    await page.getByTestId("tool-select").selectOption("demo__slow_count");
    await page.getByTestId("arguments").fill('{"to": 3, "delay_ms": 10}');
    await page.getByTestId("call").click();
    // The SDK may drop the last report, racing the result: at least the first arrives.
    await expect(page.getByTestId("events").textContent()).resolves.toContain("demo__slow_count: progress 1 of 3");
    await shot("06b-progress");
  });

  it.each(["responses", "chat"] as const)("completes a two-turn conversation with the model (%s)", async (api) => {
    await page.getByTestId("tab-chat").click();
    // The demo tool that fetches URLs is not offered to the model, and the page says so.
    await expect(page.getByTestId("withheld-tools").textContent()).resolves.toContain("everything__gzip-file-as-resource");
    await page.getByTestId("chat-api").selectOption(api);
    await page.getByTestId("message").fill("What is 84 divided by 2?");
    await page.getByTestId("send").click();
    const second = page.getByTestId("turn-2");
    await second.waitFor();
    await expect(second.textContent()).resolves.toContain("The tool said: 42");
    await expect(page.getByTestId("turn-1").textContent()).resolves.toContain("demo__divide");
    await shot(`07-conversation-${api}`);
  });

  it("shows a model error", async () => {
    await page.getByTestId("model").fill(UNKNOWN_MODEL);
    await page.getByTestId("message").fill("Hello?");
    await page.getByTestId("send").click();
    const error = page.getByTestId("model-error");
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain("HTTP 404");
    await shot("08-model-error");
  });

  it("without a key, says how to start a conversation, and the Run view still works", async () => {
    const keyless = await startPlayground({ servers: [demoServerSpec()], port: 0, logger: silentLogger, pageDir });
    try {
      const other = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await other.goto(keyless.url);
      await other.getByTestId("tab-chat").click();
      await expect(other.getByTestId("no-key").textContent()).resolves.toContain("OPENAI_API_KEY");
      await expect(other.getByTestId("openai-status").textContent()).resolves.toContain("no key");
      await other.screenshot({ path: join(SCREENSHOTS, "09-no-key.png"), fullPage: true });
      await other.getByTestId("tab-run").click();
      await other.getByTestId("tool-select").selectOption("demo__divide");
      await other.getByTestId("arguments").fill('{"dividend": 10, "divisor": 4}');
      await other.getByTestId("call").click();
      await expect(other.getByTestId("output-chat").textContent()).resolves.toContain("2.5");
      await other.close();
    } finally {
      await keyless.close();
    }
  });
});
