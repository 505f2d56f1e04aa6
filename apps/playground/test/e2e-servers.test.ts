// The page in Chromium for what servers do besides answering calls, each test
// written to fail before its fix: a server that crashes after it started
// (shown crashed, its tools kept and marked unavailable, the crash, restarts
// and giving up in the terminal); credential-shaped text in a server's stderr
// and a tool's output hidden by @x/servers' rule; the notifications pane; a
// tool that must run as a task; and tools that ask the user for input, in the
// Run view and in a conversation. Against real servers: the demo server,
// server-everything, test/crashing-server.ts, test/chatty-server.ts and
// @x/testing's MCP SDK v2 server over Streamable HTTP (protocol 2026-07-28).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startV2HttpServer } from "@x/testing";
import type { V2HttpServer } from "@x/testing";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec, everythingServerSpec } from "../src/server/server-spec";
import type { StdioServerSpec } from "../src/server/server-spec";
import { buildPage, launchChromium, SCREENSHOTS } from "./browser";
import { LEAKED_TOKEN } from "./chatty-server";
import { CRASH_TOKEN } from "./crashing-server";

let built: Awaited<ReturnType<typeof buildPage>>;
let v2: V2HttpServer;
let playground: Playground;
let browser: Browser;
let page: Page;
/** What the playground wrote to the terminal. */
const logged: string[] = [];

/** A test server of this folder, run from its TypeScript source as the demo server is. */
function testServer(name: string, file: string): StdioServerSpec {
  return {
    name,
    transport: "stdio",
    command: process.execPath,
    args: ["--import", createRequire(import.meta.url).resolve("tsx"), fileURLToPath(new URL(file, import.meta.url))],
    env: {},
    source: "flag",
  };
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [built, v2, browser] = await Promise.all([buildPage(), startV2HttpServer(), launchChromium()]);
  // No key: the conversation runs on the scripted model.
  playground = await startPlayground({
    servers: [
      demoServerSpec(),
      everythingServerSpec(),
      testServer("crashy", "./crashing-server.ts"),
      testServer("chatty", "./chatty-server.ts"),
      { name: "v2", transport: "http", url: v2.url, headers: {}, source: "flag" },
    ],
    port: 0,
    logger: { info: (line) => logged.push(line), error: (line) => logged.push(line) },
    pageDir: built.dir,
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(playground.url);
  await page.locator('[data-tool="demo__divide"]').waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await v2?.close();
  built?.remove();
});

async function shows(locator: Locator, text: string, timeout?: number): Promise<void> {
  await locator
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout: timeout ?? 10_000 });
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Picks `tool` in the Run view, with `args` as the JSON text, under "run everything", and calls it. */
async function call(tool: string, args: unknown = {}): Promise<void> {
  await page.getByTestId("tab-run").click();
  await page.getByTestId("tool-select").selectOption(tool);
  await page.getByTestId("arguments").fill(JSON.stringify(args));
  await page.getByTestId("run-policy").selectOption("run-everything");
  await page.getByTestId("call").click();
}

/** The text of the Run view's output once the call is over. */
async function result(): Promise<string> {
  await page.getByTestId("run-result").waitFor({ timeout: 30_000 });
  return (await page.getByTestId("run-output").textContent()) ?? "";
}

describe("a server that crashes after it started", () => {
  it(
    "is shown crashed, not failed to start, with its tools kept and marked unavailable, and the terminal says " +
      "each crash, restart and the giving up, with why",
    async () => {
      // It dies 0.8 s after each start; @x/servers restarts it 3 times (0.5, 1 and 2 s apart), then gives up.
      const chip = page.locator('[data-testid="server-crashy"]');
      await chip.locator("xpath=self::*[contains(@class, 'crashed')]").waitFor({ timeout: 40_000 });
      await expect(chip.textContent()).resolves.toContain("crashed");
      await expect(chip.textContent()).resolves.not.toContain("failed to start");
      const notice = page.getByTestId("server-error-crashy");
      await shows(notice, "crashed");
      await shows(notice, "(given up after 3 restarts)");
      // Its stderr's credential is hidden by the rule that hides a credential-shaped argument.
      await shows(notice, "lost the database connection (token [hidden])");
      await expect(notice.textContent()).resolves.not.toContain(CRASH_TOKEN);
      // Its tool is still listed, marked unavailable, in the Tools view and in the Run view's list.
      await page.getByTestId("tab-tools").click();
      await page.locator('[data-tool="crashy__ping"] .badge.excluded').filter({ hasText: "unavailable" }).waitFor();
      await page.getByTestId("tab-run").click();
      await expect(page.locator('[data-testid="tool-select"] option[value="crashy__ping"]').isDisabled()).resolves.toBe(
        true,
      );
      await shot("40-crashed-server");

      const lines = logged.filter((line) => line.includes('"crashy"'));
      expect(lines[0]).toBe('MCP server "crashy": 1 tools');
      expect(lines[1]).toMatch(
        /^MCP server "crashy" crashed: exited with code 3; .*Restarting it in 500 ms \(restart 1 of 3\)\.$/s,
      );
      expect(lines.filter((line) => line.includes("is running again"))).toHaveLength(3);
      expect(lines.filter((line) => / \(restart \d of 3\)\.$/.test(line))).toHaveLength(3);
      expect(lines.at(-1)).toMatch(
        /^MCP server "crashy" crashed; giving up: exited with code 3; .*\(given up after 3 restarts\)$/s,
      );
      expect(lines.join("\n")).toContain("token [hidden]");
      expect(logged.join("\n")).not.toContain(CRASH_TOKEN);
    },
    60_000,
  );
});

describe("credential-shaped text in a tool's output", () => {
  it("is hidden in the result and both APIs' outputs, as a credential-shaped argument is", async () => {
    await call("chatty__leak");
    const shown = await result();
    expect(shown).toContain("The key is [hidden].");
    expect(shown).not.toContain(LEAKED_TOKEN);
  });
});

describe("the notifications pane", () => {
  it("lists what a server sent besides results: a log message, a resource and a list change, progress", async () => {
    await call("chatty__announce");
    await result();
    const toggle = page.getByTestId("notifications-chatty");
    await toggle.click();
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    const pane = page.getByTestId("notifications");
    await shows(pane.getByTestId("notification-summary"), "warning (disk): disk 91% full");
    await shows(pane.getByTestId("notification-summary"), "resource changed: memo://status");
    await shows(pane.getByTestId("notification-summary"), "its list of resources changed");
    await shows(pane.getByTestId("notification-summary"), "chatty__announce: progress 1 of 1 — announcing");
    await expect(pane.locator("h2").textContent()).resolves.toContain('server "chatty"');
    await shot("41-notifications");
    // Another server's pane has its own (server-everything says its tools changed once it knows the client).
    await page.getByTestId("notifications-everything").click();
    await expect(pane.getByTestId("notification-summary").allTextContents()).resolves.not.toContain(
      "warning (disk): disk 91% full",
    );
    await page.getByTestId("notifications-close").click();
    await expect(pane.isHidden()).resolves.toBe(true);
  });
});

describe("a tool that must run as a task", () => {
  it("runs from the Run view through the executor's task support, its stages shown as progress", async () => {
    await call("everything__simulate-research-query", { topic: "tide pools" });
    // The task's status messages arrive while it runs (four stages, a second each).
    await shows(page.getByTestId("live-events"), "Analyzing content", 20_000);
    const shown = await result();
    expect(shown).toContain("Research Report: tide pools");
    expect(shown).not.toContain("requires task");
  });
});

describe("a tool that asks for input", () => {
  it("shows a form built from the requested schema and sends what was filled in (Accept)", async () => {
    await call("everything__trigger-elicitation-request");
    const card = page.getByTestId("elicitation");
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('server "everything" asks for its tool');
    await expect(card.getByTestId("elicitation-message").textContent()).resolves.toBe(
      "Please provide inputs for the following fields:",
    );
    // A field per property of the schema: text, a checkbox, a select for a titled choice.
    await card.locator('[data-path="name"]').fill("Ada Lovelace");
    // An optional field without a default starts left out: take it in, then tick it.
    await card.locator('[data-leave-out="check"]').uncheck();
    await card.locator('[data-path="check"]').check();
    await expect(card.locator('select[data-path="titledSingleSelectEnum"] option').count()).resolves.toBe(3);
    await shot("42-elicitation-form");
    await card.getByTestId("elicitation-accept").click();
    const shown = await result();
    expect(shown).toContain("User provided the requested information");
    expect(shown).toContain("Name: Ada Lovelace");
    expect(shown).toContain("Agreed to terms: true");
  });

  it("tells the tool the user declined (Decline)", async () => {
    await call("everything__trigger-elicitation-request");
    await page.getByTestId("elicitation").getByTestId("elicitation-decline").click();
    expect(await result()).toContain("declined");
  });

  it("shows a URL-mode request's URL in full, with Open and Decline", async () => {
    await call("v2__open_link");
    const card = page.getByTestId("elicitation");
    await expect(card.getByTestId("elicitation-url").textContent()).resolves.toBe("https://example.com/sign-in");
    await expect(card.getByTestId("elicitation-open").isVisible()).resolves.toBe(true);
    await shot("43-elicitation-url");
    await card.getByTestId("elicitation-decline").click();
    expect(await result()).toContain("the user chose decline");
  });

  it("answers a 2026-07-28 server's input request (input_required) from the form", async () => {
    await call("v2__confirm", { action: "ship it" });
    const card = page.getByTestId("elicitation");
    await expect(card.getByTestId("elicitation-message").textContent()).resolves.toBe('Do "ship it"?');
    await card.locator('[data-path="confirm"]').check();
    await card.getByTestId("elicitation-accept").click();
    expect(await result()).toContain("done: ship it");
  });

  it("shows the form in a conversation, and the model reads the tool's answer", async () => {
    await page.getByTestId("tab-chat").click();
    await page.getByTestId("chat-policy").selectOption("run-everything");
    await page.getByTestId("message").fill('Confirm "launch the rocket"');
    await page.getByTestId("send").click();
    const card = page.getByTestId("conversation").getByTestId("elicitation");
    await expect(card.getByTestId("elicitation-message").textContent()).resolves.toBe('Do "launch the rocket"?');
    await card.locator('[data-path="confirm"]').check();
    await shot("44-elicitation-conversation");
    await card.getByTestId("elicitation-accept").click();
    await page.getByTestId("stop").waitFor({ state: "hidden", timeout: 30_000 });
    await shows(page.getByTestId("conversation"), "done: launch the rocket");
  });
});
