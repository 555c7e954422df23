export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

// The test servers' accounts (tests/e2e/server.ts, own-server.ts): one of each console role and one
// without a role. Passwords follow the rules (app/lib/password-rules.ts): 12+ characters, not
// common, without the e-mail's name part.
export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "Tidy-garden-4820", role: "admin" },
  second: { email: "admin2@e2e.test", password: "Calm-valley-9315", role: "admin" },
  editor: { email: "editor@e2e.test", password: "Bright-atlas-5864", role: "editor" },
  student: { email: "member@e2e.test", password: "Green-pencil-7702", role: null },
} as const;
