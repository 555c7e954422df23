import { GRADES } from "#app/lib/grades.ts";
import { readSyllabusStatus } from "#app/lib/sessions.ts";
import { slugify } from "#app/lib/slug.ts";
import {
  type ChapterInput,
  createChapters,
  emptyLinks,
  getChapter,
  type LinkInput,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { addPost, type SiteIdentity, setRelatedPosts } from "#app/server/publishing/posts.server.ts";
import { type DemoChapter, type DemoLink, demoPosts, demoSubjects } from "./demo-catalogue.ts";

async function isEmpty(db: Database): Promise<boolean> {
  const counts = await Promise.all(
    (["subjects", "chapters", "posts"] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    ),
  );
  return counts.every((c) => toNumber(c?.n as number | string | undefined) === 0);
}

/** A demo link as the console sends one: its Type and Language by their words, its Year as typed. */
function linkInput(link: DemoLink): LinkInput {
  return { title: link.title, url: link.url, type: link.type, language: link.language, year: link.year };
}

/** A demo chapter as Add Data saves it, under `title`: links, and its syllabus status and book when it has them. */
function chapterInput(chapter: DemoChapter, title: string): ChapterInput {
  const status = chapter.syllabus ? readSyllabusStatus(chapter.syllabus.status) : null;
  return {
    title,
    links: {
      ...emptyLinks(),
      official: (chapter.official ?? []).map(linkInput),
      notes: (chapter.notes ?? []).map(linkInput),
      questions: (chapter.questions ?? []).map(linkInput),
      lectures: (chapter.lectures ?? []).map(linkInput),
    },
    ...(status || chapter.book || chapter.chapterNumber
      ? {
          syllabus: {
            status: status ?? "in",
            whatChanged: chapter.syllabus?.whatChanged ?? "",
            book: chapter.book ?? "",
            chapterNumber: chapter.chapterNumber ?? null,
          },
        }
      : {}),
  };
}

/**
 * Loads the demo catalogue (subjects, chapters in syllabus order, links, notes) and the demo
 * posts, through the same domain functions the console uses. Only into an empty database.
 */
export async function loadDemoContent(db: Database, site: SiteIdentity): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  for (const grade of GRADES) {
    const taken = new Set<string>();
    for (const subject of demoSubjects(grade)) {
      await addSubject(db, grade, subject.code, subject.label, subject.medium);
      const titles = subject.chapters.map((chapter) => {
        // Two subjects of a class can share a chapter title (Thermodynamics in Physics and
        // Chemistry); the later one names its subject, as an admin would be asked to.
        const title = taken.has(slugify(chapter.title))
          ? `${chapter.title} (${subject.label})`
          : chapter.title;
        taken.add(slugify(title));
        return title;
      });
      // A renamed chapter is first saved under its oldest title, then renamed as a teacher would,
      // so its old addresses answer with a redirect.
      const inputs = subject.chapters.map((chapter, i) =>
        chapterInput(chapter, chapter.formerTitles?.[0] ?? titles[i] ?? chapter.title),
      );
      const created = await createChapters(db, grade, subject.code, inputs);
      for (const [i, chapter] of subject.chapters.entries()) {
        const id = created[i]?.id;
        if (id === undefined || !chapter.formerTitles?.length) continue;
        for (const title of [...chapter.formerTitles.slice(1), titles[i] ?? chapter.title]) {
          const saved = await getChapter(db, id);
          if (!saved) break;
          await updateChapter(db, id, saved.version, {
            grade,
            subjectCode: subject.code,
            ...chapterInput(chapter, title),
          });
        }
      }
      for (const [i, chapter] of subject.chapters.entries()) {
        const id = created[i]?.id;
        if (!chapter.noteHtml || id === undefined) continue;
        await addNote(db, {
          chapterId: id,
          content: chapter.noteHtml,
          seoDescription: chapter.seoDescription ?? "",
          seoKeywords: (chapter.keywords ?? []).join(", "),
        });
      }
    }
  }
  const ids = new Map<string, number>();
  for (const post of demoPosts) {
    const saved = await addPost(
      db,
      {
        title: post.title,
        slug: post.slug,
        date: post.date,
        author: post.author,
        tag: post.tag,
        category: post.category,
        excerpt: post.excerpt,
        content: post.contentHtml,
        status: post.status,
        publishAt: "",
        featured: false,
        image: "",
        featuredImageAlt: "",
        seoTitle: "",
        seoDescription: "",
        seoKeywords: post.keywords.join(", "),
        canonicalUrl: "",
        socialTitle: "",
        socialDescription: "",
        socialImage: "",
        allowComments: true,
        related: [],
      },
      site,
    );
    ids.set(post.slug, saved.id);
  }
  for (const post of demoPosts) {
    const id = ids.get(post.slug);
    if (id !== undefined) await setRelatedPosts(db, id, post.related);
  }
  return true;
}
