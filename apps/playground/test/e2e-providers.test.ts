// Every provider in Chromium, with no key and no network: the Tools view shows
// a tool as each API receives it side by side (what changed, marked on the
// original schema, the full JSON a click away, why a tool is a fallback or
// left out) and what each API's request carries in bytes and tokens, with and
// without deferral; the Conversation view runs on the scripted model speaking
// Anthropic Messages and Gemini, streamed, with parallel calls, an approval,
// a denial and an error it reads.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec } from "../src/server/server-spec";
import { buildPage, launchChromium, SCREENSHOTS } from "./browser";

let built: Awaited<ReturnType<typeof buildPage>>;
let playground: Playground;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  built = await buildPage();
  // No key of any provider: every conversation API runs on the scripted model.
  [playground, browser] = await Promise.all([
    startPlayground({ servers: [demoServerSpec()], port: 0, logger: silentLogger, pageDir: built.dir }),
    launchChromium(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  built?.remove();
});

async function open(query: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${playground.url}&${query}`);
  return page;
}

const text = async (locator: Locator): Promise<string> => (await locator.textContent()) ?? "";

describe("the Tools view, side by side", () => {
  let page: Page;

  beforeAll(async () => {
    page = await open("view=tools&tool=demo__create_event");
    await page.getByTestId("side-by-side").waitFor();
  });

  afterAll(async () => {
    await page?.close();
  });

  it("shows the tool as each API receives it: strict or not, its cost, and what changed", async () => {
    const chat = page.getByTestId("form-chat");
    await expect(text(chat.getByTestId("form-status"))).resolves.toBe("strict");
    await expect(text(chat.getByTestId("form-cost"))).resolves.toMatch(/^\d+(\.\d)? (B|KB) · \d+ tokens$/);
    const chatChanges = await text(chat.getByTestId("form-changes"));
    expect(chatChanges).toContain("optional, so it may be null");
    expect(chatChanges).toMatch(
      /optional, so it may be null: a null from the model is left outat start\.time, location/,
    );
    expect(chatChanges).toContain("additionalProperties: false added");
    expect(chatChanges).toContain("$schema");
    // Claude goes strict within the request's budget: optional properties stay optional, bounds go into words.
    const anthropic = page.getByTestId("form-anthropic");
    await expect(text(anthropic.getByTestId("form-status"))).resolves.toBe("strict");
    const anthropicChanges = await text(anthropic.getByTestId("form-changes"));
    expect(anthropicChanges).not.toContain("may be null");
    expect(anthropicChanges).toContain("minimum written into the description: “at least 0”");
    await expect(text(anthropic.getByTestId("form-cost"))).resolves.toMatch(/≈ \d+ tokens \(estimate\)$/);
    const gemini = page.getByTestId("form-gemini");
    await expect(text(gemini.getByTestId("form-status"))).resolves.toBe("as listed");
    // Gemini takes optional properties as they are: nothing is made nullable, the $schema keyword goes.
    const geminiChanges = await text(gemini.getByTestId("form-changes"));
    expect(geminiChanges).not.toContain("may be null");
    expect(geminiChanges).toContain("$schema");
    await expect(text(gemini.getByTestId("form-cost"))).resolves.toMatch(/≈ \d+ tokens \(estimate\)$/);
    for (const width of [420, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(width);
      await page.getByTestId("side-by-side").screenshot({ path: join(SCREENSHOTS, `50-side-by-side-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("marks an API's changes on the schema as the server lists it, and opens the full JSON", async () => {
    const marked = page.getByTestId("schema-original").getByTestId("marked-line");
    await expect(text(page.getByTestId("marked-caption"))).resolves.toContain("what Chat Completions changes");
    const chatLines = await marked.allTextContents();
    expect(chatLines.some((line) => line.includes('"time": {') && line.includes("may be null"))).toBe(true);
    await page.getByTestId("mark-gemini").click();
    await expect(text(page.getByTestId("marked-caption"))).resolves.toContain("what Gemini changes");
    await expect(page.getByTestId("mark-gemini").getAttribute("aria-pressed")).resolves.toBe("true");
    // The focus stays on the button that marked it (the section was drawn again).
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe("mark-gemini");
    const geminiLines = await marked.allTextContents();
    expect(geminiLines).toHaveLength(1);
    expect(geminiLines[0]).toContain('"$schema"');
    const json = page.getByTestId("schema-gemini");
    await expect(json.isVisible()).resolves.toBe(false);
    await page.getByTestId("form-gemini").getByText("Full JSON").click();
    await expect(json.isVisible()).resolves.toBe(true);
    await expect(text(json)).resolves.toContain('"parametersJsonSchema"');
    await page.getByTestId("side-by-side").screenshot({ path: join(SCREENSHOTS, "51-side-by-side-gemini.png") });
  });

  it("says why a tool is a fallback or left out, per API, with the path and keyword", async () => {
    await page.locator('[data-tool="demo__draw_shape"]').click();
    const chat = page.getByTestId("form-chat");
    await expect(text(chat.getByTestId("form-status"))).resolves.toBe("fallback");
    await expect(text(chat.getByTestId("problem-chat"))).resolves.toContain("oneOf at /properties/shape");
    const gemini = page.getByTestId("form-gemini");
    await expect(text(gemini.getByTestId("form-status"))).resolves.toBe("left out");
    const why = await text(gemini.getByTestId("problem-gemini"));
    expect(why).toContain("Left out: ");
    expect(why).toContain("oneOf at /properties/shape");
    await page.getByTestId("side-by-side").screenshot({ path: join(SCREENSHOTS, "52-side-by-side-left-out.png") });
    // The tools are fetched again for the new setting: wait for the page to show them.
    await page.getByTestId("strict-true").click();
    await expect.poll(() => text(page.getByTestId("form-chat").getByTestId("form-status"))).toBe("left out");
    await page.getByTestId("strict-auto").click();
    await expect.poll(() => text(page.getByTestId("form-chat").getByTestId("form-status"))).toBe("fallback");
  });

  it("shows an encoding where an API needs one, and none where it does not", async () => {
    await page.locator('[data-tool="demo__set_labels"]').click();
    await expect(text(page.getByTestId("form-responses").getByTestId("form-changes"))).resolves.toContain(
      "an open map, sent as a list of { key, value } entries",
    );
    await expect(text(page.getByTestId("form-gemini").getByTestId("form-changes"))).resolves.not.toContain("open map");
  });

  it("says what each API's request carries, in bytes and tokens, with and without deferral", async () => {
    const costs = page.getByTestId("request-costs");
    await expect(text(costs.getByTestId("cost-chat"))).resolves.toContain("No deferred loading");
    const responses = await text(costs.getByTestId("cost-responses"));
    expect(responses).toMatch(/\d+ tokens/);
    expect(responses).not.toContain("estimate");
    await expect(text(costs.getByTestId("cost-gemini"))).resolves.toContain("(estimate)");
    const anthropic = await text(costs.getByTestId("cost-anthropic"));
    expect(anthropic).toContain("(estimate)");
    expect(anthropic).toMatch(/Strict budget of one request: \d+ of 20 strict tools/);
    // Deferred, the model reads far less up front than every definition.
    const tokens = async (cell: Locator): Promise<number> =>
      Number(/([\d,]+) tokens/.exec(await text(cell))?.[1]?.replace(/,/g, "") ?? Number.NaN);
    const all = await tokens(costs.getByTestId("cost-responses").locator("td").nth(1));
    const upFront = await tokens(costs.getByTestId("cost-responses").getByTestId("deferred-up-front"));
    expect(upFront).toBeGreaterThan(0);
    expect(upFront * 5).toBeLessThan(all);
    await costs.screenshot({ path: join(SCREENSHOTS, "53-request-costs.png") });
  });
});

/** Waits until the run is over (the Send button is back). */
async function answered(page: Page): Promise<void> {
  await page.getByTestId("stop").waitFor({ state: "hidden" });
}

describe.each([
  ["anthropic", "ANTHROPIC_API_KEY"],
  ["gemini", "GEMINI_API_KEY"],
] as const)("the scripted model speaking %s", (api, variable) => {
  let page: Page;

  beforeAll(async () => {
    page = await open("view=chat");
    await page.getByTestId("message").waitFor();
    await page.getByTestId("chat-api").selectOption(api);
  });

  afterAll(async () => {
    await page?.close();
  });

  it("says the conversation is scripted, and which key would make it real", async () => {
    await expect(text(page.getByTestId("no-key"))).resolves.toContain(`No ${variable}`);
    await expect(page.getByTestId("model").inputValue()).resolves.toBe("scripted");
    await expect(text(page.getByTestId("scripted-note"))).resolves.toContain("not a language model");
    for (const width of [420, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(width);
      await page.screenshot({ path: join(SCREENSHOTS, `55-scripted-${api}-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("streams, calls three tools at once, waits for an approval, reads the denial and cites every result", async () => {
    await page.getByTestId("example-message").click();
    await page.getByTestId("send").click();
    const card = page.getByTestId("approval");
    await card.waitFor();
    await expect(text(card.getByTestId("approval-name"))).resolves.toBe("demo__create_event");
    await card.getByTestId("deny-reason").fill("not today");
    await card.getByTestId("deny").click();
    await answered(page);
    const first = page.getByTestId("turn-1");
    await expect(first.locator(".call code").first().textContent()).resolves.toBe("demo__divide");
    await expect(first.locator(".call > code").allTextContents()).resolves.toEqual([
      "demo__divide",
      "demo__plot_bars",
      "demo__create_event",
    ]);
    // The image came back to the model, and is shown.
    const image = first.getByTestId(`image-${api}`);
    await expect(image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).resolves.toBeGreaterThan(0);
    const answer = await text(page.getByTestId("turn-2").locator(".bubble.model"));
    expect(answer).toContain("demo__divide returned “42”.");
    expect(answer).toContain(
      "demo__plot_bars returned “A bar chart of 5 value(s).” and an image (shown with the call)",
    );
    expect(answer).toContain("demo__create_event: you did not allow it (“not today”), so it did not run.");
    for (const width of [420, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(width);
      await page.screenshot({ path: join(SCREENSHOTS, `54-scripted-${api}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SCREENSHOTS, `54-scripted-${api}.png`), fullPage: true });
  });

  it("shows the model's turn as the next request replays it", async () => {
    const replayed = page.getByTestId("turn-1").getByTestId("replayed");
    if (api === "gemini") await expect(text(replayed.getByTestId("signatures"))).resolves.toMatch(/signature \S+…/);
    await replayed.locator("summary").click();
    await expect(text(replayed)).resolves.toContain(api === "gemini" ? '"thoughtSignature"' : '"tool_use"');
  });

  it("reads an error, tries once more with the schema's example, and goes on with the same conversation", async () => {
    await page.getByTestId("message").fill("What is 7 divided by 0?");
    await page.getByTestId("send").click();
    await answered(page);
    const retry = await text(page.getByTestId("turn-4").locator(".bubble.model"));
    expect(retry).toContain("demo__divide failed: “Cannot divide 7 by zero");
    await expect(text(page.getByTestId("turn-5"))).resolves.toContain(
      "Then, with the example: demo__divide returned “1”.",
    );
    await expect(text(page.getByTestId("stop-reason").last())).resolves.toBe(
      "Done: the model answered, calling no more tools.",
    );
  });
});
