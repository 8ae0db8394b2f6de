import { greeting, memberFor } from "./welcome";

const DAY = 24 * 60 * 60 * 1000;

describe("memberFor", () => {
  const now = Date.UTC(2026, 5, 15, 12);
  it("counts whole months, then whole years", () => {
    expect(memberFor(now - 3 * DAY, now)).toBe("Member for less than a month");
    expect(memberFor(Date.UTC(2026, 4, 15, 12), now)).toBe("Member for 1 month");
    expect(memberFor(Date.UTC(2025, 9, 1), now)).toBe("Member for 8 months");
    expect(memberFor(Date.UTC(2025, 5, 15, 12), now)).toBe("Member for 1 year");
    expect(memberFor(Date.UTC(2023, 0, 1), now)).toBe("Member for 3 years");
  });
});

describe("greeting", () => {
  it("follows the clock of the member's time zone", () => {
    const noonUtc = Date.UTC(2026, 5, 15, 12);
    expect(greeting(noonUtc, "UTC")).toBe("Good afternoon");
    expect(greeting(noonUtc, "America/Los_Angeles")).toBe("Good morning");
    expect(greeting(noonUtc, "Asia/Tokyo")).toBe("Good evening");
  });
});
