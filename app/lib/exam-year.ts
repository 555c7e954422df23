/**
 * Exam season of each grade, as shown on the study guides.
 *
 * Class 10 and 12 board exams run in February-March; the Class 9 and 11
 * school annual exams run in March-April. Only the months are fixed: the year
 * is the year of the coming season, worked out from today's date.
 *
 * Dates are read in the local time of the `today` value (getFullYear,
 * getMonth), so pass the server's or browser's current Date as it is.
 */

import type { Grade } from "#app/lib/grades.ts";

export type ExamMonths = "March-April" | "February-March";

/** Months of the exam season per grade, the single source for the guides. */
export const EXAM_MONTHS: Record<Grade, ExamMonths> = {
  9: "March-April",
  10: "February-March",
  11: "March-April",
  12: "February-March",
};

/** Zero-based month (JavaScript Date style) in which each grade's season ends. */
const LAST_EXAM_MONTH: Record<Grade, number> = {
  9: 3, // April
  10: 2, // March
  11: 3, // April
  12: 2, // March
};

/**
 * Year of the coming exam season: this year until the end of the season's
 * last month (its last day still counts), next year after that.
 * e.g. 2026-11-22 -> 2027; 2027-02-10 -> 2027; 2027-05-01 -> 2028.
 */
export function examSeasonYear(grade: Grade, today: Date): number {
  const year = today.getFullYear();
  return today.getMonth() > LAST_EXAM_MONTH[grade] ? year + 1 : year;
}

/** Months and year of the coming season, e.g. 'February-March 2027'. */
export function examDatesLabel(grade: Grade, today: Date): string {
  return `${EXAM_MONTHS[grade]} ${examSeasonYear(grade, today)}`;
}
