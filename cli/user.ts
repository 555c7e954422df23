// Accounts: npm run user -- add EMAIL --password PW [--admin] | list | remove EMAIL | admin EMAIL on|off | logout-all EMAIL
import { DomainError } from "#app/server/errors.server.ts";
import { endSessionsOfUser } from "#app/server/sessions.server.ts";
import { findUserByEmail, listUsers, removeUser, saveUser, setAdmin } from "#app/server/users.server.ts";
import { exit, openCliDatabase } from "./shared.ts";

const USAGE = `Usage:
  npm run user -- add EMAIL --password PASSWORD [--admin]   create the account, or set its password (ends its sessions)
  npm run user -- list                                       list accounts
  npm run user -- remove EMAIL                               delete an account
  npm run user -- admin EMAIL on|off                         grant or revoke admin
  npm run user -- logout-all EMAIL                           end every session of the account`;

function usage(problem?: string): never {
  exit(problem ? `${problem}\n\n${USAGE}` : USAGE);
}

const [command, ...args] = process.argv.slice(2);
if (!command || command === "--help" || command === "-h") usage();

type Plan = () => Promise<string>;
let plan: Plan;
const db = () => openCliDatabase();

switch (command) {
  case "add": {
    const email = args[0];
    const at = args.indexOf("--password");
    const password = at >= 0 ? args[at + 1] : undefined;
    const known = new Set(["--password", "--admin", email, password]);
    const unknown = args.filter((a) => !known.has(a));
    if (!email || email.startsWith("--")) usage("add: give the account's e-mail.");
    if (!password) usage("add: give a password with --password.");
    if (unknown.length > 0) usage(`add: unknown argument ${unknown[0]}`);
    const admin = args.includes("--admin") ? true : undefined;
    plan = async () => {
      const { user, created } = await saveUser(await db(), email, password, { admin });
      return `${created ? "Created" : "Updated"} ${user.email}${user.isAdmin ? " (admin)" : ""}.`;
    };
    break;
  }
  case "list":
    if (args.length > 0) usage(`list: takes no arguments`);
    plan = async () => {
      const users = await listUsers(await db());
      if (users.length === 0) return "No accounts yet.";
      return users
        .map((u) => `${u.email}\t${u.isAdmin ? "admin" : "-"}\tsince ${u.createdAt.slice(0, 10)}`)
        .join("\n");
    };
    break;
  case "remove": {
    const email = args[0];
    if (!email || args.length !== 1) usage("remove: give exactly one e-mail.");
    plan = async () =>
      (await removeUser(await db(), email)) ? `Removed ${email}.` : exit(`No account ${email}.`);
    break;
  }
  case "admin": {
    const [email, state] = args;
    if (!email || (state !== "on" && state !== "off") || args.length !== 2)
      usage("admin: give an e-mail and on or off.");
    plan = async () =>
      (await setAdmin(await db(), email, state === "on"))
        ? `${email} is ${state === "on" ? "now an admin" : "no longer an admin"}.`
        : exit(`No account ${email}.`);
    break;
  }
  case "logout-all": {
    const email = args[0];
    if (!email || args.length !== 1) usage("logout-all: give exactly one e-mail.");
    plan = async () => {
      const database = await db();
      const user = await findUserByEmail(database, email);
      if (!user) exit(`No account ${email}.`);
      const ended = await endSessionsOfUser(database, user.id);
      return `Ended ${ended} session${ended === 1 ? "" : "s"} of ${user.email}.`;
    };
    break;
  }
  default:
    usage(`Unknown command: ${command}`);
}

try {
  console.log(await plan());
  process.exit(0);
} catch (err) {
  if (err instanceof DomainError) exit(err.message);
  throw err;
}
