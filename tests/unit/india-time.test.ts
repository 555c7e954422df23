import { describe, expect, it } from "vitest";
import { indiaDateTimeToIso, isoToIndiaDateTime } from "#app/lib/dates.ts";

describe("a date-and-time field read and shown in India time (+5:30, no daylight saving)", () => {
  it("reads the field's value as India time", () => {
    expect(indiaDateTimeToIso("2026-12-05T10:30")).toBe("2026-12-05T05:00:00.000Z");
    expect(indiaDateTimeToIso("2026-12-05T03:15:20")).toBe("2026-12-04T21:45:20.000Z");
    expect(indiaDateTimeToIso(" 2026-06-30T23:59 ")).toBe("2026-06-30T18:29:00.000Z");
  });

  it("refuses what is not a real moment of that form", () => {
    for (const text of [
      "",
      "2026-12-05",
      "2026-02-30T10:00",
      "2026-12-05T24:00",
      "2026-12-05T10:60",
      "2026-12-05T10:30Z",
      "tomorrow",
    ])
      expect(indiaDateTimeToIso(text), text).toBeNull();
  });

  it("shows a stored moment as the field takes it, and back again", () => {
    expect(isoToIndiaDateTime("2026-12-04T21:45:00.000Z")).toBe("2026-12-05T03:15");
    expect(isoToIndiaDateTime(null)).toBe("");
    expect(isoToIndiaDateTime("not a time")).toBe("");
    expect(indiaDateTimeToIso(isoToIndiaDateTime("2031-03-14T04:00:00.000Z"))).toBe(
      "2031-03-14T04:00:00.000Z",
    );
  });
});
