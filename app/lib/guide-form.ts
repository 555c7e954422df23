import { z } from "zod";
import { gradeField, typedText, wholeNumber } from "#app/lib/form-fields.ts";
import { GUIDE_ICONS, type Guide, type GuideIcon, type HindiTexts } from "#app/lib/guide-record.ts";

/**
 * The console's guide form (/admin/guides): one Zod schema read with Conform (docs/decisions/0004).
 * A field holds what was typed (kept as typed on a refusal); the rules of a guide (what is required,
 * how long a text may be, marks as whole numbers that add up) are checked here, with each message
 * at its field, and again by the guides domain for History's Restore. Rows of tips, strategies,
 * sections and the timeline carry both languages, so adding or removing a row keeps them together;
 * the page shows them in an "English" and a "Hindi" part. Every Hindi field may be blank.
 */

export type TipRow = {
  icon: string;
  title: string;
  description: string;
  titleHi: string;
  descriptionHi: string;
};
export type SectionRow = { name: string; marks: string; nameHi: string };
export type PhaseRow = {
  month: string;
  focus: string;
  activities: string;
  monthHi: string;
  focusHi: string;
  activitiesHi: string;
};

/** The fields of one guide's texts, with their labels (the spec's words). */
export const GUIDE_TEXTS = [
  ["title", "Title", 120],
  ["subtitle", "Subtitle", 200],
  ["description", "Description", 3000],
  ["examType", "Exam type", 80],
  ["keySubjects", "Key subjects", 600],
  ["examDates", "Exam dates", 60],
  ["difficulty", "Difficulty", 40],
  ["importance", "Importance", 120],
] as const;
export const PATTERN_TEXTS = [
  ["duration", "Duration", 40],
  ["passingMarks", "Passing marks", 40],
] as const;

type TextKey = (typeof GUIDE_TEXTS)[number][0] | (typeof PATTERN_TEXTS)[number][0];
type Hi<K extends string> = `${K}Hi`;

export type GuideFormFields = { intent: "save"; grade: string; version: string; totalMarks: string } & Record<
  TextKey | Hi<TextKey>,
  string
> & { tips: TipRow[]; strategies: TipRow[]; sections: SectionRow[]; timeline: PhaseRow[] };

/** Rows a guide may have: at least one of each, at most these. */
export const MAX_ROWS = { tips: 10, strategies: 10, sections: 8, timeline: 8 } as const;
const TIP_TITLE = 100;
const TIP_DESCRIPTION = 600;
const SECTION_NAME = 60;
const MONTH = 40;
const FOCUS = 150;
const ACTIVITY = 200;
const ACTIVITIES = 10;
const KEY_SUBJECTS = 12;
const MAX_MARKS = 1000;

/** Far above every limit above, whose messages say the real one: bounds what a request can make us read. */
const typed = () => typedText(20_000);
const NOT_OURS =
  "The form is not the one this page sends, so nothing was saved. Reload the page and try again.";
const rows = <Row extends z.ZodType>(row: Row, max: number, what: string) =>
  z
    .array(row, { error: NOT_OURS })
    .max(max, `A guide has at most ${max} ${what}.`)
    .optional()
    .transform((value) => value ?? []);

const tipRow = z.object({
  icon: typed(),
  title: typed(),
  description: typed(),
  titleHi: typed(),
  descriptionHi: typed(),
});
const sectionRow = z.object({ name: typed(), marks: typed(), nameHi: typed() });
const phaseRow = z.object({
  month: typed(),
  focus: typed(),
  activities: typed(),
  monthHi: typed(),
  focusHi: typed(),
  activitiesHi: typed(),
});

const texts = Object.fromEntries(
  [...GUIDE_TEXTS, ...PATTERN_TEXTS].flatMap(([key]) => [
    [key, typed()],
    [`${key}Hi`, typed()],
  ]),
) as Record<TextKey | Hi<TextKey>, ReturnType<typeof typed>>;

const NO_GUIDE = "The form did not say which class's guide it is. Reload the page and try again.";

/** The whole guide form: its shape, then its rules (`guideProblems`), each message at its field. */
export const guideSchema = z
  .object({
    intent: z.literal("save", { error: NOT_OURS }),
    grade: gradeField(NO_GUIDE),
    version: wholeNumber(NO_GUIDE).max(2 ** 31 - 1, NO_GUIDE),
    ...texts,
    totalMarks: typed(),
    tips: rows(tipRow, MAX_ROWS.tips, "tips"),
    strategies: rows(tipRow, MAX_ROWS.strategies, "strategies"),
    sections: rows(sectionRow, MAX_ROWS.sections, "exam sections"),
    timeline: rows(phaseRow, MAX_ROWS.timeline, "timeline phases"),
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of guideProblems(value)) ctx.addIssue({ code: "custom", path, message });
  });

export type GuideFormValue = Omit<z.output<typeof guideSchema>, "intent" | "grade" | "version">;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
const commaList = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const MARKS = /^\s*\d{1,4}\s*$/;

/**
 * What is wrong with a guide form's values, each as [its field's path, the message]; none: it may
 * be saved. English texts are required, Hindi ones optional; both have the same limits.
 */
export function guideProblems(v: GuideFormValue): Array<[(string | number)[], string]> {
  const problems: Array<[(string | number)[], string]> = [];
  const text = (path: (string | number)[], label: string, value: string, max: number, required: boolean) => {
    if (required && !value.trim()) problems.push([path, `${label} is required.`]);
    else if (value.length > max)
      problems.push([path, `${label} can be at most ${max.toLocaleString("en-IN")} characters.`]);
  };
  const both = (
    path: (string | number)[],
    key: string,
    label: string,
    values: Record<string, string>,
    max: number,
  ) => {
    text([...path, key], label, values[key] ?? "", max, true);
    text([...path, `${key}Hi`], `${label} (Hindi)`, values[`${key}Hi`] ?? "", max, false);
  };
  for (const [key, label, max] of [...GUIDE_TEXTS, ...PATTERN_TEXTS])
    both([], key, label, v as unknown as Record<string, string>, max);
  for (const key of ["keySubjects", "keySubjectsHi"] as const) {
    if (commaList(v[key]).length > KEY_SUBJECTS)
      problems.push([[key], `Key subjects: at most ${KEY_SUBJECTS}, separated by commas.`]);
  }
  const marks = (path: (string | number)[], label: string, value: string): number | null => {
    if (!value.trim()) problems.push([path, `${label} is required.`]);
    else if (!MARKS.test(value) || Number(value) > MAX_MARKS)
      problems.push([
        path,
        `${label} must be a whole number from 0 to ${MAX_MARKS.toLocaleString("en-IN")}.`,
      ]);
    else return Number(value);
    return null;
  };
  const total = marks(["totalMarks"], "Total marks", v.totalMarks);
  for (const [list, noun] of [
    ["tips", "tip"],
    ["strategies", "strategy"],
  ] as const) {
    if (v[list].length === 0) problems.push([[list], `A guide needs at least one ${noun}.`]);
    v[list].forEach((row, i) => {
      const name = `${noun[0]?.toUpperCase()}${noun.slice(1)} ${i + 1}`;
      both([list, i], "title", `${name}: Title`, row, TIP_TITLE);
      both([list, i], "description", `${name}: Description`, row, TIP_DESCRIPTION);
      if (!(GUIDE_ICONS as readonly string[]).includes(row.icon))
        problems.push([[list, i, "icon"], `${name}: choose one of the icons offered.`]);
    });
  }
  if (v.sections.length === 0) problems.push([["sections"], "The exam pattern needs at least one section."]);
  let sum = 0;
  let counted = true;
  v.sections.forEach((row, i) => {
    both(["sections", i], "name", `Section ${i + 1}: Name`, row, SECTION_NAME);
    const n = marks(["sections", i, "marks"], `Section ${i + 1}: Marks`, row.marks);
    if (n === null) counted = false;
    else sum += n;
  });
  if (total !== null && counted && v.sections.length > 0 && sum !== total)
    problems.push([["totalMarks"], `The sections' marks add up to ${sum}, but Total marks is ${total}.`]);
  if (v.timeline.length === 0)
    problems.push([["timeline"], "The preparation timeline needs at least one phase."]);
  v.timeline.forEach((row, i) => {
    const name = `Timeline ${i + 1}`;
    both(["timeline", i], "month", `${name}: Month`, row, MONTH);
    both(["timeline", i], "focus", `${name}: Focus`, row, FOCUS);
    for (const key of ["activities", "activitiesHi"] as const) {
      const label = `${name}: Activities${key === "activitiesHi" ? " (Hindi)" : ""}`;
      const items = lines(row[key]);
      if (key === "activities" && items.length === 0)
        problems.push([["timeline", i, key], `${label}: write at least one, one a line.`]);
      else if (items.length > ACTIVITIES)
        problems.push([["timeline", i, key], `${label}: at most ${ACTIVITIES}, one a line.`]);
      else if (items.some((item) => item.length > ACTIVITY))
        problems.push([["timeline", i, key], `${label}: each can be at most ${ACTIVITY} characters.`]);
    }
  });
  return problems;
}

/** The guide a valid form holds: the English record and its Hindi texts, row for row, trimmed. */
export function guideFromForm(v: GuideFormValue): { english: Guide; hindi: HindiTexts } {
  const t = (s: string) => s.trim();
  return {
    english: {
      title: t(v.title),
      subtitle: t(v.subtitle),
      description: t(v.description),
      examType: t(v.examType),
      keySubjects: commaList(v.keySubjects),
      examDates: t(v.examDates),
      difficulty: t(v.difficulty),
      importance: t(v.importance),
      tips: v.tips.map((r) => ({
        title: t(r.title),
        description: t(r.description),
        icon: r.icon as GuideIcon,
      })),
      strategies: v.strategies.map((r) => ({
        title: t(r.title),
        description: t(r.description),
        icon: r.icon as GuideIcon,
      })),
      examPattern: {
        duration: t(v.duration),
        totalMarks: Number(v.totalMarks),
        sections: v.sections.map((r) => ({ name: t(r.name), marks: Number(r.marks) })),
        passingMarks: t(v.passingMarks),
      },
      preparationTimeline: v.timeline.map((r) => ({
        month: t(r.month),
        focus: t(r.focus),
        activities: lines(r.activities),
      })),
    },
    hindi: {
      title: t(v.titleHi),
      subtitle: t(v.subtitleHi),
      description: t(v.descriptionHi),
      examType: t(v.examTypeHi),
      keySubjects: commaList(v.keySubjectsHi),
      examDates: t(v.examDatesHi),
      difficulty: t(v.difficultyHi),
      importance: t(v.importanceHi),
      tips: v.tips.map((r) => ({ title: t(r.titleHi), description: t(r.descriptionHi) })),
      strategies: v.strategies.map((r) => ({ title: t(r.titleHi), description: t(r.descriptionHi) })),
      examPattern: {
        duration: t(v.durationHi),
        sections: v.sections.map((r) => ({ name: t(r.nameHi) })),
        passingMarks: t(v.passingMarksHi),
      },
      preparationTimeline: v.timeline.map((r) => ({
        month: t(r.monthHi),
        focus: t(r.focusHi),
        activities: lines(r.activitiesHi),
      })),
    },
  };
}

/** A saved guide as the form's values (its default values, and what Restore checks again). */
export function guideFormValues(english: Guide, hindi: HindiTexts): GuideFormValue {
  const tips = (list: Guide["tips"], texts: HindiTexts["tips"]): TipRow[] =>
    list.map((r, i) => ({
      icon: r.icon,
      title: r.title,
      description: r.description,
      titleHi: texts[i]?.title ?? "",
      descriptionHi: texts[i]?.description ?? "",
    }));
  const pattern = english.examPattern;
  return {
    title: english.title,
    subtitle: english.subtitle,
    description: english.description,
    examType: english.examType,
    keySubjects: english.keySubjects.join(", "),
    examDates: english.examDates,
    difficulty: english.difficulty,
    importance: english.importance,
    duration: pattern.duration,
    passingMarks: pattern.passingMarks,
    titleHi: hindi.title,
    subtitleHi: hindi.subtitle,
    descriptionHi: hindi.description,
    examTypeHi: hindi.examType,
    keySubjectsHi: hindi.keySubjects.join(", "),
    examDatesHi: hindi.examDates,
    difficultyHi: hindi.difficulty,
    importanceHi: hindi.importance,
    durationHi: hindi.examPattern.duration,
    passingMarksHi: hindi.examPattern.passingMarks,
    totalMarks: String(pattern.totalMarks),
    tips: tips(english.tips, hindi.tips),
    strategies: tips(english.strategies, hindi.strategies),
    sections: pattern.sections.map((s, i) => ({
      name: s.name,
      marks: String(s.marks),
      nameHi: hindi.examPattern.sections[i]?.name ?? "",
    })),
    timeline: english.preparationTimeline.map((p, i) => {
      const h = hindi.preparationTimeline[i];
      return {
        month: p.month,
        focus: p.focus,
        activities: p.activities.join("\n"),
        monthHi: h?.month ?? "",
        focusHi: h?.focus ?? "",
        activitiesHi: (h?.activities ?? []).join("\n"),
      };
    }),
  };
}
