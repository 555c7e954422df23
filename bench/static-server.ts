// The ceiling: a minimal node:http server answering each path with a fixed body held in memory.
// Runs in its own process (forked by load.ts), so it never shares an event loop with the load
// generator. argv: port, then a JSON file mapping each path to the file holding its body (as the
// page's server sent it, compressed or not) and its Content-Encoding.
import fs from "node:fs";
import http from "node:http";

const [portText, mapFile] = process.argv.slice(2);
const files = JSON.parse(fs.readFileSync(mapFile ?? "", "utf8")) as Record<
  string,
  { file: string; contentEncoding?: string }
>;
const pages = new Map(
  Object.entries(files).map(([route, { file, contentEncoding }]) => [
    route,
    { body: fs.readFileSync(file), contentEncoding },
  ]),
);

const server = http.createServer((req, res) => {
  const page = pages.get(req.url ?? "");
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  const headers: Record<string, string | number> = {
    "content-type": "text/html; charset=utf-8",
    "content-length": page.body.byteLength,
  };
  if (page.contentEncoding) headers["content-encoding"] = page.contentEncoding;
  res.writeHead(200, headers);
  res.end(page.body);
});
server.listen(Number(portText), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
