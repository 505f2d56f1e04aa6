let executions = 0;

/** The id of a new round (`executionId` in the hook events): with a call id, it names one call of one run. */
export function nextExecutionId(): string {
  return String(++executions);
}
