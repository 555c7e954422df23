import { UAParser } from "ua-parser-js";

// A session's device as My account lists it: the browser and the system, from the User-Agent
// header, read by ua-parser-js (v1, MIT; server-only). Only these few words are stored, never the
// header itself.

const LONGEST_HEADER = 1_000;

/** "Chrome on Android", "Safari on iOS", "Firefox", "Windows"; "Unknown device" when it says nothing. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const { browser, os } = new UAParser(userAgent.slice(0, LONGEST_HEADER)).getResult();
  // "Mobile Safari" and "Chrome Headless" are Safari and Chrome to a person.
  const app = browser.name?.replace(/^Mobile /, "").replace(/ (Headless|WebView)$/, "");
  const system = os.name;
  const words = app && system ? `${app} on ${system}` : (app ?? system ?? "Unknown device");
  return words.slice(0, 80);
}
