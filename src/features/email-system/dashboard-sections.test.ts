import { dashboardData } from "@/test/email-system";
import { assembleDashboard, type DashboardSections } from "./dashboard-sections";

/** The fixture's times are relative to now: one copy of it for the sections and the expectation. */
function sections(data: ReturnType<typeof dashboardData>, lastUpdated: (name: keyof DashboardSections) => number): DashboardSections {
  const of = <K extends keyof DashboardSections>(name: K) => ({ lastUpdated: lastUpdated(name), value: data[name] });
  return {
    campaignPerformance: of("campaignPerformance"),
    templateAnalytics: of("templateAnalytics"),
    abTestingOverview: of("abTestingOverview"),
    systemHealth: of("systemHealth"),
    errorReporting: of("errorReporting"),
    timeline: of("timeline"),
  };
}

describe("assembleDashboard", () => {
  it("is the overview's data once every section has loaded, last updated when the newest was read", () => {
    const data = dashboardData();
    const loaded = sections(data, (name) => (name === "timeline" ? 2_000 : 1_000));
    expect(assembleDashboard(loaded)).toEqual({ ...data, lastUpdated: 2_000 });
  });

  it("waits while any section is loading", () => {
    const loaded = sections(dashboardData(), () => 1_000);
    for (const name of Object.keys(loaded) as (keyof DashboardSections)[]) {
      expect(assembleDashboard({ ...loaded, [name]: undefined })).toBeUndefined();
    }
  });
});
