// A user's CommonJS project.
import strictSchema = require("@x/strict-schema");
import toolset = require("@x/toolset");
import chat = require("@x/openai-chat");
import responses = require("@x/openai-responses");
import executor = require("@x/executor");

export const modules: readonly object[] = [strictSchema, toolset, chat, responses, executor];
