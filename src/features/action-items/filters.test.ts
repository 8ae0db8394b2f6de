import { filterItems, NO_FILTERS, ownerOf } from "./filters";
import { CORA, MAYA, TODAY, dayFrom, item } from "./test-fixtures";

describe("action item filters", () => {
  it("reads whose commitment an item is from the viewer's side of the session", () => {
    const client = item("a", { commitmentType: "user_commitment" });
    const coach = item("b", { commitmentType: "coach_commitment", responsibleUserId: CORA });
    const mutual = item("c", { commitmentType: "mutual_agreement" });
    expect([client, coach, mutual].map((entry) => ownerOf(entry, MAYA))).toEqual(["mine", "other", "mutual"]);
    expect([client, coach, mutual].map((entry) => ownerOf(entry, CORA))).toEqual(["other", "mine", "mutual"]);
  });

  it("treats overdue as a derived status and combines the filters", () => {
    const items = [
      item("late", { dueDate: dayFrom(-1), priority: "high" }),
      item("lateDone", { dueDate: dayFrom(-1), status: "completed", priority: "high" }),
      item("soon", { dueDate: dayFrom(1), priority: "low" }),
    ];
    const ids = (filters = NO_FILTERS) => filterItems(items, filters, MAYA, TODAY).map((entry) => entry._id);
    expect(ids()).toEqual(["late", "lateDone", "soon"]);
    expect(ids({ ...NO_FILTERS, status: "overdue" })).toEqual(["late"]);
    expect(ids({ ...NO_FILTERS, status: "pending" })).toEqual(["late", "soon"]);
    expect(ids({ ...NO_FILTERS, status: "pending", priority: "low" })).toEqual(["soon"]);
    expect(ids({ owner: "other", status: "all", priority: "all" })).toEqual([]);
  });
});
