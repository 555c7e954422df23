export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "Admin-pass-123", admin: true },
  second: { email: "admin2@e2e.test", password: "Admin-pass-456", admin: true },
  student: { email: "member@e2e.test", password: "Member-pass-123", admin: false },
} as const;
