import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { guides } from "#app/content/guides.ts";
import {
  type GuideFormValue,
  guideFormValues,
  guideFromForm,
  guideProblems,
  guideSchema,
} from "#app/lib/guide-form.ts";
import { type HindiTexts, hindiGuide, readGuide, readHindi } from "#app/lib/guide-record.ts";
import { HINDI } from "#migrations/0026-guide-texts.ts";

const english = guides[10];
const hindi = HINDI[10];

/** A form as the page sends it for a guide, with some fields changed. */
function formOf(values: GuideFormValue, changes: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("intent", "save");
  form.set("grade", "10");
  form.set("version", "3");
  const put = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) {
      for (const [i, row] of value.entries()) put(`${prefix}[${i}]`, row);
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) put(prefix ? `${prefix}.${k}` : k, v);
    else form.set(prefix, String(value));
  };
  put("", values);
  for (const [name, value] of Object.entries(changes)) form.set(name, value);
  return form;
}

const parse = (form: FormData) => parseWithZod(form, { schema: guideSchema });
const errorsOf = (form: FormData) => {
  const parsed = parse(form);
  return (parsed.status === "error" ? parsed.error : null) ?? {};
};

describe("the guide form", () => {
  it("reads a saved guide back unchanged: values → form → guide", () => {
    const parsed = parse(formOf(guideFormValues(english, hindi)));
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    const { intent: _i, grade, version, ...value } = parsed.value;
    expect([grade, version]).toEqual([10, 3]);
    const back = guideFromForm(value);
    expect(back.english).toEqual(english);
    expect(back.hindi).toEqual(hindi);
  });

  it("refuses blank English texts, over-long texts and bad marks, each at its field", () => {
    const values = guideFormValues(english, hindi);
    const errors = errorsOf(
      formOf(values, {
        title: "   ",
        "tips[1].description": "x".repeat(601),
        "sections[0].marks": "-5",
        "sections[1].marks": "2.5",
        totalMarks: "abc",
        subtitleHi: "y".repeat(201),
        "timeline[0].activities": "",
        "strategies[0].icon": "skull",
      }),
    );
    expect(errors.title).toEqual(["Title is required."]);
    expect(errors["tips[1].description"]).toEqual(["Tip 2: Description can be at most 600 characters."]);
    expect(errors["sections[0].marks"]).toEqual(["Section 1: Marks must be a whole number from 0 to 1,000."]);
    expect(errors["sections[1].marks"]).toEqual(["Section 2: Marks must be a whole number from 0 to 1,000."]);
    expect(errors.totalMarks).toEqual(["Total marks must be a whole number from 0 to 1,000."]);
    expect(errors.subtitleHi).toEqual(["Subtitle (Hindi) can be at most 200 characters."]);
    expect(errors["timeline[0].activities"]?.[0]).toMatch(/Timeline 1: Activities: write at least one/);
    expect(errors["strategies[0].icon"]).toEqual(["Strategy 1: choose one of the icons offered."]);
  });

  it("wants the sections' marks to add up to the total marks", () => {
    const errors = errorsOf(formOf(guideFormValues(english, hindi), { "sections[2].marks": "40" }));
    expect(errors.totalMarks).toEqual(["The sections' marks add up to 90, but Total marks is 80."]);
  });

  it("takes every Hindi field blank", () => {
    const blank = readHindi({});
    expect(guideProblems(guideFormValues(english, blank))).toEqual([]);
  });

  it("refuses hostile and huge input without reading it all", () => {
    const values = guideFormValues(english, hindi);
    const huge = errorsOf(formOf(values, { description: "z".repeat(50_000) }));
    expect(huge.description?.[0]).toMatch(/longer than 20,000 characters/);
    const tooMany = formOf(values);
    for (let i = 0; i < 11; i++) {
      tooMany.set(`tips[${i}].title`, "T");
      tooMany.set(`tips[${i}].description`, "D");
      tooMany.set(`tips[${i}].icon`, "book");
    }
    expect(errorsOf(tooMany).tips).toEqual(["A guide has at most 10 tips."]);
    const noTips = formOf({ ...values, tips: [] });
    expect(errorsOf(noTips).tips).toEqual(["A guide needs at least one tip."]);
    const wrongGrade = formOf(values, { grade: "13" });
    expect(errorsOf(wrongGrade).grade?.[0]).toMatch(/which class/);
  });
});

describe("the Hindi guide", () => {
  it("shows each Hindi field, and the English one where it is blank, field by field", () => {
    const partial: HindiTexts = {
      ...readHindi({}),
      title: "कक्षा 10 परीक्षा गाइड",
      tips: [{ title: "NCERT को आधार बनाएँ", description: "" }],
      examPattern: { duration: "3 घंटे", sections: [{ name: "" }, { name: "लघु उत्तरीय" }], passingMarks: "" },
      preparationTimeline: [{ month: "अप्रैल-जून", focus: "", activities: [] }],
    };
    const shown = hindiGuide(english, partial);
    expect(shown.title).toBe("कक्षा 10 परीक्षा गाइड");
    expect(shown.subtitle).toBe(english.subtitle);
    expect(shown.keySubjects).toEqual(english.keySubjects);
    expect(shown.tips[0]).toEqual({
      title: "NCERT को आधार बनाएँ",
      description: english.tips[0]?.description,
      icon: english.tips[0]?.icon,
    });
    expect(shown.tips.slice(1)).toEqual(english.tips.slice(1));
    expect(shown.examPattern).toEqual({
      duration: "3 घंटे",
      totalMarks: 80,
      sections: [
        { name: "Objective", marks: 20 },
        { name: "लघु उत्तरीय", marks: 30 },
        { name: "Long Answer", marks: 30 },
      ],
      passingMarks: "33%",
    });
    expect(shown.preparationTimeline[0]).toEqual({
      month: "अप्रैल-जून",
      focus: english.preparationTimeline[0]?.focus,
      activities: english.preparationTimeline[0]?.activities,
    });
    // The whole translation: nothing of the English shows but what the Hindi keeps on purpose.
    const whole = hindiGuide(english, hindi);
    expect(whole.title).toBe(hindi.title);
    expect(whole.tips.map((t) => t.title)).toEqual(hindi.tips.map((t) => t.title));
    expect(whole.tips.map((t) => t.icon)).toEqual(english.tips.map((t) => t.icon));
  });

  it("reads stored guides defensively", () => {
    const odd = readGuide({
      title: 5,
      tips: [{ title: "T", icon: "nope" }],
      examPattern: { totalMarks: -1 },
    });
    expect(odd.title).toBe("");
    expect(odd.tips).toEqual([{ title: "T", description: "", icon: "book" }]);
    expect(odd.examPattern.totalMarks).toBe(0);
    expect(readGuide(null).keySubjects).toEqual([]);
  });
});
