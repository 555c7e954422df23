// Accounts: npm run user -- add EMAIL --password PW [--admin | --role admin|editor] | list | remove EMAIL |
// admin EMAIL on|off | role EMAIL admin|editor|none | invite EMAIL --role admin|editor |
// deactivate EMAIL | reactivate EMAIL | logout-all EMAIL | two-step EMAIL off |
// rotate-secret-key --old-key-file FILE
import { isRole, ROLE_WORDS, type Role } from "#app/lib/roles.ts";
import { USER_STATUS_WORDS } from "#app/lib/users-page.ts";
import { inviteUser, passwordLinkUrl } from "#app/server/accounts/password-links.server.ts";
import { readKeyFile, secretKey, secretKeyFrom } from "#app/server/accounts/secret-box.server.ts";
import { endSessionsOfUser } from "#app/server/accounts/sessions.server.ts";
import { resetTwoStep, rotateSecretKey } from "#app/server/accounts/two-step.server.ts";
import {
  deactivateUser,
  findUserByEmail,
  listUsers,
  reactivateUser,
  removeUser,
  saveUser,
  setRole,
  type User,
} from "#app/server/accounts/users.server.ts";
import { ConfigError, loadConfig } from "#app/server/config.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { asCommandLine, exit, openCliDatabase } from "./shared.ts";

const USAGE = `Usage:
  npm run user -- add EMAIL --password PASSWORD [--admin | --role admin|editor]
                                                 create the account, or set its password (ends its sessions)
  npm run user -- list                           list accounts with their role and status
  npm run user -- remove EMAIL                   delete an account
  npm run user -- role EMAIL admin|editor|none   set the account's console role
  npm run user -- admin EMAIL on|off             the same as role EMAIL admin|none
  npm run user -- invite EMAIL --role admin|editor
                                                 create a pending account; prints its one-time link to set a password
  npm run user -- deactivate EMAIL               the account cannot sign in; its sessions end
  npm run user -- reactivate EMAIL               the account can sign in again
  npm run user -- logout-all EMAIL               end every session of the account
  npm run user -- two-step EMAIL off             reset the account's two-step sign-in (a lost phone
                                                 and lost recovery codes): it signs in with its password
  npm run user -- rotate-secret-key --old-key-file FILE
                                                 seal every two-step secret under SECRET_KEY (the new key) that
                                                 were sealed under the key in FILE (the old one, as hex or base64)
Passwords: at least 12 characters, not a common one, without the e-mail's name part.`;

function usage(problem?: string): never {
  exit(problem ? `${problem}\n\n${USAGE}` : USAGE);
}

const [command, ...args] = process.argv.slice(2);
if (!command || command === "--help" || command === "-h") usage();

type Plan = () => Promise<string>;
let plan: Plan;
const db = () => openCliDatabase();

const roleWord = (role: Role | null) => (role ? ROLE_WORDS[role].toLowerCase() : "no role");

/** The account of `email`, or the command ends saying there is none. */
async function account(database: Database, email: string): Promise<User> {
  return (await findUserByEmail(database, email)) ?? exit(`No account ${email}.`);
}

/** `role EMAIL ROLE` and `admin EMAIL on|off`: the role, recorded in Activity as the console does. */
function changeRole(email: string, role: Role | null): Plan {
  return async () => {
    const database = await db();
    const { before, after } = await setRole(database, (await account(database, email)).id, role);
    if (before.role !== after.role)
      await noteActivity(database, {
        action: "user.role",
        item: `account ${after.email}`,
        summary: `${roleWord(before.role)} → ${roleWord(after.role)}`,
      });
    return `${after.email} has ${after.role ? `the ${roleWord(after.role)} role` : "no console role"}.`;
  };
}

/** The value after `flag` (`--role admin`), or undefined. */
function option(flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

switch (command) {
  case "add": {
    const email = args[0];
    const password = option("--password");
    const roleText = option("--role");
    const known = new Set(["--password", "--admin", "--role", email, password, roleText]);
    const unknown = args.filter((a) => !known.has(a));
    if (!email || email.startsWith("--")) usage("add: give the account's e-mail.");
    if (!password) usage("add: give a password with --password.");
    if (unknown.length > 0) usage(`add: unknown argument ${unknown[0]}`);
    if (roleText !== undefined && !isRole(roleText)) usage("add: --role is admin or editor.");
    if (roleText !== undefined && args.includes("--admin")) usage("add: give --admin or --role, not both.");
    const role: Role | undefined = args.includes("--admin")
      ? "admin"
      : isRole(roleText)
        ? roleText
        : undefined;
    plan = async () => {
      const database = await db();
      const { user, created } = await saveUser(database, email, password, { role });
      // Never the password: only that one was set.
      await noteActivity(database, {
        action: created ? "user.add" : "user.password",
        item: `account ${user.email}`,
        summary: [created ? "" : "new password", user.role ? roleWord(user.role) : ""]
          .filter(Boolean)
          .join(", "),
      });
      return `${created ? "Created" : "Updated"} ${user.email}${user.role ? ` (${roleWord(user.role)})` : ""}.`;
    };
    break;
  }
  case "list":
    if (args.length > 0) usage(`list: takes no arguments`);
    plan = async () => {
      const users = await listUsers(await db());
      if (users.length === 0) return "No accounts yet.";
      return users
        .map((u) =>
          [
            u.email,
            u.role ?? "-",
            USER_STATUS_WORDS[u.status].toLowerCase(),
            `since ${u.createdAt.slice(0, 10)}`,
            u.lastSignInAt
              ? `last sign-in ${u.lastSignInAt.slice(0, 16).replace("T", " ")} UTC`
              : "never signed in",
          ].join("\t"),
        )
        .join("\n");
    };
    break;
  case "remove": {
    const email = args[0];
    if (!email || args.length !== 1) usage("remove: give exactly one e-mail.");
    plan = async () => {
      const database = await db();
      if (!(await removeUser(database, email))) exit(`No account ${email}.`);
      await noteActivity(database, { action: "user.remove", item: `account ${email}` });
      return `Removed ${email}.`;
    };
    break;
  }
  case "admin": {
    const [email, state] = args;
    if (!email || (state !== "on" && state !== "off") || args.length !== 2)
      usage("admin: give an e-mail and on or off.");
    plan = changeRole(email, state === "on" ? "admin" : null);
    break;
  }
  case "role": {
    const [email, role] = args;
    if (!email || args.length !== 2 || !(isRole(role) || role === "none"))
      usage("role: give an e-mail and admin, editor or none.");
    plan = changeRole(email, isRole(role) ? role : null);
    break;
  }
  case "invite": {
    const email = args[0];
    const role = option("--role");
    if (!email || email.startsWith("--") || args.length !== 3 || !isRole(role))
      usage("invite: give an e-mail and --role admin or editor.");
    plan = async () => {
      let siteUrl: string;
      try {
        siteUrl = loadConfig().siteUrl;
      } catch (err) {
        if (err instanceof ConfigError) exit(err.message);
        throw err;
      }
      const database = await db();
      const { user, token, expiresAt } = await inviteUser(database, email, role);
      // Never the link: it is a password until used.
      await noteActivity(database, {
        action: "user.invite",
        item: `account ${user.email}`,
        summary: roleWord(role),
      });
      return [
        `Invited ${user.email} (${roleWord(role)}). Send them this one-time link to set a password`,
        `(it works once, until ${expiresAt.slice(0, 16).replace("T", " ")} UTC):`,
        passwordLinkUrl(siteUrl, token),
      ].join("\n");
    };
    break;
  }
  case "deactivate":
  case "reactivate": {
    const email = args[0];
    if (!email || args.length !== 1) usage(`${command}: give exactly one e-mail.`);
    plan = async () => {
      const database = await db();
      const { id } = await account(database, email);
      const user =
        command === "deactivate" ? await deactivateUser(database, id) : await reactivateUser(database, id);
      await noteActivity(database, { action: `user.${command}`, item: `account ${user.email}` });
      return command === "deactivate"
        ? `${user.email} is deactivated: it cannot sign in, and its sessions ended.`
        : `${user.email} can sign in again.`;
    };
    break;
  }
  case "logout-all": {
    const email = args[0];
    if (!email || args.length !== 1) usage("logout-all: give exactly one e-mail.");
    plan = async () => {
      const database = await db();
      const user = await account(database, email);
      const ended = await endSessionsOfUser(database, user.id);
      const sessions = `${ended} session${ended === 1 ? "" : "s"}`;
      await noteActivity(database, {
        action: "user.sign-out-everywhere",
        item: `account ${user.email}`,
        summary: `${sessions} ended`,
      });
      return `Ended ${sessions} of ${user.email}.`;
    };
    break;
  }
  case "two-step": {
    const [email, state] = args;
    if (!email || state !== "off" || args.length !== 2) usage("two-step: give an e-mail and off.");
    plan = async () => {
      const database = await db();
      const user = await account(database, email);
      if (!(await resetTwoStep(database, user.id))) return `${user.email} had no two-step sign-in.`;
      await noteActivity(database, { action: "user.reset-two-step", item: `account ${user.email}` });
      return `Two-step sign-in of ${user.email} is off: it signs in with its password, and may set it up again.`;
    };
    break;
  }
  case "rotate-secret-key": {
    const file = option("--old-key-file");
    if (!file || args.length !== 2 || args[0] !== "--old-key-file")
      usage("rotate-secret-key: give --old-key-file FILE (the old key; SECRET_KEY is the new one).");
    plan = async () => {
      let old: Buffer | undefined;
      try {
        old = readKeyFile(file, "--old-key-file");
      } catch (err) {
        if (err instanceof ConfigError) exit(err.message);
        throw err;
      }
      if (!old) exit(`Cannot read ${file}.`);
      const database = await db();
      const sealed = await rotateSecretKey(database, secretKeyFrom(old), secretKey());
      await noteActivity(database, {
        action: "user.rotate-secret-key",
        summary: `${sealed} two-step secrets`,
      });
      return `Sealed ${sealed} two-step secret${sealed === 1 ? "" : "s"} under the new key. Start every instance with this SECRET_KEY.`;
    };
    break;
  }
  default:
    usage(`Unknown command: ${command}`);
}

try {
  console.log(await asCommandLine(plan));
  process.exit(0);
} catch (err) {
  if (err instanceof DomainError) exit(err.message);
  throw err;
}
