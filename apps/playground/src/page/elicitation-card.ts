// A tool's request for input (MCP elicitation): the server's message, then a
// form built from the requested schema (the Run view's arguments form), or
// the URL it wants opened, and the answers MCP defines: Accept, Decline,
// Cancel. The answer goes back through `POST /api/elicit` to the executor's
// `elicit`, which checks a form's values against the schema before the
// server gets them. As the specification asks, the card says which server
// asks, and a URL is shown in full and opened only when the user says so
// (https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation).
import type { ElicitAnswerRequest, ElicitationView, Json } from "../shared/api-types";
import { ApiError } from "./api-client";
import type { Api } from "./api-client";
import { createArgumentsForm } from "./arguments-form";
import { h, replace } from "./dom";

type Field = { readonly [key: string]: Json };

function isField(value: Json | undefined): value is Field {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `const`s of a titled choice (`oneOf` / `anyOf` of `{ const, title }`), or `undefined`. */
function choices(options: Json | undefined): Json[] | undefined {
  if (!Array.isArray(options)) return undefined;
  const values = options.flatMap((option) =>
    isField(option) && option["const"] !== undefined ? [option["const"]] : [],
  );
  return values.length === options.length ? values : undefined;
}

/** What a field's choices are called, when a titled choice names them (`hero-1: Superman`). */
function choiceTitles(options: Json | undefined): string | undefined {
  if (!Array.isArray(options)) return undefined;
  const titles = options.flatMap((option) =>
    isField(option) && typeof option["title"] === "string"
      ? [`${JSON.stringify(option["const"])}: ${option["title"]}`]
      : [],
  );
  return titles.length === 0 ? undefined : titles.join(", ");
}

/**
 * One field of the requested schema in the shape the arguments form reads: a
 * titled single choice (`oneOf` of `const`s) or multiple choice (`items.anyOf`)
 * becomes an `enum`, and the field's title and what its choices are called
 * join its description.
 */
function formField(field: Field): Field {
  const single = choices(field["oneOf"]);
  const items = isField(field["items"]) ? field["items"] : undefined;
  const multiple = items === undefined ? undefined : choices(items["anyOf"]);
  const titles = choiceTitles(field["oneOf"]) ?? (items === undefined ? undefined : choiceTitles(items["anyOf"]));
  const description = [field["title"], field["description"], titles === undefined ? undefined : `(${titles})`]
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join(" — ");
  const { oneOf: _oneOf, ...rest } = field;
  return {
    ...rest,
    ...(single === undefined ? {} : { enum: single }),
    ...(multiple === undefined || items === undefined ? {} : { items: { type: "string", enum: multiple } }),
    ...(description === "" ? {} : { description }),
  };
}

/** A value to start a required field with that has no default. */
function startValue(field: Field): Json {
  const enumValues = field["enum"];
  if (Array.isArray(enumValues)) return enumValues[0] ?? null;
  const type = field["type"];
  if (type === "boolean") return false;
  if (type === "number" || type === "integer") return typeof field["minimum"] === "number" ? field["minimum"] : 0;
  return type === "array" ? [] : "";
}

/** The requested schema as the form reads it, and the form's first values (each default; every required field). */
function formOf(requested: Json): { schema: Json; value: { [name: string]: Json } } {
  const root = isField(requested) ? requested : {};
  const properties = isField(root["properties"]) ? root["properties"] : {};
  const required = Array.isArray(root["required"]) ? root["required"] : [];
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [name, isField(field) ? formField(field) : {}]),
  );
  const value: { [name: string]: Json } = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field["default"] !== undefined) value[name] = field["default"];
    else if (required.includes(name)) value[name] = startValue(field);
  }
  return { schema: { type: "object", properties: fields, required }, value };
}

/** What the card says once answered. */
const ANSWERED: { readonly [action in ElicitAnswerRequest["action"]]: string } = {
  accept: "Accepted: the tool gets your answer.",
  decline: "Declined: the tool is told you said no.",
  cancel: "Cancelled: the tool is told you dismissed it.",
};

/**
 * The card for `request` of run `runId`, made once per request (a view that
 * redraws around it keeps what is typed in it).
 *
 * @example
 * ```ts
 * cards.push(elicitationCard(context.api, event.runId, event.request));
 * ```
 */
export function elicitationCard(api: Api, runId: string, request: ElicitationView): HTMLElement {
  const form = request.mode === "form" ? formOf(request.requestedSchema) : undefined;
  let content = form?.value ?? {};
  const status = h("p", { class: "muted", "data-testid": "elicitation-answer", hidden: true });
  const card = h("div", { class: "notice warn elicitation", "data-testid": "elicitation" });
  const send = (action: ElicitAnswerRequest["action"]): void => {
    // One answer per request: the form and the buttons are done with.
    for (const control of card.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>(
      "button, input, select",
    ))
      control.disabled = true;
    const body: ElicitAnswerRequest = {
      runId,
      elicitationId: request.elicitationId,
      action,
      ...(action === "accept" && form !== undefined ? { content } : {}),
    };
    status.hidden = false;
    replace(status, ANSWERED[action]);
    api.post("/api/elicit", body).catch((error: unknown) => {
      replace(status, `Not answered: ${error instanceof ApiError ? error.message : String(error)}`);
    });
  };
  const button = (label: string, action: ElicitAnswerRequest["action"], className: string): HTMLButtonElement =>
    h(
      "button",
      { type: "button", class: className, "data-testid": `elicitation-${action}`, onclick: () => send(action) },
      label,
    );
  const url = request.url ?? "";
  const body =
    form === undefined
      ? [
          h("p", {}, "It asks you to open this page (what you enter there does not pass through the playground):"),
          h("p", {}, h("code", { class: "elicitation-url", "data-testid": "elicitation-url" }, url)),
          h(
            "div",
            { class: "actions" },
            h(
              "button",
              {
                type: "button",
                class: "primary",
                "data-testid": "elicitation-open",
                onclick: () => {
                  window.open(url, "_blank", "noopener,noreferrer");
                  send("accept");
                },
              },
              "Open the page",
            ),
            button("Decline", "decline", "danger"),
            button("Cancel", "cancel", ""),
          ),
        ]
      : [
          createArgumentsForm(form.schema, form.value, (value) => {
            content = isField(value) ? { ...value } : {};
          }).element,
          h(
            "div",
            { class: "actions" },
            button("Accept", "accept", "primary"),
            button("Decline", "decline", "danger"),
            button("Cancel", "cancel", ""),
          ),
        ];
  replace(
    card,
    h(
      "p",
      {},
      h("strong", {}, "Input requested: "),
      `server "${request.server}" asks for its tool `,
      h("code", {}, request.toolName),
      h("span", { class: "muted" }, ` (call ${request.callId})`),
      ":",
    ),
    h("blockquote", { "data-testid": "elicitation-message" }, request.message),
    body,
    status,
  );
  return card;
}
