import { describe, expect, it } from "vitest";
import { asMedium, defaultSubject, isMedium } from "#app/lib/medium.ts";

const subjects = [
  { code: "mathematics", medium: "english" },
  { code: "hindi", medium: "both" },
  { code: "ganit", medium: "hindi" },
];

describe("a subject's medium", () => {
  it("opens a class page on the first subject of its language's medium or of both", () => {
    expect(defaultSubject(subjects, "en")?.code).toBe("mathematics");
    expect(defaultSubject(subjects, "hi")?.code).toBe("hindi");
    expect(defaultSubject(subjects.slice(2), "en")?.code).toBe("ganit");
    expect(
      defaultSubject(
        [
          { code: "ganit", medium: "hindi" },
          { code: "vigyan", medium: "both" },
        ],
        "en",
      )?.code,
    ).toBe("vigyan");
    expect(defaultSubject([], "hi")).toBeUndefined();
  });

  it("knows its three values and nothing else", () => {
    for (const m of ["both", "english", "hindi"]) expect(isMedium(m)).toBe(true);
    for (const m of ["Both", "", "urdu", null, 3, undefined]) expect(isMedium(m)).toBe(false);
    expect(asMedium("urdu")).toBe("both");
    expect(asMedium("hindi")).toBe("hindi");
  });
});
