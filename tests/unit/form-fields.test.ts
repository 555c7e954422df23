import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { addressId, pathId, selectedIds, tickedIds } from "#app/lib/form-fields.ts";

const params = (entries: Array<[string, string]>) => new URLSearchParams(entries);

describe("the ids a page sends", () => {
  it("reads a record named by an address or a route, by one rule", () => {
    expect(addressId(params([["edit", "42"]]), "edit")).toBe(42);
    expect(addressId(params([["edit", " 7 "]]), "edit")).toBe(7);
    expect(
      addressId(
        params([
          ["edit", "12"],
          ["edit", "13"],
        ]),
        "edit",
      ),
    ).toBe(12);
    expect(pathId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "abc", "", "2147483648", "99999999999999999999"]) {
      expect(addressId(params([["edit", bad]]), "edit"), bad).toBeNull();
      expect(pathId(bad), bad).toBeNull();
    }
    expect(addressId(params([]), "edit")).toBeNull();
    expect(pathId(undefined)).toBeNull();
  });

  it("reads the rows ticked for a bulk action: one to a page of them, no repeats", () => {
    const ids = (values: string[]) => params(values.map((v) => ["ids", v]));
    expect(tickedIds(ids(["3", "1", "3"]))).toEqual([3, 1]);
    expect(tickedIds(ids(["5"]))).toEqual([5]);
    expect(tickedIds(ids([]))).toBeNull();
    expect(tickedIds(ids(["1", "x"]))).toBeNull();
    expect(tickedIds(ids(["1", ""]))).toBeNull();
    expect(tickedIds(ids(Array.from({ length: 50 }, (_, i) => String(i + 1))))?.length).toBe(50);
    expect(tickedIds(ids(Array.from({ length: 51 }, (_, i) => String(i + 1))))).toBeNull();
    // Nothing but `ids` is read: other parameters cannot shape what is built.
    expect(
      tickedIds(
        params([
          ["ids", "2"],
          ["ids[999999999]", "1"],
          ["q", "x"],
        ]),
      ),
    ).toEqual([2]);
  });

  it("refuses a bulk form's `ids` with the form's own message", () => {
    const schema = z.object({ ids: selectedIds("Tick a row first.") });
    const errors = (form: FormData) => {
      const submission = parseWithZod(form, { schema });
      return submission.status === "error" ? submission.error : null;
    };
    const zero = new FormData();
    zero.append("ids", "0");
    expect(errors(zero)).toEqual({ "ids[0]": ["Tick a row first."] });
    expect(errors(new FormData())).toEqual({ ids: ["Tick a row first."] });
  });
});
