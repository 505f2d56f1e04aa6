// Read once: the time origin of a process (or page) does not change.
const origin = performance.timeOrigin;

/**
 * Now, in milliseconds since the Unix epoch, with sub-millisecond precision
 * and monotonic within a run (the time origin plus the monotonic clock, as
 * OpenTelemetry reads it): a start time plus a duration is exactly the end
 * time, and a clock adjustment mid-call cannot give a negative duration.
 */
export function now(): number {
  return origin + performance.now();
}
