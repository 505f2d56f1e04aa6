import { describe, expect, it } from "vitest";
import { chooseTools, hintsOf } from "./choose-tools";
import type { OfferedTool } from "./choose-tools";

const offered: OfferedTool[] = [
  "demo__search_books",
  "demo__create_event",
  "demo__weather_forecast",
  "demo__plot_bars",
  "demo__divide",
  "everything__get-sum",
  "everything__echo",
  "everything__get-tiny-image",
].map((name) => ({ name, description: "", parameters: {} }));

describe("chooseTools", () => {
  it.each([
    ["What is 84 divided by 2?", [["demo__divide", [84, 2]]]],
    [
      "Divide 84 by 2, plot 3 1 4 1 5 as bars, and create an event on 2025-06-01",
      [
        ["demo__divide", [84, 2]],
        ["demo__plot_bars", [3, 1, 4, 1, 5]],
        ["demo__create_event", []],
      ],
    ],
    ["Get me the sum of 2 and 3", [["everything__get-sum", [2, 3]]]],
    [
      "Echo this, then show the tiny image",
      [
        ["everything__echo", []],
        ["everything__get-tiny-image", []],
      ],
    ],
    ["What's the weather forecast in Lisbon for 3 days?", [["demo__weather_forecast", [3]]]],
    ["Find books about history", [["demo__search_books", []]]],
    ["Hello there", []],
  ])("%s", (message, expected) => {
    const chosen = chooseTools(message, offered);
    expect(chosen.map(({ tool, hints }) => [tool.name, hints.numbers])).toEqual(expected);
  });

  it("makes at most four calls", () => {
    expect(chooseTools("divide, plot bars, create event, echo, sum, search books", offered)).toHaveLength(4);
  });
});

describe("hintsOf", () => {
  it("reads dates, quoted texts and numbers apart, a date's digits not as numbers", () => {
    expect(hintsOf('create "Launch" on 2025-06-01 for 3 people, “Team” 4.5', ["w"])).toEqual({
      dates: ["2025-06-01"],
      texts: ["Launch", "Team"],
      numbers: [3, 4.5],
      words: ["w"],
    });
  });
});
