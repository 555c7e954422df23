import { describe, expect, it } from "vitest";
import { withoutBrotli } from "../../server/compress-on-the-fly.ts";

describe("answers compressed as they are sent take gzip, never brotli", () => {
  it("keeps every other encoding the client accepts and refuses brotli, however it is named", () => {
    expect(withoutBrotli("gzip, deflate, br, zstd")).toBe("gzip, deflate, zstd, br;q=0");
    expect(withoutBrotli("BR;q=1.0, gzip;q=0.5")).toBe("gzip;q=0.5, br;q=0");
    expect(withoutBrotli("br")).toBe("br;q=0");
    expect(withoutBrotli("*")).toBe("*, br;q=0");
    expect(withoutBrotli(" , gzip ,")).toBe("gzip, br;q=0");
    expect(withoutBrotli("")).toBe("br;q=0");
  });
});
