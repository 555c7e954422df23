import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

// React Router's server rendering is patched (patches/react-router+8.4.0.patch, docs/decisions/0041)
// so that a build's route tree is converted once, not again for every page: these fail on an
// install where the patch did not apply.

const routes = [
  {
    path: "/",
    Component: () => createElement("main", null, createElement(Outlet)),
    children: [
      { index: true, Component: () => createElement("p", null, "home") },
      { path: "class/:grade", Component: () => createElement("p", null, "class") },
    ],
  },
];

describe("React Router's route tree on the server", () => {
  it("is converted once for every page rendered with the same routes", async () => {
    const handler = createStaticHandler(routes);
    const contexts = await Promise.all(
      ["http://x/", "http://x/class/10"].map((url) => handler.query(new Request(url))),
    );
    const routers = contexts.map((context) => {
      if (context instanceof Response) throw new Error("unexpected response");
      return createStaticRouter(routes, context);
    });
    expect(routers[0]?.routes).toBe(routers[1]?.routes);
    // Each page still renders its own location.
    const html = routers.map((router, i) => {
      const context = contexts[i];
      if (!router || !context || context instanceof Response) throw new Error("no router");
      return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
    });
    expect(html).toEqual(["<main><p>home</p></main>", "<main><p>class</p></main>"]);
  });

  it("is converted again for other routes (a new build in development)", async () => {
    const other = routes.map((r) => ({ ...r }));
    const context = await createStaticHandler(other).query(new Request("http://x/"));
    if (context instanceof Response) throw new Error("unexpected response");
    expect(createStaticRouter(other, context).routes).not.toBe(createStaticRouter(routes, context).routes);
  });
});
