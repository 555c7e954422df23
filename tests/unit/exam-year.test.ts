import { describe, expect, it } from "vitest";
import { guides, subjectStrategies } from "#app/content/guides.ts";
import { EXAM_MONTHS, examDatesLabel, examSeasonYear } from "#app/lib/exam-year.ts";
import { examDatesShown } from "#app/lib/guide-record.ts";

const grades = [9, 10, 11, 12] as const;

// Local-time dates, matching how the function reads `today`.
const day = (y: number, month: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, month - 1, d, h, min, s, ms);

describe("examSeasonYear", () => {
  it("gives next year once this year's season is over (2026-11-22 -> 2027)", () => {
    for (const g of grades) expect(examSeasonYear(g, day(2026, 11, 22))).toBe(2027);
  });

  it("gives this year before and during the season (2027-02-10 -> 2027)", () => {
    for (const g of grades) {
      expect(examSeasonYear(g, day(2027, 1, 1))).toBe(2027);
      expect(examSeasonYear(g, day(2027, 2, 10))).toBe(2027);
      expect(examSeasonYear(g, day(2028, 2, 29))).toBe(2028);
    }
  });

  it("gives next year after every season has ended (2027-05-01 -> 2028)", () => {
    for (const g of grades) expect(examSeasonYear(g, day(2027, 5, 1))).toBe(2028);
  });

  it("counts the last day of March as this year for classes 10 and 12", () => {
    for (const g of [10, 12] as const) {
      expect(examSeasonYear(g, day(2027, 3, 31, 23, 59, 59, 999))).toBe(2027);
      expect(examSeasonYear(g, day(2027, 4, 1))).toBe(2028);
    }
  });

  it("counts the last day of April as this year for classes 9 and 11", () => {
    for (const g of [9, 11] as const) {
      expect(examSeasonYear(g, day(2027, 4, 1))).toBe(2027);
      expect(examSeasonYear(g, day(2027, 4, 30, 23, 59, 59, 999))).toBe(2027);
      expect(examSeasonYear(g, day(2027, 5, 1))).toBe(2028);
    }
  });

  it("gives next year on the last day of the year", () => {
    for (const g of grades) expect(examSeasonYear(g, day(2026, 12, 31, 23, 59))).toBe(2027);
  });

  it("does not change the date it is given", () => {
    const today = day(2027, 4, 15);
    const before = today.getTime();
    examSeasonYear(10, today);
    expect(today.getTime()).toBe(before);
  });
});

describe("examDatesLabel", () => {
  it("joins the months of the season and its year", () => {
    const today = day(2026, 11, 22);
    expect(examDatesLabel(9, today)).toBe("March-April 2027");
    expect(examDatesLabel(10, today)).toBe("February-March 2027");
    expect(examDatesLabel(11, today)).toBe("March-April 2027");
    expect(examDatesLabel(12, today)).toBe("February-March 2027");
  });

  it("moves on to next year only for the grades whose season is over", () => {
    const today = day(2027, 4, 15);
    expect(examDatesLabel(9, today)).toBe("March-April 2027");
    expect(examDatesLabel(10, today)).toBe("February-March 2028");
    expect(examDatesLabel(11, today)).toBe("March-April 2027");
    expect(examDatesLabel(12, today)).toBe("February-March 2028");
  });
});

describe("study guides agree with the exam season", () => {
  it("store the same exam months as the label uses, and the page adds the season's year", () => {
    for (const g of grades) {
      expect(guides[g].examDates).toBe(EXAM_MONTHS[g]);
      expect(examDatesShown(guides[g].examDates, g, day(2026, 11, 22))).toBe(
        examDatesLabel(g, day(2026, 11, 22)),
      );
      expect(examDatesLabel(g, day(2026, 11, 22))).toBe(`${guides[g].examDates} 2027`);
    }
    // A year typed in the console is shown as typed.
    expect(examDatesShown("15 February 2027 onwards", 10, day(2026, 11, 22))).toBe(
      "15 February 2027 onwards",
    );
  });

  it("have five tips, five strategies, an 80-mark pattern and the four timeline phases", () => {
    for (const g of grades) {
      const guide = guides[g];
      expect(guide.tips).toHaveLength(5);
      expect(guide.strategies).toHaveLength(5);
      expect(guide.examPattern.sections.reduce((sum, s) => sum + s.marks, 0)).toBe(
        guide.examPattern.totalMarks,
      );
      expect(guide.preparationTimeline.map((p) => p.month)).toEqual([
        "April-June",
        "July-September",
        "October-December",
        "January-March",
      ]);
    }
  });

  it("give a subject strategy for every key subject, in order", () => {
    for (const g of grades) {
      expect(subjectStrategies[g].map((s) => s.subject)).toEqual(guides[g].keySubjects);
    }
  });
});
