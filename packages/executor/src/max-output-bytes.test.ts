import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { truncationMarker } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { TINY_PNG, useFaultServer } from "./__fixtures__/fault-server";
import { chatCompletion, responsesResponse } from "./__fixtures__/model-responses";
import { DEFAULT_MAX_OUTPUT_BYTES } from "./execute-options";
import { executeToolCalls } from "./execute-tool-calls";

describe("maxOutputBytes in executeToolCalls", () => {
  const env = useFaultServer();

  it("cuts an over-long result with a visible marker; the outcome keeps the whole result", async () => {
    const { outputs, outcomes } = await executeToolCalls(
      chatCompletion([["c1", "faults__big", { unit: "ab", count: 50 }]]),
      chat.tools(env.toolset),
      { faults: env.faults.client },
      { maxOutputBytes: 31 + 1 + 10 },
    );
    expect(outputs).toEqual([{ role: "tool", tool_call_id: "c1", content: `ababababab\n${truncationMarker(90)}` }]);
    expect(outcomes[0]).toMatchObject({ truncatedBytes: 90, outcome: { content: [{ text: "ab".repeat(50) }] } });
  });

  it(`cuts at ${DEFAULT_MAX_OUTPUT_BYTES} bytes by default, and not at all with Infinity`, async () => {
    const call = chatCompletion([["c1", "faults__big", { unit: "0123456789", count: 20_000 }]]);
    const byDefault = await executeToolCalls(call, chat.tools(env.toolset), { faults: env.faults.client });
    // The marker and its line break take 35 of the 100,000 bytes.
    expect(byDefault.outputs[0]?.content).toBe(
      `${"0123456789".repeat(10_000).slice(0, 99_965)}\n${truncationMarker(100_035)}`,
    );
    const unlimited = await executeToolCalls(
      call,
      chat.tools(env.toolset),
      { faults: env.faults.client },
      { maxOutputBytes: Infinity },
    );
    expect(unlimited.outputs[0]?.content).toBe("0123456789".repeat(20_000));
  });

  it("keeps images as images for Responses while cutting the text (a limit too small for the marker)", async () => {
    const { outputs } = await executeToolCalls(
      responsesResponse([["r1", "faults__image", {}]]),
      responses.tools(env.toolset),
      { faults: env.faults.client },
      { maxOutputBytes: 9 },
    );
    expect(outputs).toEqual([
      {
        type: "function_call_output",
        call_id: "r1",
        output: [
          { type: "input_text", text: "before" },
          { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${TINY_PNG}` },
          { type: "input_text", text: "af" },
        ],
      },
    ]);
  });
});
