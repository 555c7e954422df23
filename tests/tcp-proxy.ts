import net from "node:net";

/**
 * A TCP proxy of a test's own between the app and a real server, to give the app a bad day
 * without stopping the shared server: "open" forwards, "down" drops every connection and refuses
 * new ones (a stopped server), "silent" accepts and keeps connections but never answers (a hung
 * server). Leaving "down" or "silent" drops the connections of that time, as a restart would.
 */
export type Mode = "open" | "down" | "silent";

export type TcpProxy = {
  port: number;
  /** `postgres://...` with the proxy's host and port in place of the target's. */
  url: (targetUrl: string) => string;
  set: (mode: Mode) => void;
  close: () => Promise<void>;
};

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: Mode = "open";
  const forwarded = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();

  const hold = (client: net.Socket) => {
    held.add(client);
    client.on("data", () => {}); // read and ignored
    client.on("close", () => held.delete(client));
  };

  const server = net.createServer((client) => {
    client.on("error", () => {});
    if (mode === "down") return client.destroy();
    if (mode === "silent") return hold(client);
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    const pair = { client, upstream };
    forwarded.add(pair);
    client.on("close", () => {
      forwarded.delete(pair);
      upstream.destroy();
    });
    upstream.on("close", () => {
      if (forwarded.has(pair)) client.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    set(next) {
      if (next === mode) return;
      for (const socket of held) socket.destroy();
      held.clear();
      if (next !== "open") {
        for (const pair of [...forwarded]) {
          forwarded.delete(pair);
          pair.client.unpipe(pair.upstream);
          pair.upstream.unpipe(pair.client);
          pair.upstream.destroy();
          if (next === "down") pair.client.destroy();
          else hold(pair.client);
        }
      }
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        for (const { client, upstream } of forwarded) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
