import { describe, expect, it } from "vitest";
import type { OfferedTool } from "./choose-tools";
import { IMAGE_NOTE, nextTurn } from "./script";
import type { ReadCall } from "./script";

const numbers = (...names: string[]) => ({
  type: "object",
  properties: Object.fromEntries(names.map((name) => [name, { type: "number" }])),
  required: names,
  additionalProperties: false,
});

const offered: OfferedTool[] = [
  { name: "demo__divide", description: "Divide two numbers.", parameters: numbers("dividend", "divisor") },
  {
    name: "demo__plot_bars",
    description: "Plot numbers.",
    parameters: {
      type: "object",
      properties: { values: { type: "array", items: { type: "number" } } },
      required: ["values"],
      additionalProperties: false,
    },
  },
  {
    name: "demo__create_event",
    description: "Create an event.",
    parameters: {
      type: "object",
      properties: { title: { type: "string" }, note: { type: ["string", "null"] } },
      required: ["title", "note"],
      additionalProperties: false,
    },
  },
];

const call = (name: string, args: string, output: string | undefined): ReadCall => ({ name, arguments: args, output });

describe("nextTurn", () => {
  it("calls every tool the message names at once, with its numbers and quoted words", () => {
    const turn = nextTurn(
      { message: 'Divide 84 by 2, plot 3 1 4 as bars and create an event "Launch"', rounds: [] },
      offered,
    );
    expect(turn.calls.map(({ name, arguments: args }) => [name, args])).toEqual([
      ["demo__divide", '{"dividend":84,"divisor":2}'],
      ["demo__plot_bars", '{"values":[3,1,4]}'],
      ["demo__create_event", '{"title":"Launch","note":null}'],
    ]);
    expect(new Set(turn.calls.map((each) => each.callId)).size).toBe(3);
    expect(turn.text).toContain("at once (3 calls in parallel)");
  });

  it("names the tools it has when the message names none", () => {
    const turn = nextTurn({ message: "Hello", rounds: [] }, offered);
    expect(turn.calls).toEqual([]);
    expect(turn.text).toContain("I was given 3: demo__divide, demo__plot_bars, demo__create_event.");
  });

  it("tries a failed call once more with the schema's example, then cites both tries", () => {
    const failed = call("demo__divide", '{"dividend":7,"divisor":0}', "Error: Cannot divide 7 by zero.");
    const retry = nextTurn({ message: "7 divided by 0", rounds: [[failed]] }, offered);
    expect(retry.calls.map((each) => each.arguments)).toEqual(['{"dividend":8,"divisor":8}']);
    expect(retry.text).toContain("demo__divide failed: “Cannot divide 7 by zero.” I read the error");
    const answer = nextTurn(
      { message: "7 divided by 0", rounds: [[failed], [call("demo__divide", '{"dividend":8,"divisor":8}', "1")]] },
      offered,
    );
    expect(answer.calls).toEqual([]);
    expect(answer.text).toBe(
      "Here is what the tools said:\n" +
        "- demo__divide failed: “Cannot divide 7 by zero.” Then, with the example: demo__divide returned “1”.",
    );
  });

  it("does not try again what failed with the example already, nor what the user denied", () => {
    const example = call("demo__divide", '{"dividend":8,"divisor":8}', "Error: no");
    expect(nextTurn({ message: "divide", rounds: [[example]] }, offered).calls).toEqual([]);
    const denied = call(
      "demo__create_event",
      "{}",
      'Error: The user did not allow the call to the tool "demo__create_event": not now',
    );
    const answer = nextTurn({ message: "create an event", rounds: [[denied]] }, offered);
    expect(answer.calls).toEqual([]);
    expect(answer.text).toContain("demo__create_event: you did not allow it (“not now”), so it did not run.");
  });

  it.each([
    [`A bar chart. ${IMAGE_NOTE}`, "demo__plot_bars returned “A bar chart.” and an image (shown with the call)."],
    [
      "A bar chart.\n[image: image/png, 234 bytes]",
      "demo__plot_bars returned “A bar chart.” and an image I could not see (this API passes me [image: image/png, " +
        "234 bytes] instead).",
    ],
    ["", "demo__plot_bars returned nothing."],
    ['Error: The tool "demo__plot_bars" was not run, because the run was stopped.', "was not run: the run was stopped"],
  ])("cites %j", (output, cited) => {
    const answer = nextTurn({ message: "plot", rounds: [[call("demo__plot_bars", "{}", output)]] }, offered);
    expect(answer.text).toContain(cited);
  });

  it("quotes at most 300 characters of an output", () => {
    const answer = nextTurn({ message: "divide", rounds: [[call("demo__divide", "{}", "x".repeat(1000))]] }, offered);
    expect(answer.text).toContain(`“${"x".repeat(300)}…”`);
  });
});
