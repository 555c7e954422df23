import { expect, it } from "vitest";
import { currentActor } from "#app/server/console/actor.server.ts";
import { claimJob, type JobDefinition, runJobOnce } from "#app/server/jobs/lease.server.ts";
import { describeEachDatabase } from "./databases.ts";

describeEachDatabase("jobs run on one instance at a time", (db) => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, 0) + minute * 60_000);

  it("one holder gets a lease; another gets it only when it is given back or has expired", async () => {
    expect(await claimJob(db(), "lease-a", "one", at(0), 60_000)).toBe(true);
    expect(await claimJob(db(), "lease-a", "two", at(0), 60_000)).toBe(false);
    // The holder may renew its own lease.
    expect(await claimJob(db(), "lease-a", "one", at(0), 60_000)).toBe(true);
    // One instance died half-way: after its lease ends, another takes over.
    expect(await claimJob(db(), "lease-a", "two", at(2), 60_000)).toBe(true);
    expect(await claimJob(db(), "lease-a", "one", at(2), 60_000)).toBe(false);
  });

  it("two instances running a round at the same moment: the job runs once, as the system", async () => {
    let runs = 0;
    const who: string[] = [];
    const job: JobDefinition = {
      name: "count-once",
      everyMs: 60_000,
      run: async () => {
        runs++;
        who.push(currentActor().label);
        return "counted";
      },
    };
    const outcomes = await Promise.all(
      ["a", "b", "c", "d"].map((holder) => runJobOnce(db(), job, holder, at(5))),
    );
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(who).toEqual(["system"]);
    // Given back after the run: the next round may run anywhere.
    expect((await runJobOnce(db(), job, "b", at(6))).ran).toBe(true);
    const row = await db()
      .selectFrom("job_leases")
      .selectAll()
      .where("name", "=", "count-once")
      .executeTakeFirst();
    expect(row).toMatchObject({ holder: null, last_result: "counted", last_run_at: at(6).toISOString() });
  });

  it("a run that fails gives its lease back and says why", async () => {
    const job: JobDefinition = {
      name: "fails",
      everyMs: 60_000,
      run: async () => {
        throw new Error("database away");
      },
    };
    await expect(runJobOnce(db(), job, "a", at(7))).rejects.toThrow("database away");
    const row = await db()
      .selectFrom("job_leases")
      .selectAll()
      .where("name", "=", "fails")
      .executeTakeFirst();
    expect(row).toMatchObject({ holder: null, last_result: "failed: database away" });
    expect(await claimJob(db(), "fails", "b", at(7))).toBe(true);
  });
});
