// The ceiling: a minimal node:http server answering each path with a fixed body held in memory.
// Runs in its own process (forked by load.ts), so it never shares an event loop with the load
// generator. argv: port, then a JSON file mapping each path to the file holding its body.
import fs from "node:fs";
import http from "node:http";

const [portText, mapFile] = process.argv.slice(2);
const files = JSON.parse(fs.readFileSync(mapFile ?? "", "utf8")) as Record<string, string>;
const bodies = new Map(Object.entries(files).map(([route, file]) => [route, fs.readFileSync(file)]));

const server = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? "");
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.byteLength });
  res.end(body);
});
server.listen(Number(portText), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
