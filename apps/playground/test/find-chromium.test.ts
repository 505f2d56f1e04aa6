// Which browser the browser tests drive, machine by machine (scripts/find-chromium.mjs).
import { describe, expect, it } from "vitest";
import { findChromium } from "../../../scripts/find-chromium.mjs";

const CHROME_MAC = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
const CHROMIUM_MAC_HOME = "/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium";
const CHROME_WIN_USER = "C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe";
const CHROME_WIN_X86 = "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe";
const WINDOWS_ENV = {
  LOCALAPPDATA: "C:\\Users\\ada\\AppData\\Local",
  PROGRAMFILES: "C:\\Program Files",
  "PROGRAMFILES(X86)": "C:\\Program Files (x86)",
};

/** A machine: what it says, its platform, its environment, the browsers installed on it, and what is expected. */
type Row = [string, string, { [name: string]: string }, string[], string];

describe("findChromium", () => {
  it.each<Row>([
    ["Debian with its chromium", "linux", {}, ["/usr/bin/chromium", "/usr/bin/google-chrome"], "/usr/bin/chromium"],
    ["Linux with Chrome only", "linux", {}, ["/usr/bin/google-chrome-stable"], "/usr/bin/google-chrome-stable"],
    ["Ubuntu's snap", "linux", {}, ["/snap/bin/chromium"], "/snap/bin/chromium"],
    ["macOS with Chrome", "darwin", {}, [CHROME_MAC, CHROMIUM_MAC_HOME], CHROME_MAC],
    ["macOS with Chromium in the user's Applications", "darwin", {}, [CHROMIUM_MAC_HOME], CHROMIUM_MAC_HOME],
    ["Windows, Chrome for the user", "win32", WINDOWS_ENV, [CHROME_WIN_USER, CHROME_WIN_X86], CHROME_WIN_USER],
    ["Windows, Chrome for all users (x86)", "win32", WINDOWS_ENV, [CHROME_WIN_X86], CHROME_WIN_X86],
    ["CHROME_PATH first", "darwin", { CHROME_PATH: "/opt/chrome" }, ["/opt/chrome", CHROME_MAC], "/opt/chrome"],
    ["an empty CHROME_PATH is not set", "linux", { CHROME_PATH: "" }, ["/usr/bin/chromium"], "/usr/bin/chromium"],
  ])("%s", (_, platform, env, installed, expected) => {
    const found = findChromium({ platform, env, home: "/Users/ada", exists: (path) => installed.includes(path) });
    expect(found.path).toBe(expected);
  });

  it.each<Row>([
    [
      "a CHROME_PATH that names nothing",
      "darwin",
      { CHROME_PATH: "/opt/none" },
      [CHROME_MAC],
      "CHROME_PATH is /opt/none",
    ],
    ["macOS without a browser", "darwin", {}, [], "brew install --cask chromium"],
    ["Debian without a browser", "linux", {}, [], "sudo apt-get install -y chromium"],
    ["Windows without a browser", "win32", WINDOWS_ENV, [], "winget install Google.Chrome"],
    ["another system", "freebsd", {}, [], "Install Google Chrome or Chromium."],
  ])("%s: says what to do", (_, platform, env, installed, advice) => {
    const found = findChromium({ platform, env, home: "/Users/ada", exists: (path) => installed.includes(path) });
    expect(found.path).toBeUndefined();
    const problem = found.path === undefined ? found.problem : "";
    expect(problem).toContain(advice);
    expect(problem).toContain("CHROME_PATH");
  });

  it("names the paths it looked in", () => {
    const found = findChromium({ platform: "darwin", env: {}, home: "/Users/ada", exists: () => false });
    expect(found.path === undefined && found.problem).toContain(CHROMIUM_MAC_HOME);
  });
});
