import { examSeasonYear } from "#app/lib/exam-year.ts";
import type { Grade } from "#app/lib/grades.ts";

// A class's study guide as it is saved (the spec's "static guide record", now content: migration
// 0026, app/server/guides/): the English record, and its Hindi texts row for row, where a blank
// field shows the English one (`hindiGuide`). Stored as JSON, so it is read back defensively: a
// field that is missing or of another type (a hand-edited backup, an older version) reads as empty.

/** The icons a tip or strategy may show (keywords the UI maps to inline SVGs). */
export const GUIDE_ICONS = [
  "book",
  "target",
  "clock",
  "brain",
  "chart",
  "pencil",
  "check",
  "star",
  "calendar",
  "lightbulb",
] as const;
export type GuideIcon = (typeof GUIDE_ICONS)[number];

export type GuideTip = { title: string; description: string; icon: GuideIcon };
export type ExamSection = { name: string; marks: number };
export type ExamPattern = {
  duration: string;
  totalMarks: number;
  sections: ExamSection[];
  passingMarks: string;
};
export type TimelinePhase = { month: string; focus: string; activities: string[] };

export type Guide = {
  title: string;
  subtitle: string;
  description: string;
  examType: string;
  keySubjects: string[];
  /** As typed: without a year ("February-March") the page adds the coming season's (`examDatesShown`). */
  examDates: string;
  difficulty: string;
  importance: string;
  tips: GuideTip[];
  strategies: GuideTip[];
  examPattern: ExamPattern;
  preparationTimeline: TimelinePhase[];
};

type TipText = { title: string; description: string };

/** A guide's Hindi texts: "" (or an empty list) where none is given. Icons and marks are the English record's. */
export type HindiTexts = {
  title: string;
  subtitle: string;
  description: string;
  examType: string;
  keySubjects: string[];
  examDates: string;
  difficulty: string;
  importance: string;
  tips: TipText[];
  strategies: TipText[];
  examPattern: { duration: string; sections: Array<{ name: string }>; passingMarks: string };
  preparationTimeline: TimelinePhase[];
};

/** A saved guide: its class, both languages, its version (for the conflict check) and last save. */
export type SavedGuide = {
  grade: Grade;
  english: Guide;
  hindi: HindiTexts;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
};

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] => list(value).map(str);
const count = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0;
const icon = (value: unknown): GuideIcon =>
  (GUIDE_ICONS as readonly unknown[]).includes(value) ? (value as GuideIcon) : "book";

function tip(value: unknown): GuideTip {
  const t = obj(value);
  return { title: str(t.title), description: str(t.description), icon: icon(t.icon) };
}

function phase(value: unknown): TimelinePhase {
  const p = obj(value);
  return { month: str(p.month), focus: str(p.focus), activities: strings(p.activities) };
}

/** An English guide record from stored JSON (parsed). */
export function readGuide(value: unknown): Guide {
  const g = obj(value);
  const pattern = obj(g.examPattern);
  return {
    title: str(g.title),
    subtitle: str(g.subtitle),
    description: str(g.description),
    examType: str(g.examType),
    keySubjects: strings(g.keySubjects),
    examDates: str(g.examDates),
    difficulty: str(g.difficulty),
    importance: str(g.importance),
    tips: list(g.tips).map(tip),
    strategies: list(g.strategies).map(tip),
    examPattern: {
      duration: str(pattern.duration),
      totalMarks: count(pattern.totalMarks),
      sections: list(pattern.sections).map((s) => ({ name: str(obj(s).name), marks: count(obj(s).marks) })),
      passingMarks: str(pattern.passingMarks),
    },
    preparationTimeline: list(g.preparationTimeline).map(phase),
  };
}

/** A guide's Hindi texts from stored JSON (parsed). */
export function readHindi(value: unknown): HindiTexts {
  const h = obj(value);
  const pattern = obj(h.examPattern);
  const text = (t: unknown) => ({ title: str(obj(t).title), description: str(obj(t).description) });
  return {
    title: str(h.title),
    subtitle: str(h.subtitle),
    description: str(h.description),
    examType: str(h.examType),
    keySubjects: strings(h.keySubjects),
    examDates: str(h.examDates),
    difficulty: str(h.difficulty),
    importance: str(h.importance),
    tips: list(h.tips).map(text),
    strategies: list(h.strategies).map(text),
    examPattern: {
      duration: str(pattern.duration),
      sections: list(pattern.sections).map((s) => ({ name: str(obj(s).name) })),
      passingMarks: str(pattern.passingMarks),
    },
    preparationTimeline: list(h.preparationTimeline).map(phase),
  };
}

/** A Hindi text, or the English one where it is blank. */
const or = (hindi: string | undefined, english: string): string => (hindi?.trim() ? hindi : english);
/** A Hindi list, or the English one where it has no item. */
const orList = (hindi: string[] | undefined, english: string[]): string[] =>
  hindi?.some((item) => item.trim()) ? hindi : english;

/**
 * The guide as the Hindi page shows it: each Hindi field, or the English one where it is blank
 * (field by field, row by row: a tip with a Hindi title but no Hindi description shows the
 * English description). Icons, marks and the rows themselves are the English record's.
 */
export function hindiGuide(english: Guide, hindi: HindiTexts): Guide {
  const tips = (rows: GuideTip[], texts: TipText[]) =>
    rows.map((t, i) => ({
      ...t,
      title: or(texts[i]?.title, t.title),
      description: or(texts[i]?.description, t.description),
    }));
  const pattern = english.examPattern;
  return {
    title: or(hindi.title, english.title),
    subtitle: or(hindi.subtitle, english.subtitle),
    description: or(hindi.description, english.description),
    examType: or(hindi.examType, english.examType),
    keySubjects: orList(hindi.keySubjects, english.keySubjects),
    examDates: or(hindi.examDates, english.examDates),
    difficulty: or(hindi.difficulty, english.difficulty),
    importance: or(hindi.importance, english.importance),
    tips: tips(english.tips, hindi.tips),
    strategies: tips(english.strategies, hindi.strategies),
    examPattern: {
      duration: or(hindi.examPattern.duration, pattern.duration),
      totalMarks: pattern.totalMarks,
      sections: pattern.sections.map((s, i) => ({
        ...s,
        name: or(hindi.examPattern.sections[i]?.name, s.name),
      })),
      passingMarks: or(hindi.examPattern.passingMarks, pattern.passingMarks),
    },
    preparationTimeline: english.preparationTimeline.map((p, i) => {
      const h = hindi.preparationTimeline[i];
      return {
        month: or(h?.month, p.month),
        focus: or(h?.focus, p.focus),
        activities: orList(h?.activities, p.activities),
      };
    }),
  };
}

/**
 * "Exam dates" as the page shows it: as typed when it names a year ("February-March 2027");
 * months alone get the coming exam season's year, so a guide never shows a past season.
 */
export function examDatesShown(examDates: string, grade: Grade, today: Date): string {
  return /\b(19|20)\d\d\b/.test(examDates)
    ? examDates
    : `${examDates} ${examSeasonYear(grade, today)}`.trim();
}

/**
 * Each item with a React key made of its text, unique even when a saved guide repeats a text
 * ("Revise", "Revise #2"): the page's lists never reorder, but their keys must not clash.
 */
export function keyedByText<T>(items: readonly T[], text: (item: T) => string): Array<[string, T]> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = text(item);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return [n === 1 ? base : `${base} #${n}`, item];
  });
}
