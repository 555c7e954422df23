// The bench's databases: a realistic catalogue written through the same domain functions the
// console uses, and large catalogues written in bulk (the domain functions would take minutes).
// Everything is generated from indexes, so every run seeds exactly the same content.
import sharp from "sharp";
import { GRADES, type Grade } from "#app/lib/grades.ts";
import { slugify } from "#app/lib/slug.ts";
import { CONTENT_TABLES, fillInBulk, withoutRowTriggers } from "#app/server/backup/bulk-load.server.ts";
import {
  type ChapterInput,
  type ChapterLinks,
  createChapters,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { now, tablesGrew } from "#app/server/db.server.ts";
import { countEveryLink } from "#app/server/link-health/inventory.server.ts";
import { storeImage } from "#app/server/publishing/media.server.ts";
import type { SiteIdentity } from "#app/server/publishing/posts.server.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { indexEveryDocument } from "#app/server/search/documents.server.ts";
import { indexInBulk } from "#app/server/search/search.server.ts";

const SUBJECTS: Record<"junior" | "senior", [code: string, label: string, topics: string[]][]> = {
  junior: [
    [
      "mathematics",
      "Mathematics",
      [
        "Number Systems",
        "Polynomials",
        "Linear Equations",
        "Triangles",
        "Circles",
        "Statistics",
        "Probability",
        "Surface Areas",
      ],
    ],
    [
      "science",
      "Science",
      ["Matter", "Atoms and Molecules", "Cells", "Tissues", "Motion", "Force", "Gravitation", "Sound"],
    ],
    [
      "social-science",
      "Social Science",
      [
        "The French Revolution",
        "Democracy",
        "Constitutional Design",
        "Electoral Politics",
        "Drainage",
        "Climate",
        "Population",
        "Poverty",
      ],
    ],
    [
      "english",
      "English",
      [
        "Prose",
        "Poetry",
        "Grammar",
        "Letter Writing",
        "Comprehension",
        "Supplementary Reader",
        "Story Writing",
        "Diary Entry",
      ],
    ],
    [
      "hindi",
      "Hindi",
      [
        "Gadya Khand",
        "Kavya Khand",
        "Vyakaran",
        "Rachna",
        "Patra Lekhan",
        "Anuchchhed",
        "Samvad",
        "Apathit Gadyansh",
      ],
    ],
    [
      "sanskrit",
      "Sanskrit",
      ["Shabd Roop", "Dhatu Roop", "Sandhi", "Samas", "Anuvad", "Patra Lekhan", "Pathansh", "Vachya"],
    ],
    [
      "information-technology",
      "Information Technology",
      [
        "Communication Skills",
        "Self-Management",
        "ICT Skills",
        "Digital Documentation",
        "Spreadsheets",
        "Presentations",
        "Entrepreneurship",
        "Green Skills",
      ],
    ],
    [
      "health-physical-education",
      "Health and Physical Education",
      ["Fitness", "Yoga", "Nutrition", "Games and Sports", "First Aid", "Posture", "Adolescence", "Safety"],
    ],
  ],
  senior: [
    [
      "physics",
      "Physics",
      [
        "Units and Measurement",
        "Kinematics",
        "Laws of Motion",
        "Work and Energy",
        "Rotational Motion",
        "Gravitation",
        "Thermodynamics",
        "Oscillations",
      ],
    ],
    [
      "chemistry",
      "Chemistry",
      [
        "Atomic Structure",
        "Chemical Bonding",
        "Equilibrium",
        "Redox Reactions",
        "Hydrocarbons",
        "Solutions",
        "Electrochemistry",
        "Chemical Kinetics",
      ],
    ],
    [
      "mathematics",
      "Mathematics",
      [
        "Sets",
        "Relations and Functions",
        "Trigonometry",
        "Complex Numbers",
        "Permutations",
        "Sequences and Series",
        "Limits",
        "Integrals",
      ],
    ],
    [
      "biology",
      "Biology",
      [
        "The Living World",
        "Plant Kingdom",
        "Animal Kingdom",
        "Cell Cycle",
        "Photosynthesis",
        "Respiration",
        "Human Physiology",
        "Genetics",
      ],
    ],
    [
      "english",
      "English",
      [
        "Hornbill",
        "Snapshots",
        "Flamingo",
        "Vistas",
        "Note Making",
        "Report Writing",
        "Speech Writing",
        "Debate",
      ],
    ],
    [
      "computer-science",
      "Computer Science",
      [
        "Python Basics",
        "Data Handling",
        "Flow of Control",
        "Strings",
        "Lists",
        "Dictionaries",
        "File Handling",
        "Databases",
      ],
    ],
    [
      "economics",
      "Economics",
      [
        "Statistics for Economics",
        "Consumer Equilibrium",
        "Production",
        "Market Equilibrium",
        "National Income",
        "Money and Banking",
        "Government Budget",
        "Balance of Payments",
      ],
    ],
    [
      "accountancy",
      "Accountancy",
      [
        "Journal Entries",
        "Ledger",
        "Trial Balance",
        "Depreciation",
        "Bills of Exchange",
        "Financial Statements",
        "Partnership",
        "Cash Flow Statement",
      ],
    ],
  ],
};

const ASPECTS = [
  "Introduction to",
  "Key Concepts of",
  "Worked Examples in",
  "Applications of",
  "Revision of",
];

/**
 * A chapter's ten links: the NCERT chapter (an official resource), three to notes, three to question
 * banks, three to video lectures; most with a type, a language and a year (decision 0025).
 */
export function chapterLinks(title: string): ChapterLinks {
  const q = encodeURIComponent(title);
  return {
    official: [
      {
        title: `${title} – NCERT textbook chapter`,
        url: `https://ncert.nic.in/textbook.php?q=${q}`,
        type: "textbook",
        language: "both",
        year: 2026,
      },
    ],
    notes: [
      {
        title: `${title} – revision notes`,
        url: `https://www.example.org/notes/${slugify(title)}`,
        type: "notes",
        language: "en",
      },
      { title: `${title} – mind map`, url: `https://www.example.org/mind-maps/${slugify(title)}` },
      { title: `${title} – formula sheet`, url: `https://www.example.org/formulas/${slugify(title)}` },
    ],
    questions: [
      {
        title: `${title} – NCERT exercise solutions`,
        url: `https://www.example.org/solutions/${slugify(title)}`,
      },
      {
        title: `${title} – previous years' board questions`,
        url: `https://www.example.org/pyq/${slugify(title)}`,
        type: "previous-year-paper",
        language: "hi",
        year: 2025,
      },
      { title: `${title} – practice test`, url: `https://www.example.org/tests/${slugify(title)}` },
    ],
    lectures: [
      {
        title: `${title} – full lecture`,
        url: `https://www.youtube.com/results?search_query=${q}`,
        type: "video",
        language: "hi",
      },
      {
        title: `${title} – one-shot revision`,
        url: `https://www.youtube.com/results?search_query=${q}+one+shot`,
      },
      {
        title: `${title} – solved examples`,
        url: `https://www.youtube.com/results?search_query=${q}+examples`,
      },
    ],
  };
}

/** A note of about 3 KB of HTML, shaped like the ones admins write: headings, lists, emphasis. */
export function noteHtml(title: string, subject: string): string {
  const para = (n: number) =>
    `<p>In ${title}, the ${n === 1 ? "first" : n === 2 ? "second" : "last"} idea to hold on to is how each definition connects to the examples in your NCERT textbook. Read the statement, then work one example <strong>without looking at the solution</strong>, and only then compare your steps with the book. Students who explain a step aloud in their own words remember it far longer than those who only re-read it.</p>`;
  return [
    `<h3>${title}: what this chapter covers</h3>`,
    para(1),
    `<ul><li><strong>Definitions</strong> you must be able to state exactly.</li><li><em>Results</em> and when each one applies.</li><li>Typical ${subject} board questions and how marks are given.</li><li>Common mistakes and how to avoid them.</li></ul>`,
    para(2),
    `<h3>How to revise ${title}</h3>`,
    `<ol><li>Re-read the chapter summary and underline every new term.</li><li>Solve the in-text questions, then the exercise, in order.</li><li>Attempt two previous years' questions under a timer.</li><li>Write a one-page sheet of results to revise before the exam.</li></ol>`,
    para(3),
    `<p style="text-align: center"><u>Tip:</u> short daily sessions beat one long session before the test.</p>`,
  ].join("");
}

function subjectsOf(grade: Grade) {
  return grade <= 10 ? SUBJECTS.junior : SUBJECTS.senior;
}

export type CatalogueTargets = {
  classPath: string;
  chapterPath: string;
  postPath: string;
  counts: { subjects: number; chapters: number; links: number; notes: number; posts: number; images: number };
};

/**
 * The realistic catalogue: 4 classes × 8 subjects × 40 chapters, each chapter with 10 links
 * and a note, and 50 published posts with featured images and related posts.
 */
export async function seedCatalogue(db: Database, site: SiteIdentity): Promise<CatalogueTargets> {
  const counts = { subjects: 0, chapters: 0, links: 0, notes: 0, posts: 0, images: 0 };
  let chapterPath = "";
  for (const grade of GRADES) {
    const taken = new Set<string>();
    for (const [code, label, topics] of subjectsOf(grade)) {
      await addSubject(db, grade, code, label);
      counts.subjects++;
      const inputs: ChapterInput[] = [];
      for (let i = 0; i < 40; i++) {
        const topic = topics[i % topics.length] ?? label;
        const aspect = ASPECTS[Math.floor(i / topics.length) % ASPECTS.length] ?? "";
        let title = `${aspect} ${topic}`;
        // Two subjects of a class may share a topic: the later one names its subject.
        if (taken.has(slugify(title))) title = `${title} (${label})`;
        taken.add(slugify(title));
        inputs.push({ title, links: chapterLinks(title) });
      }
      const created = await createChapters(db, grade, code, inputs);
      for (const chapter of created) {
        await addNote(db, {
          chapterId: chapter.id,
          content: noteHtml(chapter.title, label),
          seoDescription: "",
          seoKeywords: `${chapter.title}, class ${grade} ${label.toLowerCase()}, cbse notes`,
        });
      }
      counts.chapters += created.length;
      counts.links += created.length * 10;
      counts.notes += created.length;
      // A chapter in the middle of Class 10 Science: the page the chapter measurements load.
      if (grade === 10 && code === "science") chapterPath = `/class/10/chapter/${created[17]?.slug}`;
    }
  }

  const images: string[] = [];
  for (let i = 0; i < 6; i++) {
    images.push((await storeImage(db, await featuredImage(i))).url);
    counts.images++;
  }
  const slugs: string[] = [];
  const day = 24 * 3600 * 1000;
  const start = Date.UTC(2024, 0, 8);
  for (let i = 0; i < 50; i++) {
    const topic = POST_TOPICS[i % POST_TOPICS.length] ?? "Study tips";
    const title = `${topic}: part ${Math.floor(i / POST_TOPICS.length) + 1}`;
    const slug = slugify(title);
    const date = new Date(start + i * 13 * day).toISOString().slice(0, 10);
    await addPost(
      db,
      {
        title,
        slug,
        date,
        author: AUTHORS[i % AUTHORS.length] ?? "",
        tag: ["Exam Tips", "Study Skills", "Wellbeing", "NCERT"][i % 4] ?? "",
        category: ["Guides", "Strategy", "Motivation"][i % 3] ?? "",
        excerpt: `${topic}: a practical plan for CBSE students, with a timetable, common mistakes and what toppers do differently.`,
        content: postHtml(topic),
        status: "published",
        publishAt: "",
        featured: i % 10 === 0,
        image: images[i % images.length] ?? "",
        featuredImageAlt: `${topic} illustration`,
        seoTitle: "",
        seoDescription: "",
        seoKeywords: `${topic.toLowerCase()}, cbse, board exams`,
        canonicalUrl: "",
        socialTitle: "",
        socialDescription: "",
        socialImage: "",
        allowComments: true,
        // The three posts written before it: related posts exist when they are named.
        related: slugs.slice(-3),
      },
      site,
    );
    slugs.push(slug);
    counts.posts++;
  }
  return {
    classPath: "/class/10?subject=science",
    chapterPath,
    // A post in the middle of the list, with a featured image and three related posts.
    postPath: `/blog/${slugs[25]}`,
    counts,
  };
}

const AUTHORS = ["Ananya Sharma", "Rahul Verma", "Priya Nair", "ChapterWise Team", "Arjun Mehta"];
const POST_TOPICS = [
  "How to plan your board exam revision",
  "Using NCERT exemplar problems well",
  "Managing exam stress",
  "Writing better answers in Social Science",
  "A weekly timetable for Class 12 Science",
  "Mastering numericals in Physics",
  "Reading English literature chapters",
  "Sample papers: when and how",
  "Taking notes that you will reuse",
  "Sleep, food and focus before exams",
];

function postHtml(topic: string): string {
  const paragraph = `<p>${topic} is easier with a plan you can keep. Start from the syllabus, mark the chapters you find hardest, and give them the first hour of your day when you are freshest. Keep a notebook of mistakes and read it every Sunday; the same errors tend to come back until you name them.</p>`;
  return [
    paragraph,
    `<h3>Why it matters</h3>`,
    paragraph,
    `<ul><li>Fix a daily start time.</li><li>Revise with past papers, not only the textbook.</li><li>Take a short break every 50 minutes.</li><li>Sleep at least seven hours before a paper.</li></ul>`,
    `<h3>A plan for the next four weeks</h3>`,
    `<ol><li>Week 1: list every chapter and rate it from 1 to 5.</li><li>Week 2: work through the weakest chapters first.</li><li>Week 3: one full sample paper every other day.</li><li>Week 4: revise your notes and your mistake notebook.</li></ol>`,
    paragraph,
    `<blockquote><p>Small steps every day beat a heroic effort the night before.</p></blockquote>`,
    paragraph,
  ].join("");
}

/** A 1200×630 picture of the kind a blog uses as its featured image. */
async function featuredImage(i: number): Promise<Buffer> {
  const colours = ["#1e3a8a", "#065f46", "#7c2d12", "#581c87", "#0f766e", "#9f1239"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours[i % colours.length]}"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="${900 + i * 20}" cy="${160 + i * 15}" r="${110 + i * 8}" fill="#fbbf24" opacity="0.8"/>
<rect x="80" y="380" width="${500 + i * 40}" height="24" rx="12" fill="#ffffff" opacity="0.7"/>
<rect x="80" y="430" width="${380 + i * 30}" height="24" rx="12" fill="#ffffff" opacity="0.5"/>
<text x="80" y="320" font-size="72" font-family="sans-serif" font-weight="bold" fill="#ffffff">Study smarter ${i + 1}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type ScaleTarget = { chapterPath: string; chapters: number; links: number; seconds: number };

const SCALE_SUBJECTS = 8;
/** The measured chapter: the same title, links and note at every scale. */
const TARGET_TITLE = "Electrochemistry and Galvanic Cells";

/**
 * A catalogue of `total` chapters (each with 3 links, the measured one with 10) spread over 4 classes × 8 subjects,
 * inserted in bulk in one transaction, 500 rows per statement. The measured chapter sits in
 * the middle, so its lookup reads neither the first nor the last rows. `bulk` (into an empty site
 * only) loads it as a restore does and builds the search index and the link inventory too.
 */
export async function seedScale(
  db: Database,
  total: number,
  options: { everyLink?: boolean; bulk?: boolean } = {},
): Promise<ScaleTarget> {
  const started = performance.now();
  const batch = 500;
  const targetIndex = Math.floor(total / 2);
  let target: { grade: Grade; slug: string; id: number } | undefined;
  let linkCount = 0;
  await db.transaction().execute(async (outer) => {
    // `bulk`: a restore's way (decision 0022), for a million links on PostgreSQL: the row
    // triggers off and the tables' indexes made once at the end, then the search index and the
    // link inventory built from all the rows (row triggers there cost a call a link).
    if (options.bulk)
      await withoutRowTriggers(outer, CONTENT_TABLES, () =>
        fillInBulk(outer, ["chapters", "chapter_links"], () => rows(outer)),
      );
    else await rows(outer);
    if (options.bulk) {
      await indexInBulk(outer, async () => {
        await indexEveryDocument(outer);
        await countEveryLink(outer);
        return contentChanged(outer);
      });
      // As a restore does: analysed once everything, the built tables too, is in.
      await tablesGrew(outer);
    }
  });
  if (!target) throw new Error("the measured chapter was not inserted");
  return {
    chapterPath: `/class/${target.grade}/chapter/${target.slug}`,
    chapters: total,
    links: linkCount,
    seconds: (performance.now() - started) / 1000,
  };

  async function rows(trx: Database): Promise<void> {
    for (const grade of GRADES) {
      for (const [code, label] of subjectsOf(grade).slice(0, SCALE_SUBJECTS)) {
        await addSubject(trx, grade, code, label);
      }
    }
    const at = now();
    const perGradeSubject = GRADES.length * SCALE_SUBJECTS;
    for (let from = 0; from < total; from += batch) {
      const rows = [];
      for (let i = from; i < Math.min(total, from + batch); i++) {
        const isTarget = i === targetIndex;
        // The measured chapter is Class 11 Chemistry at every scale.
        const grade = isTarget ? 11 : (GRADES[i % GRADES.length] as Grade);
        const subject = isTarget
          ? SUBJECTS.senior[1]
          : subjectsOf(grade)[Math.floor(i / GRADES.length) % SCALE_SUBJECTS];
        const title = isTarget ? TARGET_TITLE : `Topic ${i + 1}: ${subject?.[2][i % 8] ?? "Revision"}`;
        rows.push({
          grade,
          subject_code: subject?.[0] ?? "",
          title,
          slug: slugify(title),
          position: Math.floor(i / perGradeSubject),
          created_at: at,
          updated_at: at,
        });
      }
      const inserted = await trx
        .insertInto("chapters")
        .values(rows)
        .returning(["id", "grade", "slug", "title"])
        .execute();
      // The measured chapter gets its ten links; the others one of each kind (a million link
      // rows would triple the seeding time without changing what the lookup reads), or all ten
      // with `everyLink` (link health's scale: ten distinct URLs a chapter).
      const links = inserted.flatMap((chapter) => {
        const all = chapterLinks(chapter.title);
        return (["official", "notes", "questions", "lectures"] as const).flatMap((kind) =>
          all[kind]
            .slice(0, chapter.title === TARGET_TITLE || options.everyLink ? undefined : 1)
            .map((link, position) => ({ chapter_id: chapter.id, kind, position, ...link })),
        );
      });
      linkCount += links.length;
      for (let l = 0; l < links.length; l += batch) {
        await trx
          .insertInto("chapter_links")
          .values(links.slice(l, l + batch))
          .execute();
      }
      const hit = inserted.find((c) => c.title === TARGET_TITLE);
      if (hit) target = { grade: hit.grade as Grade, slug: hit.slug, id: hit.id };
    }
    if (!target) throw new Error("the measured chapter was not inserted");
    await addNote(trx, {
      chapterId: target.id,
      content: noteHtml(TARGET_TITLE, "Chemistry"),
      seoDescription: "",
      seoKeywords: "electrochemistry, galvanic cells, cbse notes",
    });
  }
}
