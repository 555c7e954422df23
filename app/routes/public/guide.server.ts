import { type RouterContextProvider, redirect } from "react-router";
import type { GuidePageData } from "#app/components/public/guide-page.tsx";
import { guideCommon, subjectStrategies } from "#app/content/guides.ts";
import { guideCommon as hindiCommon, subjectStrategies as hindiStrategies } from "#app/content/hi/guides.ts";
import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { examDatesShown } from "#app/lib/guide-record.ts";
import type { Lang } from "#app/lib/language.ts";
import { englishGuide, hindiGuideOf } from "#app/server/guides/guides.server.ts";

/**
 * A study guide page (/guide/N, /hi/guide/N): the guide saved in the console in the page's
 * language (a blank Hindi field shows the English one), and the fixed sections every guide page
 * has, in that language too. Only classes 9-12 have a guide; anything else goes home (302), as
 * the spec asks. A save empties the page store.
 */
export async function guidePageData(
  { params, context }: { params: { grade?: string }; context: Readonly<RouterContextProvider> },
  lang: Lang,
): Promise<GuidePageData> {
  const grade = parseGrade(params.grade);
  if (grade === null) throw redirect(lang === "hi" ? "/hi" : "/");
  const { db } = services(context);
  const guide = lang === "hi" ? await hindiGuideOf(db, grade) : await englishGuide(db, grade);
  return {
    grade,
    guide,
    strategies: (lang === "hi" ? hindiStrategies : subjectStrategies)[grade],
    common: lang === "hi" ? hindiCommon : guideCommon,
    // "February-March" gets the coming season's year when rendered, so the page never shows a past season.
    examDates: examDatesShown(guide.examDates, grade, new Date()),
  };
}
