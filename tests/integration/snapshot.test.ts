import { expect, it } from "vitest";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { toNumber, withSnapshot } from "#app/server/db.server.ts";
import { describeEachDatabase } from "./databases.ts";

describeEachDatabase("a snapshot sees one moment while others write", (db) => {
  const count = async (on = db()) =>
    toNumber(
      (
        await on
          .selectFrom("subjects")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("reads inside the snapshot do not see writes made after it began; writes are not held up", async () => {
    const before = await count();
    const seen = await withSnapshot(db(), async (snapshot) => {
      const first = await count(snapshot);
      await addSubject(db(), 10, "snapshot-a", "Snapshot A");
      await addSubject(db(), 10, "snapshot-b", "Snapshot B");
      const second = await count(snapshot);
      return { first, second, outside: await count() };
    });
    expect(seen).toEqual({ first: before, second: before, outside: before + 2 });
    expect(await count()).toBe(before + 2);
  });

  it("a snapshot cannot write", async () => {
    await expect(
      withSnapshot(db(), (snapshot) =>
        snapshot.insertInto("site_state").values({ key: "snapshot-write", value: 1 }).execute(),
      ),
    ).rejects.toThrow();
  });
});
