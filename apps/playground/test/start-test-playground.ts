// The playground the API and browser tests run against: the two built-in
// servers, one that cannot start, and a fake OpenAI-compatible server.
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec, everythingServerSpec } from "../src/server/server-spec";
import type { ServerSpec } from "../src/server/server-spec";
import { startFakeOpenAi } from "./fake-openai";
import type { FakeOpenAi } from "./fake-openai";

/** The secrets in the "broken" server's arguments and env: the page shows neither. */
export const BROKEN_SERVER_SECRETS = ["broken-server-secret-arg", "broken-server-secret-env"] as const;

/** A running test playground and its fake model server. */
export interface TestPlayground {
  readonly playground: Playground;
  readonly fake: FakeOpenAi;
  close(): Promise<void>;
}

/**
 * Starts the fake model (its first turn calls `demo__divide` with 84 and 2),
 * then the playground pointed at it with `apiKey`, the two built-in servers,
 * one that cannot start and any `more`.
 *
 * @example
 * ```ts
 * const { playground, close } = await startTestPlayground({ apiKey: "sk-test" });
 * ```
 */
export async function startTestPlayground(options: {
  apiKey: string;
  pageDir?: string;
  /** More servers, after the three above. */
  more?: readonly ServerSpec[];
}): Promise<TestPlayground> {
  const fake = await startFakeOpenAi({ name: "demo__divide", arguments: '{"dividend":84,"divisor":2}' });
  const playground = await startPlayground({
    servers: [
      demoServerSpec(),
      everythingServerSpec(),
      // It carries secrets, which the page must show hidden.
      {
        name: "broken",
        transport: "stdio",
        command: "x-playground-no-such-command",
        args: ["--token", BROKEN_SERVER_SECRETS[0]],
        env: { API_TOKEN: BROKEN_SERVER_SECRETS[1] },
        source: "flag",
      },
      ...(options.more ?? []),
    ],
    port: 0,
    logger: silentLogger,
    ...(options.pageDir === undefined ? {} : { pageDir: options.pageDir }),
    openai: { apiKey: options.apiKey, baseURL: fake.baseURL, model: "fake-model" },
  });
  return {
    playground,
    fake,
    close: async () => {
      await playground.close();
      await fake.close();
    },
  };
}
