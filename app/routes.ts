import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { MAX_SITEMAP_PARTS, sitemapPartPath } from "#app/lib/sitemaps.ts";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("class/:grade", "routes/public/class.tsx"),
    route("class/:grade/chapter/:slug", "routes/public/chapter.tsx"),
    // A chapter's QR code to print (its short address), for classrooms (DESIGN 8.3).
    route("class/:grade/chapter/:slug/qr", "routes/public/chapter-qr.tsx"),
    // A chapter's short address, /c/ID: 301 to its address of today (docs/decisions/0024).
    route("c/:id", "routes/public/chapter-by-id.tsx"),
    route("guide/:grade", "routes/public/guide.tsx"),
    route("about", "routes/public/about.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/post.tsx"),
    route("privacy-policy", "routes/public/privacy.tsx"),
    route("terms-and-conditions", "routes/public/terms.tsx"),
    route("search", "routes/public/search.tsx"),
    // The chapters saved on this device for offline (DESIGN 8.3, public/sw.js).
    route("saved", "routes/public/saved.tsx"),
    // Previews for signed-in console users, in the public frame so they look exactly like the page
    // (console addresses: never stored or cached). A post as the blog will show it; a note, as typed
    // in Add Note or Edit Note, on its chapter's page.
    route("admin/blogs/:id/preview", "routes/admin/post-preview.tsx"),
    route("admin/notes/preview", "routes/admin/note-preview.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // Every public page in Hindi under /hi (docs/decisions/0030): the same data, Hindi words.
  route("hi", "routes/public/hi/layout.tsx", [
    index("routes/public/hi/home.tsx"),
    route("class/:grade", "routes/public/hi/class.tsx"),
    route("class/:grade/chapter/:slug", "routes/public/hi/chapter.tsx"),
    route("class/:grade/chapter/:slug/qr", "routes/public/hi/chapter-qr.tsx"),
    route("c/:id", "routes/public/hi/chapter-by-id.tsx"),
    route("guide/:grade", "routes/public/hi/guide.tsx"),
    route("about", "routes/public/hi/about.tsx"),
    route("privacy-policy", "routes/public/hi/privacy.tsx"),
    route("terms-and-conditions", "routes/public/hi/terms.tsx"),
    route("blog", "routes/public/hi/blog.tsx"),
    route("blog/:slug", "routes/public/hi/post.tsx"),
    route("search", "routes/public/hi/search.tsx"),
    route("saved", "routes/public/hi/saved.tsx"),
    route("*", "routes/public/hi/not-found.tsx"),
  ]),
  // A chapter's share card (og:image) in each language: a picture, outside the pages' layouts.
  route("class/:grade/chapter/:slug/card.png", "routes/chapter-card.ts"),
  route("hi/class/:grade/chapter/:slug/card.png", "routes/chapter-card.ts", { id: "routes/hi/chapter-card" }),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  // The one-time link an admin sends to set a password (invitation or reset): private, never stored.
  route("set-password/:token", "routes/set-password.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    // The Dashboard's list, with Edit Resource as a modal over it at its own address
    // (/admin/chapters/12?page=2…); the list's own forms post to its index (/admin?index).
    layout("routes/admin/dashboard.tsx", [
      index("routes/admin/dashboard-index.tsx"),
      route("chapters/:id", "routes/admin/chapter-edit.tsx"),
    ]),
    route("add-resource", "routes/admin/add-resource.tsx"),
    route("subjects", "routes/admin/subjects.tsx"),
    // This year's syllabus: the current session and the chapters' statuses in it.
    route("syllabus", "routes/admin/syllabus.tsx"),
    // Edit Blog is a modal over the list at its own address (/admin/blogs/12?page=2…).
    route("blogs", "routes/admin/blogs.tsx", [route(":id", "routes/admin/blog-edit.tsx")]),
    // Edit Note likewise (/admin/notes/12?page=2…).
    route("notes", "routes/admin/notes.tsx", [route(":id", "routes/admin/note-edit.tsx")]),
    route("links", "routes/admin/links.tsx"),
    // Each class's study guide, in English and Hindi: /admin/guides is Class 9's.
    route("guides", "routes/admin/guides.tsx", { id: "routes/admin/guides" }),
    route("guides/:grade", "routes/admin/guides.tsx", { id: "routes/admin/guide" }),
    // An item's History: its versions, one compared with the current one, Restore (one module).
    route("chapters/:id/history", "routes/admin/history.tsx", { id: "routes/admin/chapter-history" }),
    route("blogs/:id/history", "routes/admin/history.tsx", { id: "routes/admin/post-history" }),
    route("notes/:id/history", "routes/admin/history.tsx", { id: "routes/admin/note-history" }),
    route("guides/:id/history", "routes/admin/history.tsx", { id: "routes/admin/guide-history" }),
    // Deleted chapters, notes and posts, for 30 days: Restore, or Delete forever.
    route("trash", "routes/admin/trash.tsx"),
    // Who changed what (admins): every console write, sign-in and command-line change.
    route("activity", "routes/admin/activity.tsx"),
    // Who can use the console (admins): invitations, roles, password resets, deactivation.
    route("users", "routes/admin/users.tsx"),
    // What students search for, and the synonyms search uses (linked from the Dashboard).
    route("searches", "routes/admin/searches.tsx"),
    route("pick/chapters", "routes/admin/pick-chapters.ts"),
    route("pick/posts", "routes/admin/pick-posts.ts"),
    route("chapters.csv", "routes/admin/chapters-csv.ts"),
    route("media", "routes/admin/media.tsx"),
    // My account (every console user): password, sessions, two-step sign-in.
    route("account", "routes/admin/account.tsx"),
  ]),
  route("healthz", "routes/healthz.ts"),
  route("metrics", "routes/metrics.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The numbered sitemaps of a big site (/sitemap-1.xml…), listed by /sitemap.xml when it is an index.
  ...Array.from({ length: MAX_SITEMAP_PARTS }, (_, i) =>
    route(sitemapPartPath(i + 1).slice(1), "routes/sitemap-part.ts", { id: `routes/sitemap-${i + 1}` }),
  ),
  route("robots.txt", "routes/robots.ts"),
  route("search/suggest", "routes/search-suggest.ts"),
  route("report-link", "routes/report-link.ts"),
  route("blog/rss.xml", "routes/rss.ts"),
  route("media/:name", "routes/media.ts"),
] satisfies RouteConfig;
