// The Conversation view with no key, in Chromium: the built-in scripted model
// streams its text and arguments, calls tools in parallel, waits for an
// approval, reads a denial and an error, and answers citing the results, in
// both OpenAI APIs, with no network.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec, everythingServerSpec } from "../src/server/server-spec";
import { buildPage, launchChromium, SCREENSHOTS } from "./browser";

let built: Awaited<ReturnType<typeof buildPage>>;
let playground: Playground;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  built = await buildPage();
  // No `openai` settings at all: no key, no base URL.
  [playground, browser] = await Promise.all([
    startPlayground({
      servers: [demoServerSpec(), everythingServerSpec()],
      port: 0,
      logger: silentLogger,
      pageDir: built.dir,
    }),
    launchChromium(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  built?.remove();
});

async function open(width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${playground.url}&view=chat`);
  await page.getByTestId("message").waitFor();
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId("message").fill(text);
  await page.getByTestId("send").click();
}

/** Waits until the run is over (the Send button is back). */
async function answered(page: Page): Promise<void> {
  await page.getByTestId("stop").waitFor({ state: "hidden" });
}

/**
 * From now on, the text of the streaming bubble of the conversation's turn `turn` each time the page puts it up,
 * in order (each piece redraws it).
 */
async function recordStreamedText(page: Page, turn: number): Promise<() => Promise<string[]>> {
  await page.evaluate((testId) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element)
            for (const live of [node, ...node.querySelectorAll(`[data-testid="${testId}"]`)])
              if (live.getAttribute("data-testid") === testId)
                seen.push(live.querySelector("[data-testid=live-text]")?.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true });
  }, `live-turn-${turn}`);
  return () => page.evaluate(() => (window as unknown as { seen: string[] }).seen.filter((text) => text !== ""));
}

describe("without a key", () => {
  it("says the conversation runs on the scripted model, and how to use a real one", async () => {
    const page = await open();
    await expect(page.getByTestId("no-key").textContent()).resolves.toContain(
      "OPENAI_API_KEY=sk-… npx -y pnpm@12.4.2 playground",
    );
    await expect(page.getByTestId("model").inputValue()).resolves.toBe("scripted");
    await expect(page.getByTestId("scripted-note").textContent()).resolves.toContain("not a language model");
    await expect(page.getByTestId("tab-chat").textContent()).resolves.toBe("Conversation (scripted model)");
    for (const width of [420, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(width);
      await page.screenshot({ path: join(SCREENSHOTS, `40-scripted-${width}.png`), fullPage: true });
    }
    await page.close();
  });
});

describe.each(["responses", "chat"] as const)("the scripted model in %s", (api) => {
  let page: Page;

  beforeAll(async () => {
    page = await open();
    await page.getByTestId("chat-api").selectOption(api);
  });

  afterAll(async () => {
    await page?.close();
  });

  it("streams text and arguments, calls three tools at once, waits for an approval, reads a denial", async () => {
    const streamed = await recordStreamedText(page, 1);
    await page.getByTestId("example-message").click();
    await page.getByTestId("send").click();
    const card = page.getByTestId("approval");
    await card.waitFor();
    // Three calls in one turn, streamed in before any ran; only the one that is not read-only waits.
    const live = page.getByTestId("live-turn-1").getByTestId("live-call");
    await expect(live.allTextContents()).resolves.toEqual([
      'demo__divide{"dividend":84,"divisor":2}',
      'demo__plot_bars{"values":[3,1,4,1,5],"colour":null}',
      'demo__create_event{"title":"Launch","start":{"date":"2025-06-01","time":null},"location":null,' +
        '"attendees":[{"email":"ada@example.com","name":null,"optional":null}],"reminder_minutes":null}',
    ]);
    await expect(card.getByTestId("approval-name").textContent()).resolves.toBe("demo__create_event");
    await page.screenshot({ path: join(SCREENSHOTS, `41-scripted-approval-${api}.png`), fullPage: true });
    await card.getByTestId("deny-reason").fill("not today");
    await card.getByTestId("deny").click();
    await answered(page);
    // The text came in pieces: the page showed it growing.
    const pieces = await streamed();
    const final = await page.getByTestId("turn-1").locator(".bubble.model").textContent();
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((piece) => (final ?? "").startsWith(piece))).toBe(true);
    expect(new Set(pieces).size).toBeGreaterThan(2);
    const answer = await page.getByTestId("turn-2").locator(".bubble.model").textContent();
    expect(answer).toContain("demo__divide returned “42”.");
    expect(answer).toContain(
      "demo__plot_bars returned “A bar chart of 5 value(s).” and an image " +
        (api === "responses" ? "(shown with the call)" : "I could not see (this API passes me [image: image/png"),
    );
    expect(answer).toContain("demo__create_event: you did not allow it (“not today”), so it did not run.");
    await expect(page.getByTestId("stop-reason").last().textContent()).resolves.toBe(
      "Done: the model answered, calling no more tools.",
    );
    await page.screenshot({ path: join(SCREENSHOTS, `42-scripted-answer-${api}.png`), fullPage: true });
  });

  it("shows an image the model got as the image (Responses), or the placeholder it read (Chat)", async () => {
    const turn = page.getByTestId("turn-1");
    if (api === "responses") {
      const image = turn.getByTestId("image-responses");
      await expect(image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).resolves.toBeGreaterThan(0);
      await turn.screenshot({ path: join(SCREENSHOTS, "43-scripted-image.png") });
    } else {
      await expect(turn.locator("img").count()).resolves.toBe(0);
      await expect(turn.textContent()).resolves.toMatch(/\[image: image\/png, \d+ bytes\]/);
    }
  });

  it("reads a tool's error, tries once more with the schema's example, and cites both", async () => {
    await send(page, "What is 7 divided by 0?");
    await answered(page);
    const log = page.getByTestId("conversation");
    const retry = await log.getByTestId("turn-4").locator(".bubble.model").textContent();
    expect(retry).toContain("demo__divide failed: “Cannot divide 7 by zero: choose a divisor other than 0.”");
    expect(retry).toContain("I read the error and try it once more");
    await expect(log.getByTestId("turn-4").textContent()).resolves.toContain('{"dividend":8,"divisor":8}');
    await expect(log.getByTestId("turn-5").textContent()).resolves.toContain(
      "Then, with the example: demo__divide returned “1”.",
    );
  });

  it("brings a call waiting for approval into view, below a long conversation (1280×900)", async () => {
    await send(page, 'Create an event "Review" on 2025-07-01');
    const approve = page.getByTestId("approval").getByTestId("approve");
    await approve.waitFor();
    const box = await approve.boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 900).toBe(true);
    await approve.click();
    await answered(page);
    await expect(page.getByTestId("conversation").textContent()).resolves.toContain(
      "demo__create_event returned “Created event",
    );
  });
});
