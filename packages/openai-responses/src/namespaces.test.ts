import { buildToolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { uniqueNames } from "./namespace-layout";
import type { ResponsesItem, ResponsesNamespaceTool } from "./responses-types";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const object = { type: "object" } as const;
const { toolset } = buildToolset([
  [
    "git hub",
    [
      { name: "create_issue", description: "Creates an issue.", inputSchema: object },
      { name: "list.issues", inputSchema: object },
    ],
  ],
  ["git_hub", [{ name: "create_issue", inputSchema: object }]],
  ["k8s", [{ name: "get", description: "Gets resources.", inputSchema: object }]],
]);
const call = (callId: string, namespace: string, name: string): ResponsesItem =>
  ({ type: "function_call", call_id: callId, namespace, name, arguments: "{}" }) as ResponsesItem;

describe("namespaces", () => {
  it("puts each server's tools in one namespace, names sanitised and unique, tool names unprefixed", () => {
    const { tools: sent } = tools(toolset, {
      namespaces: { instructions: { k8s: "Kubernetes cluster tools.\u200b" } },
    });
    expect(sent.map((tool) => tool.type)).toEqual(["namespace", "namespace", "namespace"]);
    const namespaces = sent as ResponsesNamespaceTool[];
    expect(
      namespaces.map(({ name, description, tools: inner }) => [name, description, inner.map((fn) => fn.name)]),
    ).toEqual([
      ["git_hub", "Tools of the MCP server git_hub.", ["create_issue"]],
      ["git_hub_2", "Tools of the MCP server git hub.", ["create_issue", "list_issues"]],
      ["k8s", "Kubernetes cluster tools.", ["get"]],
    ]);
    expect(namespaces[2]!.tools[0]).toEqual({
      type: "function",
      name: "get",
      description: "Gets resources.",
      parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
      strict: true,
    });
  });

  it("resolves (namespace, name) to the toolset tool, the same names tools() sent", () => {
    const prepared = tools(toolset, { namespaces: true });
    const { calls, rejected } = toolCalls(
      [call("c1", "git_hub_2", "list_issues"), call("c2", "git_hub", "create_issue"), call("c3", "k8s", "get")],
      prepared,
    );
    expect(rejected).toEqual([]);
    expect(calls.map(({ callId, server, toolName, index }) => [callId, server, toolName, index])).toEqual([
      ["c1", "git hub", "list.issues", 0],
      ["c2", "git_hub", "create_issue", 1],
      ["c3", "k8s", "get", 2],
    ]);
  });

  it("rejects an unknown namespace, or a tool outside its namespace, listing what exists", () => {
    const prepared = tools(toolset, { namespaces: true });
    const { calls, rejected } = toolCalls(
      [call("c1", "gitlab", "create_issue"), call("c2", "k8s", "create_issue"), call("c3", "k8s", "k8s__get")],
      prepared,
    );
    expect(calls).toEqual([]);
    expect(rejected.map(({ callId, name, error, output }) => [callId, name, error.code, output.output])).toEqual([
      [
        "c1",
        "gitlab.create_issue",
        "unknown-tool",
        'Error: There is no namespace "gitlab". Namespaces: git_hub, git_hub_2, k8s.',
      ],
      [
        "c2",
        "k8s.create_issue",
        "unknown-tool",
        'Error: The namespace "k8s" has no tool "create_issue". Its tools: get.',
      ],
      ["c3", "k8s.k8s__get", "unknown-tool", 'Error: The namespace "k8s" has no tool "k8s__get". Its tools: get.'],
    ]);
  });

  it("lists only the tools offered: one left out under strict: true is not in its namespace", () => {
    const { toolset: mixed } = buildToolset({
      s: [
        { name: "ok", inputSchema: object },
        {
          name: "loose",
          inputSchema: { type: "object", properties: { q: { oneOf: [{ type: "string" }, { type: "number" }] } } },
        },
      ],
    });
    const prepared = tools(mixed, { namespaces: true, strict: true });
    const { tools: sent } = prepared;
    expect((sent[0] as ResponsesNamespaceTool).tools.map((fn) => fn.name)).toEqual(["ok"]);
    const { rejected } = toolCalls([call("c1", "s", "loose")], prepared);
    expect(rejected[0]!.error.message).toBe('The namespace "s" has no tool "loose". Its tools: ok.');
  });
});

describe("uniqueNames", () => {
  it.each<[string[], string[]]>([
    [["github"], ["github"]],
    [
      ["a b", "a_b"],
      ["a_b_2", "a_b"],
    ],
    [
      ["a b", "a.b", "a_b_2"],
      ["a_b_3", "a_b_4", "a_b_2"],
    ],
    [[""], ["_"]],
    [
      ["x".repeat(64) + "!", "x".repeat(65)],
      ["x".repeat(62) + "_2", "x".repeat(62) + "_3"],
    ],
  ])("%j → %j", (originals, names) => {
    const assigned = uniqueNames(originals);
    expect(originals.map((original) => assigned.get(original))).toEqual(names);
    expect(uniqueNames([...originals].reverse())).toEqual(assigned);
  });
});
