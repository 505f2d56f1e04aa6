// The page in headless Chromium (an installed Chrome or Chromium, driven by
// playwright-core: test/browser.ts), against the real server, the real MCP
// servers and a local fake OpenAI server. Screenshots go to screenshots/
// (git-ignored).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { strictSchema } from "@x/strict-schema";
import { encodeArguments } from "@x/strict-schema/encode";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolsResponse } from "../src/shared/api-types";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec } from "../src/server/server-spec";
import { buildPage, launchChromium, SCREENSHOTS } from "./browser";
import { UNKNOWN_MODEL } from "./fake-openai";
import { startTestPlayground } from "./start-test-playground";
import type { TestPlayground } from "./start-test-playground";

let built: Awaited<ReturnType<typeof buildPage>>;
let pageDir: string;
let test: TestPlayground;
let playground: Playground;
let browser: Browser;
let page: Page;

/** The tools as the API lists them under `strict`. */
async function listTools(strict: "auto" | "true"): Promise<ToolsResponse["tools"]> {
  const response = await fetch(`${playground.origin}/api/tools?strict=${strict}`, {
    headers: { authorization: `Bearer ${playground.token}` },
  });
  return ((await response.json()) as ToolsResponse).tools;
}

/**
 * How many tools there are, which `strict: true` leaves out, and how many `auto` sends as fallbacks, as the API says.
 */
async function toolCounts(): Promise<{ total: number; excluded: string[]; fallbacks: number }> {
  const [strictTrue, auto] = await Promise.all([listTools("true"), listTools("auto")]);
  return {
    total: strictTrue.length,
    excluded: strictTrue.filter((tool) => tool.strict === null).map((tool) => tool.name),
    fallbacks: auto.filter((tool) => tool.fallback !== null).length,
  };
}

/** Waits until `locator` contains `text` (the page updates after a request). */
async function shows(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor();
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  built = await buildPage();
  pageDir = built.dir;
  [test, browser] = await Promise.all([startTestPlayground({ apiKey: "sk-test-e2e", pageDir }), launchChromium()]);
  playground = test.playground;
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
  built?.remove();
});

describe("the playground page in Chromium", () => {
  it(
    "loads, lists the tools of both servers, says which server failed, and drops the token from the address " + "bar",
    async () => {
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
    },
  );

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
    await expect(page.getByTestId("tool-info").textContent()).resolves.toContain("(oneOf at /properties/shape)");
    await page.getByTestId("tool-select").selectOption("demo__slow_count");
    await page.getByTestId("arguments").fill('{"to": 3, "delay_ms": 10}');
    await page.getByTestId("call").click();
    // The SDK may drop the last report, racing the result: at least the first arrives.
    await expect(page.getByTestId("events").textContent()).resolves.toContain("demo__slow_count: progress 1 of 3");
    await shot("06b-progress");
  });

  it.each(["responses", "chat"] as const)("completes a two-turn conversation with the model (%s)", async (api) => {
    await page.getByTestId("tab-chat").click();
    // The demo tool that fetches URLs is offered to the model only when each of its calls waits for the user.
    await expect(page.getByTestId("withheld-tools").textContent()).resolves.toContain(
      "everything__gzip-file-as-resource: offered under this policy; each call waits for your Approve or Deny.",
    );
    await page.getByTestId("chat-api").selectOption(api);
    if (api === "chat") {
      // The Responses conversation of the test before is under way: the page asks before dropping it.
      await expect(page.getByTestId("switch-api").textContent()).resolves.toContain("starts a new conversation");
      await expect(page.getByTestId("chat-api").inputValue()).resolves.toBe("responses");
      await page.getByTestId("switch-api-confirm").click();
      await expect(page.getByTestId("turn-1").count()).resolves.toBe(0);
    }
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
      // The server goes away: the page says so instead of going quiet.
      await keyless.close();
      await shows(other.getByTestId("connection"), "does not answer");
      await other.close();
    } finally {
      await keyless.close();
    }
  });
});

describe("the page keeps what the user did, and shows calls live", () => {
  let fresh: Page;
  const notFound: string[] = [];

  beforeAll(async () => {
    fresh = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    fresh.on("response", (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await fresh.goto(playground.url);
    await fresh.locator('[data-tool="demo__search_books"]').waitFor();
  });

  afterAll(async () => {
    await fresh?.close();
  });

  /** Clicks a setting of the strict switch and waits until the page shows the tools for it. */
  async function switchStrict(setting: "auto" | "true" | "false"): Promise<void> {
    await fresh.getByTestId(`strict-${setting}`).click();
    await fresh.locator(`[data-testid="strict-${setting}"][aria-checked="true"]`).waitFor();
  }

  it("has a favicon, and no request of the page gets a 404", () => {
    expect(notFound).toEqual([]);
  });

  it("keeps the Run view's tool, edited arguments and output across a strict switch and a tab round trip", async () => {
    await fresh.getByTestId("tab-run").click();
    await fresh.getByTestId("tool-select").selectOption("demo__divide");
    await fresh.getByTestId("arguments").fill('{"dividend": 9, "divisor": 3}');
    await fresh.getByTestId("call").click();
    await shows(fresh.getByTestId("output-chat"), '"3"');
    await switchStrict("true");
    await expect(fresh.getByTestId("tool-select").inputValue()).resolves.toBe("demo__divide");
    await expect(fresh.getByTestId("arguments").inputValue()).resolves.toBe('{"dividend": 9, "divisor": 3}');
    await expect(fresh.getByTestId("output-chat").textContent()).resolves.toContain("3");
    await fresh.getByTestId("tab-tools").click();
    await expect(fresh.getByTestId("tool-detail").locator("h2").textContent()).resolves.toBe("demo__divide");
    await fresh.getByTestId("tab-run").click();
    await expect(fresh.getByTestId("arguments").inputValue()).resolves.toBe('{"dividend": 9, "divisor": 3}');
    await expect(fresh.getByTestId("output-chat").isVisible()).resolves.toBe(true);
  });

  it("under strict: true, counts what is sent and names the tools left out in the Run view", async () => {
    // The counts the API gives (the servers' tool lists may grow): the page must say the same.
    const counts = await toolCounts();
    expect(counts.excluded).toContain("demo__draw_shape");
    await shows(
      fresh.getByTestId("tab-tools"),
      `Tools (${counts.total - counts.excluded.length} sent of ${counts.total})`,
    );
    const note = await fresh.getByTestId("left-out-note").textContent();
    for (const name of counts.excluded) expect(note).toContain(name);
    await switchStrict("false");
    await fresh.getByTestId("tab-tools").click();
    await shows(
      fresh.getByTestId("tools-summary"),
      `Under strict: false, ${counts.total} are sent (${counts.total} with strict: false)`,
    );
    await expect(fresh.getByTestId("tab-tools").textContent()).resolves.toBe(`Tools (${counts.total})`);
    await switchStrict("auto");
    const fallbacks = `${counts.fallbacks} fallback${counts.fallbacks === 1 ? "" : "s"} sent with strict: false`;
    await shows(fresh.getByTestId("tools-summary"), `${counts.total - counts.fallbacks} strict, ${fallbacks}`);
  });

  it("says why a schema has no strict form in plain words, with the path once", async () => {
    await fresh.locator('[data-tool="demo__draw_shape"]').click();
    // What shows (innerText leaves out the closed "The library's words").
    const report = await fresh.getByTestId("report").innerText();
    expect(report).toContain("a choice of exactly one schema");
    expect(report).not.toContain("relax.");
    expect(report.match(/\/properties\/shape/g)).toHaveLength(1);
    await expect(fresh.getByTestId("report-path").textContent()).resolves.toBe("/properties/shape");
    await expect(fresh.getByTestId("report-detail").textContent()).resolves.not.toContain("At #");
    await expect(fresh.getByTestId("tool-bytes").textContent()).resolves.toMatch(
      /Chat Completions \d+ B, Responses \d+ B/,
    );
  });

  it(
    "shows an encoded tool: the entries and JSON text the model sends, the arguments the server gets " + "back",
    async () => {
      await fresh.locator('[data-tool="demo__set_labels"]').click();
      await shows(fresh.getByTestId("encoded"), "labels: an open map, sent as a list of { key, value } entries");
      await fresh.locator('[data-tool="demo__save_setting"]').click();
      await shows(fresh.getByTestId("encoded"), "value: a free-form value, sent as JSON text");
      await fresh.getByTestId("call-it").click();
      await fresh.getByTestId("arguments").fill('{"name": "theme", "value": "{\\"dark\\": true}"}');
      await fresh.getByTestId("call").click();
      await shows(fresh.getByTestId("restored"), "value: a free-form value, sent as JSON text");
      const sent = JSON.parse((await fresh.getByTestId("sent").textContent()) ?? "null") as {
        params: { arguments: unknown };
      };
      expect(sent.params.arguments).toEqual({ name: "theme", value: { dark: true } });
      await fresh.screenshot({ path: join(SCREENSHOTS, "17-encoded.png"), fullPage: true });
      await fresh.getByTestId("tab-tools").click();
    },
  );

  it("shows the Responses tools in namespaces and deferred, with the bytes each form costs", async () => {
    const forms = fresh.getByTestId("responses-forms");
    await expect(forms.getByTestId("responses-form-bytes").textContent()).resolves.toMatch(
      /^Up front the model reads only the tool_search tool, .* Each of the \d+ tool definitions comes back/,
    );
    await expect(forms.getByTestId("responses-form-tools").textContent()).resolves.toContain('"execution": "client"');
    await forms.getByTestId("responses-form").selectOption("namespaces");
    await shows(forms.getByTestId("responses-form-tools"), '"type": "namespace"');
    await expect(forms.getByTestId("responses-form-bytes").textContent()).resolves.toMatch(
      /^The model reads all \d+ tool definitions up front, in 2 namespaces: /,
    );
    await forms.scrollIntoViewIfNeeded();
    await fresh.screenshot({ path: join(SCREENSHOTS, "15-responses-forms.png"), fullPage: true });
  });

  it("keeps the view, the strict setting and the tool in the address bar across a reload", async () => {
    await switchStrict("true");
    await fresh.locator('[data-tool="demo__create_event"]').click();
    await fresh.getByTestId("tab-run").click();
    expect(new URL(fresh.url()).searchParams.get("tool")).toBe("demo__create_event");
    await fresh.reload();
    await fresh.getByTestId("tool-select").waitFor();
    await expect(fresh.getByTestId("tab-run").getAttribute("aria-selected")).resolves.toBe("true");
    await expect(fresh.getByTestId("strict-true").getAttribute("aria-checked")).resolves.toBe("true");
    await expect(fresh.getByTestId("tool-select").inputValue()).resolves.toBe("demo__create_event");
    await switchStrict("auto");
  });

  it("narrows the tools with the search box, and calls with Ctrl+Enter", async () => {
    await fresh.getByTestId("run-search").fill("divi");
    await expect(fresh.getByTestId("tool-select").locator("option").allTextContents()).resolves.toEqual([
      "demo__divide (divide on demo)",
      "no_such_tool (no such tool: see how a bad call is answered)",
      "tool_search (a client tool search over the deferred tools, Responses only)",
    ]);
    await expect(fresh.getByTestId("tool-select").inputValue()).resolves.toBe("demo__divide");
    await fresh.getByTestId("arguments").fill('{"dividend": 8, "divisor": 2}');
    await fresh.getByTestId("arguments").press("Control+Enter");
    await shows(fresh.getByTestId("output-chat"), '"4"');
    await fresh.getByTestId("run-search").fill("");
  });

  it("fills the arguments with a form made from the strict schema, kept in step with the JSON text", async () => {
    await fresh.getByTestId("tool-select").selectOption("demo__search_books");
    const form = fresh.getByTestId("arguments-form");
    const args = fresh.getByTestId("arguments");
    await form.locator('[data-path="query"]').fill("dune");
    await expect(args.inputValue().then((text) => JSON.parse(text) as unknown)).resolves.toEqual({
      query: "dune",
      genre: null,
      max_results: null,
      sort: null,
    });
    // An optional property: "leave out" sends null (strict mode); taking it back in gives a select of its values.
    await form.locator('[data-leave-out="genre"]').uncheck();
    await form.locator('select[data-path="genre"]').selectOption('"science"');
    await expect(args.inputValue().then((text) => JSON.parse(text) as unknown)).resolves.toMatchObject({
      genre: "science",
    });
    await fresh.screenshot({ path: join(SCREENSHOTS, "13-form.png"), fullPage: true });
    // The text leads too: the form follows what is typed, and waits while it is not JSON.
    await args.fill('{"query": "x", "genre": null, "max_results": 7, "sort": "title"}');
    await expect(form.locator('[data-path="max_results"]').inputValue()).resolves.toBe("7");
    await expect(form.locator('select[data-path="sort"]').inputValue()).resolves.toBe('"title"');
    await args.fill('{"query": ');
    await form.getByTestId("form-waits").waitFor();
    // An open map, encoded for strict mode: rows of { key, value } entries.
    await fresh.getByTestId("tool-select").selectOption("demo__set_labels");
    const before = (JSON.parse(await args.inputValue()) as { labels: unknown[] }).labels.length;
    await form.getByText("+ add an item").click();
    const { labels } = JSON.parse(await args.inputValue()) as { labels: unknown[] };
    expect(labels).toHaveLength(before + 1);
    expect(labels.at(-1)).toEqual({ key: "", value: "" });
  });

  it("answers a client tool_search the user writes, with the definitions of the best matches", async () => {
    await fresh.getByTestId("tool-select").selectOption("tool_search");
    await expect(fresh.getByTestId("arguments").inputValue()).resolves.toContain('"query": "divide two numbers"');
    await fresh.getByTestId("call").click();
    await shows(fresh.getByTestId("search-found"), "demo__divide");
    await expect(fresh.getByTestId("output-responses").textContent()).resolves.toContain(
      '"type": "tool_search_output"',
    );
    await fresh.screenshot({ path: join(SCREENSHOTS, "16-tool-search.png"), fullPage: true });
    // Another tool's pick elsewhere is followed; a strict switch keeps this one.
    await switchStrict("true");
    await expect(fresh.getByTestId("tool-select").inputValue()).resolves.toBe("tool_search");
    await switchStrict("auto");
  });

  it("shows a running call's progress live, and finishes it after a tab round trip", async () => {
    await fresh.getByTestId("tool-select").selectOption("demo__slow_count");
    await fresh.getByTestId("arguments").fill('{"to": 4, "delay_ms": 400}');
    await fresh.getByTestId("call").click();
    await shows(fresh.getByTestId("live-events"), "tool-call-start");
    await shows(fresh.getByTestId("live-events"), "progress 1 of 4");
    await fresh.screenshot({ path: join(SCREENSHOTS, "10-live-progress.png"), fullPage: true });
    await fresh.getByTestId("tab-tools").click();
    await fresh.getByTestId("tab-run").click();
    await expect(fresh.getByTestId("call").isDisabled()).resolves.toBe(true);
    await fresh.getByTestId("run-result").waitFor();
    await expect(fresh.getByTestId("mcp-result").textContent()).resolves.toContain("Counted to 4");
    await expect(fresh.getByTestId("call").isDisabled()).resolves.toBe(false);
  });

  it("cancels a running call: the MCP request is cancelled, as the telemetry shows", async () => {
    await fresh.getByTestId("arguments").fill('{"to": 10, "delay_ms": 1000}');
    await fresh.getByTestId("call").click();
    await shows(fresh.getByTestId("live-events"), "progress 1 of 10");
    await fresh.getByTestId("cancel").click();
    await fresh.getByTestId("run-result").waitFor();
    await expect(fresh.getByTestId("transport-error").textContent()).resolves.toContain("aborted");
    const events = await fresh.getByTestId("events").textContent();
    expect(events).toContain("mcp-cancelled");
    expect(events).toContain('notifications/cancelled sent to server "demo"');
    await expect(fresh.getByTestId("cancel").isVisible()).resolves.toBe(false);
    await fresh.screenshot({ path: join(SCREENSHOTS, "11-cancelled.png"), fullPage: true });
  });

  it("keeps the Conversation view's model and the message being written across a strict switch", async () => {
    await fresh.getByTestId("tab-chat").click();
    await fresh.getByTestId("model").fill("my-model");
    await fresh.getByTestId("message").fill("half written");
    await switchStrict("false");
    await fresh.getByTestId("tab-tools").click();
    await fresh.getByTestId("tab-chat").click();
    await expect(fresh.getByTestId("model").inputValue()).resolves.toBe("my-model");
    await expect(fresh.getByTestId("message").inputValue()).resolves.toBe("half written");
    await switchStrict("auto");
  });

  it(
    "turns a server that dies red at once, with why, marks its tools unavailable, and green again once it is " + "back",
    async () => {
      await fresh.getByTestId("tab-tools").click();
      const status = playground.pool.servers.status["demo"];
      expect(status?.state).toBe("ready");
      process.kill(status?.state === "ready" ? (status.pid ?? 0) : 0, "SIGKILL");
      // @x/servers restarts it after half a second: the page shows the gap live, without a reload.
      await fresh.locator('[data-testid="server-demo"].restarting').waitFor();
      await shows(fresh.getByTestId("server-error-demo"), "was killed by SIGKILL");
      await fresh.locator('[data-tool="demo__divide"] .badge.excluded').filter({ hasText: "unavailable" }).waitFor();
      await fresh.screenshot({ path: join(SCREENSHOTS, "14-server-died.png"), fullPage: true });
      await fresh.locator('[data-testid="server-demo"].ready').waitFor({ timeout: 15_000 });
      await fresh.getByTestId("server-error-demo").waitFor({ state: "detached" });
      await expect(fresh.locator('[data-tool="demo__divide"] .badge.strict').count()).resolves.toBe(1);
    },
  );

  it("restarts a configured server from the page, which then says how that went", async () => {
    const answered = fresh.waitForResponse((response) => response.url().endsWith("/api/servers/restart"));
    await fresh.getByTestId("restart-broken").click();
    expect((await answered).status()).toBe(200);
    // Its command still does not exist: it fails again, and says why again.
    await shows(fresh.getByTestId("server-error-broken"), "command not found");
    await expect(fresh.locator('[data-testid="server-broken"].failed').count()).resolves.toBe(1);
  });

  it("fits a 420 px wide window without sideways scrolling, on every view", async () => {
    await fresh.setViewportSize({ width: 420, height: 900 });
    for (const view of ["tools", "run", "chat"]) {
      await fresh.getByTestId(`tab-${view}`).click();
      if (view === "tools") await fresh.locator('[data-tool="demo__create_event"]').click();
      const width = await fresh.evaluate(() => document.documentElement.scrollWidth);
      expect({ view, width }).toEqual({ view, width: 420 });
      await fresh.screenshot({ path: join(SCREENSHOTS, `12-narrow-${view}.png`), fullPage: true });
    }
    await fresh.setViewportSize({ width: 1400, height: 900 });
  });
});

describe("the Run view pre-fills an encoded tool in the model's form", () => {
  let run: Page;

  beforeAll(async () => {
    run = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await run.goto(playground.url);
    await run.getByTestId("tab-run").click();
  });

  afterAll(async () => {
    await run?.close();
  });

  it.each([
    ["demo__set_labels", { resource: "report-42", labels: { key: "blue" } }, "labels: an open map"],
    ["demo__save_setting", { name: "example", value: {} }, "value: a free-form value"],
  ])(
    "%s: the text is encodeArguments of an example, and calling it unchanged restores the example",
    async (name, inOriginalShape, restored) => {
      const tool = (await listTools("auto")).find((candidate) => candidate.name === name);
      const plan = strictSchema(tool?.inputSchema ?? null, { encode: true });
      expect(plan.ok).toBe(true);
      if (!plan.ok) return;
      await run.getByTestId("tool-select").selectOption(name);
      const text = await run.getByTestId("arguments").inputValue();
      expect(JSON.parse(text)).toEqual(encodeArguments(inOriginalShape, plan));
      await run.getByTestId("call").click();
      await run.getByTestId("run-result").waitFor();
      await expect(run.getByTestId("restored").textContent()).resolves.toContain(restored);
      const sent = JSON.parse((await run.getByTestId("sent").textContent()) ?? "null") as {
        params: { arguments: unknown };
      };
      expect(sent.params.arguments).toEqual(inOriginalShape);
      await expect(run.getByTestId("tool-error").count()).resolves.toBe(0);
      await run.screenshot({ path: join(SCREENSHOTS, `18-prefilled-${name}.png`), fullPage: true });
    },
  );
});

describe("Restart on every configured server", () => {
  let servers: Page;
  const restartAnswers: number[] = [];

  beforeAll(async () => {
    servers = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    servers.on("response", (response) => {
      if (response.url().endsWith("/api/servers/restart")) restartAnswers.push(response.status());
    });
    await servers.goto(playground.url);
    await servers.locator('[data-tool="demo__divide"] .badge.strict').waitFor();
  });

  afterAll(async () => {
    await servers?.close();
  });

  it("offers Restart on each server's chip, the running ones included", async () => {
    for (const name of ["demo", "everything", "broken"]) {
      await expect(
        servers
          .getByTestId("server-" + name)
          .getByTestId(`restart-${name}`)
          .isEnabled(),
      ).resolves.toBe(true);
    }
  });

  it("restarts a running server: its tools show unavailable, then it is green and callable again", async () => {
    const before = playground.pool.servers.status["demo"];
    await servers.getByTestId("restart-demo").click();
    await servers.locator('[data-testid="server-demo"].restarting').waitFor();
    await servers.locator('[data-tool="demo__divide"] .badge.excluded').filter({ hasText: "unavailable" }).waitFor();
    await servers.screenshot({ path: join(SCREENSHOTS, "19-restarting-running-server.png"), fullPage: true });
    await servers.locator('[data-testid="server-demo"].ready').waitFor({ timeout: 15_000 });
    await servers.locator('[data-tool="demo__divide"] .badge.strict').waitFor();
    const after = playground.pool.servers.status["demo"];
    expect(before?.state === "ready" && after?.state === "ready" && before.pid !== after.pid).toBe(true);
    expect(restartAnswers).toEqual([200]);
    await servers.getByTestId("tab-run").click();
    await servers.getByTestId("tool-select").selectOption("demo__divide");
    await servers.getByTestId("arguments").fill('{"dividend": 12, "divisor": 4}');
    await servers.getByTestId("call").click();
    await shows(servers.getByTestId("output-chat"), '"3"');
  });
});

describe("the Conversation view streams, asks before a call runs, and stops; the Run view tries a policy", () => {
  let view: Page;

  beforeAll(async () => {
    view = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await view.goto(playground.url);
    await view.locator('[data-tool="demo__search_books"]').waitFor();
    await view.getByTestId("tab-chat").click();
  });

  afterAll(async () => {
    await view?.close();
  });

  async function viewShot(name: string): Promise<void> {
    await view.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  async function sendMessage(text: string): Promise<void> {
    await view.getByTestId("message").fill(text);
    await view.getByTestId("send").click();
  }

  /** Waits until the conversation is over (the Send button is back). */
  async function answered(): Promise<void> {
    await view.getByTestId("stop").waitFor({ state: "hidden" });
  }

  it("shows the model's text as it streams in, and the turn's call before it", async () => {
    const release = test.fake.holdStreams();
    try {
      await sendMessage("What is 84 divided by 2?");
      // The fake holds the answer after its first piece: the page shows that piece, and the turn is not over.
      await shows(view.getByTestId("live-text"), "The ");
      await expect(view.getByTestId("live-text").textContent()).resolves.not.toContain("42");
      await expect(view.getByTestId("turn-2").count()).resolves.toBe(0);
      const call = view.getByTestId("live-turn-1").getByTestId("live-call");
      await expect(call.textContent()).resolves.toBe('demo__divide{"dividend":84,"divisor":2}');
      await viewShot("18-streaming");
    } finally {
      release();
    }
    await shows(view.getByTestId("turn-2"), "The tool said: 42");
  });

  it("asks before a call runs, showing the call, its server and annotations; Approve runs it", async () => {
    await view.getByTestId("chat-policy").selectOption("ask-every-call");
    await sendMessage("And now?");
    const card = view.getByTestId("approval");
    await card.waitFor();
    await expect(card.getByTestId("approval-name").textContent()).resolves.toBe("demo__divide");
    await expect(card.textContent()).resolves.toContain("(divide on server demo)");
    await expect(card.getByTestId("approval-arguments").textContent()).resolves.toContain('"dividend": 84');
    await expect(card.getByTestId("approval-annotations").textContent()).resolves.toContain("readOnlyHint: true");
    // Nothing ran yet.
    await expect(view.getByTestId("chat-live-events").textContent()).resolves.not.toContain("tool-call-start");
    await viewShot("19-approval");
    await card.getByTestId("approve").click();
    await answered();
    await shows(view.getByTestId("conversation"), "The tool said: 42");
    await expect(view.getByTestId("approval").count()).resolves.toBe(0);
  });

  it("Deny with a reason: the turn shows the denial the model got", async () => {
    await sendMessage("Once more?");
    const card = view.getByTestId("approval");
    await card.waitFor();
    await card.getByTestId("deny-reason").fill("not now");
    await card.getByTestId("deny").click();
    await answered();
    const denial = 'Error: The user did not allow the call to the tool "demo__divide": not now';
    await expect(view.getByTestId("conversation").textContent()).resolves.toContain(`→ ${denial}`);
    await expect(view.getByTestId("conversation").textContent()).resolves.toContain(`The tool said: ${denial}`);
    await viewShot("20-denied");
  });

  it("Stop while a call waits for approval ends the run, the call answered as not run", async () => {
    await sendMessage("And again?");
    await view.getByTestId("approval").waitFor();
    await view.getByTestId("stop").click();
    await answered();
    const log = await view.getByTestId("conversation").textContent();
    expect(log).toContain('→ Error: The tool "demo__divide" was not run, because the run was stopped.');
    expect(log).toContain("Stopped: you stopped it");
    await expect(view.getByTestId("approval").count()).resolves.toBe(0);
    await expect(view.getByTestId("send").isDisabled()).resolves.toBe(false);
  });

  it("Stop while the model streams ends the run too", async () => {
    const release = test.fake.holdStreams();
    try {
      await view.getByTestId("chat-policy").selectOption("run-everything");
      await shows(
        view.getByTestId("withheld-tools"),
        "everything__gzip-file-as-resource: not offered under this policy",
      );
      await sendMessage("Stream and stop?");
      await shows(view.getByTestId("live-text"), "The ");
      await view.getByTestId("stop").click();
      await answered();
      await expect(view.getByTestId("conversation").textContent()).resolves.toContain("Stopped: you stopped it");
    } finally {
      release();
    }
  });

  it("the Run view says what a policy decides for the tool, and asks before the call when it asks", async () => {
    await view.getByTestId("tab-run").click();
    await view.getByTestId("tool-select").selectOption("demo__create_event");
    const verdict = view.getByTestId("policy-verdict");
    await expect(verdict.textContent()).resolves.toContain("runs without asking");
    await view.getByTestId("run-policy").selectOption("read-only-only");
    await expect(view.getByTestId("verdict").textContent()).resolves.toBe(
      "is denied without running (the model is told why)",
    );
    await expect(verdict.textContent()).resolves.toContain("readOnlyHint: false, destructiveHint: false");
    await view.getByTestId("run-policy").selectOption("ask-unless-read-only");
    await expect(view.getByTestId("verdict").textContent()).resolves.toBe("waits for your Approve or Deny");
    await view.getByTestId("tool-select").selectOption("demo__divide");
    await expect(view.getByTestId("verdict").textContent()).resolves.toBe("runs without asking");
    await view.getByTestId("tool-select").selectOption("demo__create_event");
    await view.getByTestId("call").click();
    const card = view.getByTestId("run-output").getByTestId("approval");
    await card.waitFor();
    await expect(card.getByTestId("approval-name").textContent()).resolves.toBe("demo__create_event");
    await card.getByTestId("deny-reason").fill("wrong date");
    await viewShot("21-run-approval");
    await card.getByTestId("deny").click();
    await shows(view.getByTestId("denied"), "Not run: denied (wrong date)");
    await expect(view.getByTestId("output-chat").textContent()).resolves.toContain(
      'The user did not allow the call to the tool \\"demo__create_event\\": wrong date',
    );
    await view.getByTestId("call").click();
    await view.getByTestId("run-output").getByTestId("approve").click();
    await shows(view.getByTestId("mcp-result"), "Created event");
  });
});
