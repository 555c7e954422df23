import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is making a change: a signed-in console user, the command line, or the site itself (a job).
 * History, Trash and Activity say it ("saved by", "deleted by", "who"), never a password or session.
 */
export type Actor = {
  /** The account, when a person signed in to the console did it. */
  userId: number | null;
  /** What the console shows: the account's e-mail, "command line" or "system". */
  label: string;
  /** The client's address for a console request (Activity shows it), else null. */
  address: string | null;
};

export const SYSTEM: Actor = { userId: null, label: "system", address: null };

/** A person at the console (or signing in, or out): their account, named by its e-mail, and address. */
export function person(user: { id: number; email: string }, address: string): Actor {
  return { userId: user.id, label: user.email, address };
}

const current = new AsyncLocalStorage<Actor>();

/**
 * Runs `work` as `actor`: everything it awaits (domain writes, their transactions) sees it through
 * `currentActor()`. Set once per console request (the console layout's middleware), per CLI command
 * and per job run, so no domain function needs an extra "by whom" argument (docs/decisions/0012).
 */
export function actingAs<T>(actor: Actor, work: () => T): T {
  return current.run(actor, work);
}

/** Who is doing the current work; "system" outside any `actingAs`. */
export function currentActor(): Actor {
  return current.getStore() ?? SYSTEM;
}
