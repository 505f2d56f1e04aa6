// The page in Chromium as a presenter uses it: state that survives a reload,
// the keyboard alone, accessible names, big outputs that stay in their boxes,
// and the wording of each view. Against the real server, the real MCP servers
// and the local fake OpenAI server (test/fake-openai.ts).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/playground-server";
import { buildPage, launchChromium, SCREENSHOTS } from "./browser";
import { HUGE_ANSWER_MODEL } from "./fake-openai";
import { startHttpDemoServer } from "./http-demo-server";
import type { HttpDemoServer } from "./http-demo-server";
import { createLoudServer } from "./loud-server";
import { startTestPlayground } from "./start-test-playground";
import type { TestPlayground } from "./start-test-playground";

let built: Awaited<ReturnType<typeof buildPage>>;
let loud: HttpDemoServer;
let test: TestPlayground;
let playground: Playground;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [built, loud] = await Promise.all([buildPage(), startHttpDemoServer(undefined, createLoudServer)]);
  const loudSpec = { name: "loud", transport: "http", url: loud.url, headers: {}, source: "flag" } as const;
  [test, browser] = await Promise.all([
    startTestPlayground({ apiKey: "sk-test-usability", pageDir: built.dir, more: [loudSpec] }),
    launchChromium(),
  ]);
  playground = test.playground;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
  await loud?.close();
  built?.remove();
});

/** A new page at `search` (`?view=run&tool=…`), the token given once as the printed URL does. */
async function open(search = "", viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${playground.url}${search === "" ? "" : `&${search}`}`);
  await page.locator('[data-tool="demo__search_books"]').waitFor({ state: "attached" });
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** What has the focus: its test id, tool name or tag. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element === null) return "(none)";
    return element.getAttribute("data-testid") ?? element.getAttribute("data-tool") ?? element.tagName.toLowerCase();
  });
}

describe("the page's state after a reload", () => {
  it("opens the Run view on the tool the address names: the dropdown, description, form and call agree", async () => {
    const page = await open();
    // The Tools view had another tool selected before the link to the Run view was followed.
    await page.locator('[data-tool="demo__create_event"]').click();
    await page.goto(`${playground.origin}/?view=run&strict=auto&tool=demo__divide`);
    await page.getByTestId("tool-select").waitFor();
    await expect(page.getByTestId("tool-select").inputValue()).resolves.toBe("demo__divide");
    await expect(page.getByTestId("tool-info").textContent()).resolves.toContain("demo__divide (divide on demo)");
    await expect(page.getByTestId("arguments-form").locator('[data-path="dividend"]').count()).resolves.toBe(1);
    await page.getByTestId("call").click();
    await page.getByTestId("run-result").waitFor();
    await expect(page.getByTestId("sent").textContent()).resolves.toContain('"name": "divide"');
    await page.close();
  });
});

describe("a tool left out under strict: true", () => {
  it("opens in the Tools view, which says why it was left out, and in the Run view", async () => {
    const page = await open("view=run&strict=true");
    await page.getByTestId("tab-tools").click();
    await page.locator('[data-tool="demo__draw_shape"]').click();
    await expect(page.getByTestId("tool-detail").locator("h2").textContent()).resolves.toBe("demo__draw_shape");
    await expect(page.getByTestId("report").textContent()).resolves.toContain("Left out");
    // The Run view names it, and picking it there shows why too.
    await page.getByTestId("tab-run").click();
    await page.getByTestId("tool-select").selectOption("demo__draw_shape");
    await expect(page.getByTestId("tool-info").textContent()).resolves.toContain("Left out: not sent to the model");
    await shot(page, "31-run-left-out");
    await page.getByTestId("left-out-note").getByRole("button", { name: "demo__draw_shape" }).click();
    await expect(page.getByTestId("tab-tools").getAttribute("aria-selected")).resolves.toBe("true");
    await expect(page.getByTestId("report").textContent()).resolves.toContain("Left out");
    await page.close();
  });
});

describe("the keyboard alone", () => {
  let page: Page;

  beforeAll(async () => {
    page = await open();
  });

  afterAll(async () => {
    await page?.close();
  });

  it("Enter in the Run view's search box filters, and calls nothing", async () => {
    await page.getByTestId("tab-run").click();
    await page.getByTestId("run-search").fill("divi");
    await page.getByTestId("run-search").press("Enter");
    await expect(page.getByTestId("tool-select").inputValue()).resolves.toBe("demo__divide");
    // A call shows at once what it is doing (running, then its result), in the same task as the key press.
    await expect(page.getByTestId("run-output").innerHTML()).resolves.toBe("");
    await page.getByTestId("run-search").fill("");
  });

  it("keeps the focus on a strict option, a tab and a tool after Enter", async () => {
    await page.getByTestId("strict-true").focus();
    await page.keyboard.press("Enter");
    await page.locator('[data-testid="strict-true"][aria-checked="true"]').waitFor();
    await expect(focused(page)).resolves.toBe("strict-true");
    await page.getByTestId("strict-auto").focus();
    await page.keyboard.press("Enter");
    await page.locator('[data-testid="strict-auto"][aria-checked="true"]').waitFor();
    await expect(focused(page)).resolves.toBe("strict-auto");
    await page.getByTestId("tab-tools").focus();
    await page.keyboard.press("Enter");
    await expect(focused(page)).resolves.toBe("tab-tools");
    await page.locator('[data-tool="demo__divide"]').focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("tool-detail").locator("h2").textContent()).resolves.toBe("demo__divide");
    await expect(focused(page)).resolves.toBe("demo__divide");
  });

  it("moves between the tabs with the arrow keys, Home and End (the WAI-ARIA tabs pattern)", async () => {
    await page.getByTestId("tab-tools").focus();
    await page.keyboard.press("ArrowRight");
    await expect(focused(page)).resolves.toBe("tab-run");
    await expect(page.getByTestId("tab-run").getAttribute("aria-selected")).resolves.toBe("true");
    await page.keyboard.press("ArrowRight");
    await expect(focused(page)).resolves.toBe("tab-chat");
    await page.keyboard.press("ArrowRight");
    await expect(focused(page)).resolves.toBe("tab-tools");
    await page.keyboard.press("ArrowLeft");
    await expect(focused(page)).resolves.toBe("tab-chat");
    await page.keyboard.press("Home");
    await expect(focused(page)).resolves.toBe("tab-tools");
    await page.keyboard.press("End");
    await expect(focused(page)).resolves.toBe("tab-chat");
    await expect(page.getByTestId("tab-chat").getAttribute("aria-selected")).resolves.toBe("true");
    await shot(page, "30-tab-focus");
    // One tab stop: the selected tab; its panel is labelled by it.
    await expect(page.getByRole("tab").evaluateAll((tabs) => tabs.map((tab) => tab.tabIndex))).resolves.toEqual([
      -1, -1, 0,
    ]);
    await expect(page.getByRole("tabpanel", { name: "Conversation" }).isVisible()).resolves.toBe(true);
  });

  it("gives every field of the arguments form an accessible name", async () => {
    await page.getByTestId("tab-run").click();
    for (const tool of ["demo__search_books", "demo__create_event", "demo__set_labels", "demo__save_setting"]) {
      await page.getByTestId("tool-select").selectOption(tool);
      const form = page.getByTestId("arguments-form");
      const unnamed = await form
        .locator("input, select, textarea")
        .evaluateAll((fields) =>
          fields
            .filter((field) => (field as HTMLInputElement).labels?.length === 0 && !field.getAttribute("aria-label"))
            .map((field) => field.outerHTML),
        );
      expect({ tool, unnamed }).toEqual({ tool, unnamed: [] });
    }
    const form = page.getByTestId("arguments-form");
    await page.getByTestId("tool-select").selectOption("demo__create_event");
    await expect(form.getByRole("textbox", { name: "start.date" }).count()).resolves.toBe(1);
    await page.getByTestId("tool-select").selectOption("demo__search_books");
    await expect(form.getByRole("combobox", { name: "sort" }).count()).resolves.toBe(0);
    await expect(form.getByRole("checkbox", { name: "leave out sort" }).isChecked()).resolves.toBe(true);
  });
});

/** The page's full height, in CSS pixels. */
function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

describe("big outputs stay in scrolling boxes", () => {
  let page: Page;

  beforeAll(async () => {
    page = await open("view=run");
  });

  afterAll(async () => {
    await page?.close();
  });

  it.each([
    ["a 150 KB echo", "everything__echo", JSON.stringify({ message: "echo ".repeat(30_000) })],
    ["a 200 KB tool error", "loud__big_answer", JSON.stringify({ bytes: 200_000, error: true })],
  ])("%s: the page stays short, and each box has Show all", async (what, tool, args) => {
    await page.getByTestId("tool-select").selectOption(tool);
    await page.getByTestId("arguments").fill(args);
    await page.getByTestId("call").click();
    await page.getByTestId("run-result").waitFor();
    const height = await pageHeight(page);
    expect({ what, short: height < 9000 }).toEqual({ what, short: true });
    await shot(page, `32-big-${tool}`);
    const showAll = page.getByTestId("preview-chat").getByTestId("show-all");
    await showAll.click();
    await expect(pageHeight(page)).resolves.toBeGreaterThan(height + 10_000);
    await showAll.click();
    await expect(pageHeight(page)).resolves.toBe(height);
  });

  it("fits 420, 1280 and 1920 px wide windows with the big output, the Run view and the Tools view", async () => {
    for (const width of [420, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const view of ["run", "tools"] as const) {
        await page.getByTestId(`tab-${view}`).click();
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(width);
        await shot(page, `37-${view}-${width}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId("tab-run").click();
  });
});

describe("a long streamed answer", () => {
  it("stays in a box while it streams and after, the cut marked at the top of the box", async () => {
    const page = await open("view=chat");
    await page.getByTestId("model").fill(HUGE_ANSWER_MODEL);
    await page.getByTestId("message").fill("Say a lot.");
    const release = test.fake.holdStreams();
    try {
      await page.getByTestId("send").click();
      // The fake holds the stream after its first piece: 100 000 bytes of it are shown, the rest is not sent.
      await page.getByTestId("live-text").getByTestId("show-all").waitFor();
      expect(await pageHeight(page)).toBeLessThan(4000);
    } finally {
      release();
    }
    await page.getByTestId("stop").waitFor({ state: "hidden" });
    const bubble = page.getByTestId("turn-1").locator(".bubble.model");
    await expect(bubble.textContent()).resolves.toContain("[… cut by the playground:");
    expect(await pageHeight(page)).toBeLessThan(4000);
    const note = bubble.getByTestId("cut-note");
    await expect(note.textContent()).resolves.toMatch(/^Cut by the playground: \d+ more bytes were not kept/);
    const [noteBox, bodyBox] = await Promise.all([note.boundingBox(), bubble.locator(".scroll-body").boundingBox()]);
    expect((noteBox?.y ?? Infinity) < (bodyBox?.y ?? 0)).toBe(true);
    await shot(page, "33-long-answer");
    await page.close();
  });

  it("Stop while the model streams keeps the text already shown", async () => {
    const page = await open("view=chat");
    const release = test.fake.holdStreams();
    try {
      await page.getByTestId("chat-policy").selectOption("run-everything");
      await page.getByTestId("message").fill("Stream and stop?");
      await page.getByTestId("send").click();
      await page.getByTestId("live-text").filter({ hasText: "The " }).waitFor();
      await page.getByTestId("stop").click();
      await page.getByTestId("stop").waitFor({ state: "hidden" });
    } finally {
      release();
    }
    const stopped = page.getByTestId("stopped-turn");
    await expect(stopped.locator(".bubble.model").textContent()).resolves.toContain("The ");
    await expect(stopped.textContent()).resolves.toContain("stopped while it streamed");
    await shot(page, "34-stopped-while-streaming");
    await page.close();
  });
});

describe("the words and the layout of each view", () => {
  let page: Page;

  beforeAll(async () => {
    page = await open("view=run");
  });

  afterAll(async () => {
    await page?.close();
  });

  it("lists the tools a tool_search found one by one, and runs it on Responses, saying so", async () => {
    await page.getByTestId("run-api-chat").check();
    await page.getByTestId("tool-select").selectOption("tool_search");
    await expect(page.getByTestId("run-api-chat").isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId("run-api-note").textContent()).resolves.toContain("tool_search runs on Responses");
    await page.getByTestId("call").click();
    await expect(page.getByTestId("search-found").textContent()).resolves.toMatch(/: demo__divide, \w/);
    // Another tool gets the API chosen before back.
    await page.getByTestId("tool-select").selectOption("demo__divide");
    await expect(page.getByTestId("run-api-chat").isChecked()).resolves.toBe(true);
  });

  it("starts each built-in tool with an example that sends no empty string", async () => {
    for (const tool of ["demo__search_books", "demo__create_event", "demo__set_labels", "demo__save_setting"]) {
      await page.getByTestId("tool-select").selectOption(tool);
      await expect(page.getByTestId("arguments").inputValue()).resolves.not.toContain('""');
    }
  });

  it("takes an optional number back in at its minimum, not at 0", async () => {
    await page.getByTestId("tool-select").selectOption("demo__search_books");
    await page.getByTestId("arguments-form").locator('[data-leave-out="max_results"]').uncheck();
    const args = JSON.parse(await page.getByTestId("arguments").inputValue()) as { max_results: number };
    expect(args.max_results).toBe(1);
  });

  it.each(["auto", "false"] as const)("says a free-form value wants JSON (strict: %s)", async (strict) => {
    await page.getByTestId(`strict-${strict}`).click();
    await page.locator(`[data-testid="strict-${strict}"][aria-checked="true"]`).waitFor();
    await page.getByTestId("tool-select").selectOption("demo__save_setting");
    const form = page.getByTestId("arguments-form");
    await expect(form.getByRole("textbox", { name: /^value.*JSON/ }).count()).resolves.toBe(1);
    await expect(form.getByText("JSON text", { exact: false }).count()).resolves.toBeGreaterThan(0);
    await page.getByTestId("strict-auto").click();
  });

  it("shows a description and what the encoding adds to it apart", async () => {
    await page.getByTestId("tool-select").selectOption("demo__set_labels");
    const texts = await page.getByTestId("arguments-form").locator('[data-description="labels"]').allInnerTexts();
    expect(texts).toEqual([
      "Any label names and values",
      "Sent as a list of { key, value } entries; the server gets the object back.",
    ]);
  });

  it("keeps each JSON string of the Tools view's schema and definitions on one line", async () => {
    await page.getByTestId("tab-tools").click();
    await page.locator('[data-tool="demo__search_books"]').click();
    // Each API's full JSON opened, beside the schema as the server lists it.
    for (const summary of await page.getByTestId("side-by-side").locator(".full-json summary").all()) {
      await summary.click();
    }
    const strings = page.getByTestId("tool-detail").locator(".side-by-side .j-string, .side-by-side .j-key");
    await expect(strings.count()).resolves.toBeGreaterThan(40);
    const wrapped = await strings.evaluateAll((spans) =>
      spans.filter((span) => span.getClientRects().length > 1).map((span) => span.textContent),
    );
    expect(wrapped).toEqual([]);
    await shot(page, "35-columns");
  });

  it("says what the model reads up front when the tools are deferred, beside the bytes of the request", async () => {
    const forms = page.getByTestId("responses-forms");
    await forms.getByTestId("responses-form").selectOption("deferred-hosted");
    const words = await forms.getByTestId("responses-form-bytes").textContent();
    expect(words).toMatch(
      /^Up front the model reads the names and descriptions of \d+ namespaces \(\d+(\.\d)? (B|KB)\)/,
    );
    expect(words).toContain("The request still carries every definition");
    await forms.scrollIntoViewIfNeeded();
    await shot(page, "36-deferred-hosted");
  });
});

describe("a conversation's turns", () => {
  it("are numbered on from one message to the next, and a finished answer does not read as an error", async () => {
    const page = await open("view=chat");
    await page.getByTestId("chat-policy").selectOption("run-everything");
    for (const message of ["What is 84 divided by 2?", "And again?"]) {
      await page.getByTestId("message").fill(message);
      await page.getByTestId("send").click();
      await page.getByTestId("stop").waitFor({ state: "hidden" });
    }
    await expect(page.getByTestId("turn-3").locator(".turn-head").textContent()).resolves.toBe("Turn 3");
    await expect(page.getByTestId("turn-4").textContent()).resolves.toContain("The tool said: 42");
    const endings = await page.getByTestId("stop-reason").allTextContents();
    expect(endings).toEqual([
      "Done: the model answered, calling no more tools.",
      "Done: the model answered, calling no more tools.",
    ]);
    await page.close();
  });
});

describe("with a key set", () => {
  it("offers the scripted model beside the real one, says what it is; it asks the model server nothing", async () => {
    const page = await open("view=chat");
    const before = test.fake.requests.length;
    await expect(
      page.locator("#chat-models option").evaluateAll((options) => options.map((o) => o.getAttribute("value"))),
    ).resolves.toEqual(["fake-model", "scripted"]);
    await expect(page.getByTestId("scripted-note").count()).resolves.toBe(0);
    await page.getByTestId("model").fill("scripted");
    await expect(page.getByTestId("scripted-note").textContent()).resolves.toContain("not a language model");
    await page.getByTestId("message").fill("What is 84 divided by 2?");
    await page.getByTestId("send").click();
    await page.getByTestId("stop").waitFor({ state: "hidden" });
    await expect(page.getByTestId("turn-2").textContent()).resolves.toContain("demo__divide returned “42”.");
    expect(test.fake.requests.length).toBe(before);
    await page.close();
  });
});
