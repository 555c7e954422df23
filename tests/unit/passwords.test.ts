import { describe, expect, it } from "vitest";
import { hashPassword, isPasswordHash, verifyPassword } from "#app/server/accounts/passwords.server.ts";

describe("password hashes", () => {
  it("accepts the format hashPassword writes, and verifies with it", async () => {
    const hash = await hashPassword("a long password");
    expect(isPasswordHash(hash)).toBe(true);
    expect(await verifyPassword("a long password", hash)).toBe(true);
    expect(await verifyPassword("another password", hash)).toBe(false);
  });

  it("a hash with parameters scrypt cannot run within its memory cap is no match, not an error", async () => {
    const salt = Buffer.alloc(16).toString("base64url");
    const key = Buffer.alloc(64).toString("base64url");
    for (const hash of [
      `scrypt$1073741824$8$1$${salt}$${key}`,
      `scrypt$32768$4096$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `scrypt$32768$8$1$${salt}$`,
      "plain text",
    ]) {
      expect(isPasswordHash(hash), hash).toBe(false);
      expect(await verifyPassword("a long password", hash), hash).toBe(false);
    }
  });
});
