/**
 * Runs `task(0)` … `task(count - 1)` with at most `limit` running at once,
 * starting them in index order. Resolves when all are done.
 */
export async function runLimited(count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      await task(index);
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.min(limit, count); i++) workers.push(worker());
  await Promise.all(workers);
}
