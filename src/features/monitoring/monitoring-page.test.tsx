import { screen } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { MONITORING_TEXTS } from "./texts";
import { MonitoringPage } from "./monitoring-page";

const backend: { overview: unknown; fail?: Error } = { overview: undefined };
vi.mock("convex/react", () => ({
  useQuery: () => {
    if (backend.fail) throw backend.fail;
    return backend.overview;
  },
}));

describe("monitoring page", () => {
  beforeEach(() => {
    backend.overview = undefined;
    backend.fail = undefined;
  });

  it("asks anyone but an admin for an admin account", async () => {
    renderPage(<MonitoringPage />, { viewer: signedIn({ role: "coach" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent("You need an admin account to see this.");
  });

  it("shows admins a loading skeleton until the live data arrives", async () => {
    renderPage(<MonitoringPage />, { viewer: signedIn({ role: "admin" }) });
    expect(await screen.findByRole("heading", { level: 1, name: MONITORING_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByText(MONITORING_TEXTS.loading)).toBeInTheDocument();
  });

  it("shows the error screen with Retry when the data fails, and the admin note when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    backend.fail = new Error("socket closed");
    const view = renderPage(<MonitoringPage />, { viewer: signedIn({ role: "admin" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent(MONITORING_TEXTS.loadFailed);
    expect(screen.getByRole("button", { name: MONITORING_TEXTS.retry })).toBeInTheDocument();
    view.unmount();

    backend.fail = new ConvexError({ code: "FORBIDDEN", message: "Admins only" });
    renderPage(<MonitoringPage />, { viewer: signedIn({ role: "admin" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent("You need an admin account to see this.");
  });
});
