import { describe, expect, it } from "vitest";
import { isPrivatePath } from "#app/server/platform/http-cache.server.ts";
import { pageKey, saveDataKey, storedWhenAskedOften } from "#app/server/platform/page-key.server.ts";

describe("private paths", () => {
  it("are the console, login and logout however React Router would match them", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/Admin",
      "/ADMIN/blogs",
      "/%61dmin/notes",
      "/%41DMIN",
      "/adm%69n/subjects/",
      "/admin.data",
      "/Admin.data",
      "/ADMIN/blogs.data",
      "/admin/_.data",
      "/admin/blogs/",
      "//admin",
      "/about/../admin",
      "/about/%2e%2e/ADMIN",
      "/LOGIN",
      "/login.data",
      "/%6Cogout",
      "/admin/no-such-page",
      "admin/blogs", // a matched route pattern
      // One-time links to set a password hold a secret.
      "/set-password/abc",
      "/Set-Password/abc.data",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
  });

  it("include any path whose percent-encoding is malformed", () => {
    expect(isPrivatePath("/admin/%E0%A4%A")).toBe(true);
    expect(isPrivatePath("/%")).toBe(true);
  });

  it("leave public pages public", () => {
    for (const path of [
      "/",
      "/about",
      "/administrator-tips",
      "/blog/admin",
      "/class/9",
      "/about.data",
      "/_.data",
    ]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });
});

describe("page keys", () => {
  it("give every spelling of a page one key: the normalised path and only the parameters it reads", () => {
    for (const url of [
      "/about",
      "/About",
      "/%61bout",
      "/about/",
      "/about?junk=1",
      "/about?utm_source=x&y=2",
    ]) {
      expect(pageKey(url), url).toBe("/about");
    }
    expect(pageKey("/")).toBe("/");
    expect(pageKey("/?ref=home")).toBe("/");
    expect(pageKey("/class/9?q=&x=1&subject=science")).toBe("/class/9?subject=science");
    expect(pageKey("/class/9?subject=")).toBe("/class/9");
    expect(pageKey("/blog/My-Post?page=7")).toBe("/blog/my-post");
    // The blog list and a subject's chapter cards come in pages: each page is a page of its own.
    expect(pageKey("/Blog?page=2&utm_source=x")).toBe("/blog?page=2");
    expect(pageKey("/blog?page=")).toBe("/blog");
    expect(pageKey("/class/9?page=3&subject=science&x=1")).toBe("/class/9?subject=science&page=3");
    expect(pageKey("/class/9?page=3&subject=science&q=light")).toBeNull();
    expect(pageKey("/class/10/chapter/light-reflection")).toBe("/class/10/chapter/light-reflection");
    expect(pageKey("/class/10/chapter/light?report=")).toBe("/class/10/chapter/light");
    // A chapter's QR code page reads no query: one key per chapter.
    expect(pageKey("/class/10/chapter/Light/qr?utm_source=x&lang=hi")).toBe("/class/10/chapter/light/qr");
    expect(pageKey("/class/10/chapter/light/qr.data")).toBe("/class/10/chapter/light/qr.data");
    expect(pageKey("/class/10/chapter/light/qr/more")).toBeNull();
    expect(pageKey("/class/13/chapter/light/qr")).toBeNull();
  });

  it("give a slug in any script one key, however it is spelled (raw, percent-encoded, decomposed)", () => {
    const slug = "सूरदास-के-पद";
    const key = `/class/10/chapter/${encodeURIComponent(slug)}`;
    for (const url of [
      `/class/10/chapter/${slug}`,
      key,
      `/class/10/chapter/${encodeURIComponent(slug.normalize("NFD"))}`,
      `/class/10/chapter/${slug}/`,
    ]) {
      expect(pageKey(url), url).toBe(key);
    }
    expect(pageKey(new URL(`http://site${key}`))).toBe(key);
    expect(pageKey(`/blog/${encodeURIComponent("प्रकाश-का-परावर्तन")}`)).toBe(
      `/blog/${encodeURIComponent("प्रकाश-का-परावर्तन")}`,
    );
    // Symbols are no slug: such an address is rendered (a 404), never stored.
    expect(pageKey("/class/10/chapter/%E2%98%83")).toBeNull();
    expect(pageKey("/class/10/chapter/a%2Fb")).toBeNull();
  });

  it("keep React Router's data requests apart from the pages, without its _routes", () => {
    expect(pageKey("/about.data?_routes=routes%2Fpublic%2Fabout")).toBe("/about.data");
    expect(pageKey("/about/_.data")).toBe("/about.data");
    expect(pageKey("/_.data?_routes=root")).toBe("/_.data");
    expect(pageKey("/class/9.data?subject=maths&_routes=routes%2Fpublic%2Fclass&junk=1")).toBe(
      "/class/9.data?subject=maths",
    );
  });

  it("are a fixed point: the canonical request has its own key", () => {
    for (const url of ["/About/?x=1", "/class/9.data?_routes=a&subject=s%20t", "/blog/A-b", "/_.data?x"]) {
      const key = pageKey(url);
      expect(key).not.toBeNull();
      expect(pageKey(key as string)).toBe(key);
      expect(pageKey(new URL(`http://site${key}`))).toBe(key);
    }
  });

  it("are null for what is never stored", () => {
    for (const url of [
      "/ADMIN/blogs?edit=3",
      "/Admin",
      "/%61dmin/notes",
      "/admin.data",
      "/login",
      "/logout?x=1",
      "/%E0%A4%A",
      "/class/9?q=light", // a search as typed
      "/class/10/chapter/light?report=thanks&link=x", // one visitor's answer to "Report broken link"
      "/class/10/chapter/light.data?report=later",
      "/class/09", // a spelling the router accepts; rendered, not stored
      "/class/13",
      "/search/suggest?q=x", // JSON with its own caching
      "/sitemap.xml",
      "/sitemap-2.xml",
      "/metrics",
      "/blog/rss.xml",
      "//about",
      "http://evil/about",
    ]) {
      expect(pageKey(url), url).toBeNull();
    }
  });

  it("of search results keep everything the page reads, and mark them as kept only when asked often", () => {
    expect(pageKey("/Search?page=2&junk=1&q=light&type=links&grade=10&subject=science")).toBe(
      "/search?q=light&grade=10&subject=science&type=links&page=2",
    );
    expect(pageKey("/search.data?q=light&_routes=routes%2Fpublic%2Fsearch")).toBe("/search.data?q=light");
    for (const key of ["/search", "/search?q=x", "/search.data?q=x"])
      expect(storedWhenAskedOften(key), key).toBe(true);
    for (const key of ["/", "/_.data", "/about", "/class/9?subject=science", "/blog/search"]) {
      expect(storedWhenAskedOften(key), key).toBe(false);
    }
  });
});

describe("the key of a page's Save-Data form", () => {
  it("is its page's key and a mark no address can spell; React Router's data has none", () => {
    expect(saveDataKey("/about")).toBe("/about#save-data");
    expect(saveDataKey("/class/9?subject=science")).toBe("/class/9?subject=science#save-data");
    for (const target of [
      "/about#save-data",
      "/about%23save-data",
      "/about?x=%23save-data",
      "/about/#save-data",
    ])
      expect(pageKey(target), target).not.toBe(saveDataKey("/about"));
    expect(saveDataKey("/class/9.data?subject=science")).toBe("/class/9.data?subject=science");
    expect(saveDataKey("/_.data")).toBe("/_.data");
  });

  it("keeps a search page's form apart with the other endless pages", () => {
    expect(storedWhenAskedOften(saveDataKey("/search?q=light"))).toBe(true);
    expect(storedWhenAskedOften(saveDataKey("/hi/search?q=light"))).toBe(true);
    expect(storedWhenAskedOften(saveDataKey("/about"))).toBe(false);
  });
});
