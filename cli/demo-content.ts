import { GRADES } from "#app/lib/grades.ts";
import { slugify } from "#app/lib/slug.ts";
import { type ChapterInput, createChapters, emptyLinks } from "#app/server/catalogue/chapters.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { type Database, toNumber } from "#app/server/db.server.ts";
import { addPost, type SiteIdentity, setRelatedPosts } from "#app/server/publishing/posts.server.ts";
import { demoCatalogue, demoPosts } from "./demo-catalogue.ts";

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

/**
 * Loads the demo catalogue (subjects, chapters in syllabus order, links, notes) and the demo
 * posts, through the same domain functions the console uses. Only into an empty database.
 */
export async function loadDemoContent(db: Database, site: SiteIdentity): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  for (const grade of GRADES) {
    const taken = new Set<string>();
    for (const subject of demoCatalogue[grade]) {
      await addSubject(db, grade, subject.code, subject.label);
      const inputs: ChapterInput[] = subject.chapters.map((chapter) => {
        // Two subjects of a class can share a chapter title (Thermodynamics in Physics and
        // Chemistry); the later one names its subject, as an admin would be asked to.
        const title = taken.has(slugify(chapter.title))
          ? `${chapter.title} (${subject.label})`
          : chapter.title;
        taken.add(slugify(title));
        return {
          title,
          links: {
            ...emptyLinks(),
            notes: chapter.notes ?? [],
            questions: chapter.questions ?? [],
            lectures: chapter.lectures ?? [],
          },
        };
      });
      const created = await createChapters(db, grade, subject.code, inputs);
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
