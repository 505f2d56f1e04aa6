// Prints "N passed, N failed" from vitest's JSON report; exits non-zero when
// the report is missing, when any test failed, or when no test ran at all.
import fs from "node:fs";

const file = process.argv[2] ?? ".ci/out/vitest.json";
let report;
try {
  report = JSON.parse(fs.readFileSync(file, "utf8"));
} catch (error) {
  console.log(`no test report at ${file} (${error.message}): 0 passed, 0 failed`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failedTests = report.numFailedTests ?? 0;
const failedSuites = report.numFailedTestSuites ?? 0;
// (vitest counts a file or describe block as a failed suite when a test in it fails, or when it cannot run)
if (failedSuites > 0) console.log(`${failedSuites} test suite(s) failed (files or describe blocks)`);
console.log(`${passed} passed, ${failedTests} failed`);
process.exit(failedTests > 0 || failedSuites > 0 || passed === 0 ? 1 : 0);
