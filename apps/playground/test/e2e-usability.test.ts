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
import { startTestPlayground } from "./start-test-playground";
import type { TestPlayground } from "./start-test-playground";

let built: Awaited<ReturnType<typeof buildPage>>;
let test: TestPlayground;
let playground: Playground;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  built = await buildPage();
  [test, browser] = await Promise.all([
    startTestPlayground({ apiKey: "sk-test-usability", pageDir: built.dir }),
    launchChromium(),
  ]);
  playground = test.playground;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
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
