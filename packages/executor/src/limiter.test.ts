import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createLimiter", () => {
  it("runs at most `concurrency` tasks at once, starting the others in order as slots free", async () => {
    const limit = createLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((gate, i) =>
      limit(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await gate.promise;
        running--;
        return i * 10;
      }),
    );
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    gates[3]?.resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
  });

  it("frees the slot of a task that rejects, and passes the rejection on", async () => {
    const limit = createLimiter(1);
    const failed = limit(() => Promise.reject(new Error("broken")));
    const next = limit(() => Promise.resolve("ran"));
    await expect(failed).rejects.toThrow("broken");
    await expect(next).resolves.toBe("ran");
  });

  it("with Infinity, starts every task at once", () => {
    const limit = createLimiter(Infinity);
    const started: number[] = [];
    for (let i = 0; i < 100; i++) void limit(() => Promise.resolve(started.push(i)));
    expect(started).toHaveLength(100);
  });
});
