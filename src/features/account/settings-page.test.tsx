import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { signedIn } from "@/test/auth";
import { renderApp } from "@/test/render-app";

type ProfileArgs = { firstName: string; lastName: string; timezone: string };
const updateProfile = { calls: [] as ProfileArgs[], answer: (): Promise<null> => Promise.resolve(null) };
vi.mock("convex/react", () => ({
  // The dashboard's live notifications: none here.
  useQuery: () => undefined,
  useMutation: () => (args: ProfileArgs) => {
    updateProfile.calls.push(args);
    return updateProfile.answer();
  },
}));

const member = signedIn({ firstName: "Maya", lastName: "Lopez", email: "maya@example.com", role: "client", timezone: "Europe/Berlin" });

describe("settings", () => {
  beforeEach(() => {
    updateProfile.calls = [];
    updateProfile.answer = () => Promise.resolve(null);
  });

  it("shows the account read-only and the profile prefilled from the stored values", async () => {
    renderApp("/dashboard/settings", { viewer: member });
    const account = await screen.findByRole("region", { name: "Account" });
    expect(account).toHaveTextContent("maya@example.com");
    expect(account).toHaveTextContent("Client");
    expect(screen.getByLabelText(/First name/)).toHaveValue("Maya");
    expect(screen.getByLabelText(/Last name/)).toHaveValue("Lopez");
    const zone = screen.getByLabelText(/Time zone/);
    expect(zone).toHaveValue("Europe/Berlin");
    expect(within(zone).getByRole("option", { name: "America/New York" })).toHaveValue("America/New_York");
    expect(document.title).toBe("Settings | LWCC");
  });

  it("saves the profile and says 'Saved.' politely", async () => {
    renderApp("/dashboard/settings", { viewer: member });
    const first = await screen.findByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.type(first, "Mia ");
    await userEvent.selectOptions(screen.getByLabelText(/Time zone/), "America/New_York");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    expect((await screen.findByText("Saved.")).closest('[role="status"]')).toBeInTheDocument();
    expect(updateProfile.calls).toEqual([{ firstName: "Mia", lastName: "Lopez", timezone: "America/New_York" }]);

    await userEvent.type(first, "x");
    expect(screen.queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("checks names before saving", async () => {
    renderApp("/dashboard/settings", { viewer: member });
    await userEvent.clear(await screen.findByLabelText(/Last name/));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter your last name.");
    expect(screen.getByLabelText(/Last name/)).toHaveAccessibleDescription("Enter your last name.");
    expect(updateProfile.calls).toEqual([]);
  });

  it("shows the server's field errors beside the fields", async () => {
    updateProfile.answer = () =>
      Promise.reject(
        new ConvexError({
          code: "INVALID_INPUT",
          message: "Please check the highlighted fields.",
          fields: { timezone: "Please select a valid timezone" },
        }),
      );
    renderApp("/dashboard/settings", { viewer: member });
    await userEvent.click(await screen.findByRole("button", { name: "Save changes" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Please check the highlighted fields.");
    expect(within(summary).getByRole("link", { name: "Please select a valid timezone" })).toBeInTheDocument();
    expect(screen.getByLabelText(/Time zone/)).toHaveAccessibleDescription(
      "Session times are shown in this time zone. Please select a valid timezone",
    );
    expect(screen.queryByText("Saved.")).not.toBeInTheDocument();
  });
});
