import { validateEmailDashboardSearch, validateUnsubscribeSearch } from "./search";

describe("email system search params", () => {
  it("keeps a known tab and drops anything else", () => {
    expect(validateEmailDashboardSearch({ tab: "ab-testing" })).toEqual({ tab: "ab-testing" });
    expect(validateEmailDashboardSearch({ tab: "settings" })).toEqual({ tab: undefined });
    expect(validateEmailDashboardSearch({ tab: 3 })).toEqual({ tab: undefined });
  });

  it("keeps a plausible token only", () => {
    expect(validateUnsubscribeSearch({ token: " abc " })).toEqual({ token: "abc" });
    expect(validateUnsubscribeSearch({ token: "" })).toEqual({ token: undefined });
    expect(validateUnsubscribeSearch({ token: ["a"] })).toEqual({ token: undefined });
    expect(validateUnsubscribeSearch({ token: "x".repeat(5000) })).toEqual({ token: undefined });
  });
});
