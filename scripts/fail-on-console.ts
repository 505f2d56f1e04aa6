// Any console output from a test is a failure: it is either noise that hides
// real output or a diagnostic that a test should assert on instead.
import { afterEach } from "vitest";

const methods = ["log", "info", "warn", "error", "debug", "trace"] as const;
const calls: string[] = [];

for (const method of methods) {
  console[method] = (...args: unknown[]) => {
    calls.push(`console.${method}: ${args.map(String).join(" ")}`);
  };
}

afterEach(() => {
  if (calls.length > 0) {
    const seen = calls.splice(0);
    throw new Error(`Test wrote to the console:\n${seen.join("\n")}`);
  }
});
