import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("class/:grade", "routes/public/class.tsx"),
    route("class/:grade/chapter/:slug", "routes/public/chapter.tsx"),
    route("guide/:grade", "routes/public/guide.tsx"),
    route("about", "routes/public/about.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/post.tsx"),
    route("privacy-policy", "routes/public/privacy.tsx"),
    route("terms-and-conditions", "routes/public/terms.tsx"),
    route("search", "routes/public/search.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    // The Dashboard's list, with Edit Resource as a modal over it at its own address
    // (/admin/chapters/12?page=2…); the list's own forms post to its index (/admin?index).
    layout("routes/admin/dashboard.tsx", [
      index("routes/admin/dashboard-index.tsx"),
      route("chapters/:id", "routes/admin/chapter-edit.tsx"),
    ]),
    route("add-resource", "routes/admin/add-resource.tsx"),
    route("subjects", "routes/admin/subjects.tsx"),
    // Edit Blog is a modal over the list at its own address (/admin/blogs/12?page=2…).
    route("blogs", "routes/admin/blogs.tsx", [route(":id", "routes/admin/blog-edit.tsx")]),
    // Edit Note likewise (/admin/notes/12?page=2…).
    route("notes", "routes/admin/notes.tsx", [route(":id", "routes/admin/note-edit.tsx")]),
    route("links", "routes/admin/links.tsx"),
    // What students search for, and the synonyms search uses (linked from the Dashboard).
    route("searches", "routes/admin/searches.tsx"),
    route("pick/chapters", "routes/admin/pick-chapters.ts"),
    route("pick/posts", "routes/admin/pick-posts.ts"),
    route("chapters.csv", "routes/admin/chapters-csv.ts"),
    route("media", "routes/admin/media.tsx"),
  ]),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("search/suggest", "routes/search-suggest.ts"),
  route("report-link", "routes/report-link.ts"),
  route("blog/rss.xml", "routes/rss.ts"),
  route("media/:name", "routes/media.ts"),
] satisfies RouteConfig;
