import { AUTH_MESSAGES, PROFILE_MESSAGES } from "@convex/model/messages";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@convex/model/notifications";
import { TIMEZONE_ERROR } from "@convex/model/users";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { signedIn } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { TIMEZONE_SEARCH_DEBOUNCE_MS } from "./time-zones";

const state = {
  preferences: DEFAULT_NOTIFICATION_PREFERENCES as typeof DEFAULT_NOTIFICATION_PREFERENCES | undefined,
  calls: [] as { name: string; args: unknown }[],
  answers: {} as Record<string, () => Promise<null>>,
};
vi.mock("convex/react", () => ({
  // The dashboard's live notifications get none; both the panel and the settings read the preferences.
  useQuery: (query: unknown) => (getFunctionName(query as never) === "notifications:preferences" ? state.preferences : undefined),
  useMutation: (mutation: unknown) => (args: unknown) => {
    const name = getFunctionName(mutation as never);
    state.calls.push({ name, args });
    return state.answers[name]?.() ?? Promise.resolve(null);
  },
}));

const callsOf = (name: string) => state.calls.filter((call) => call.name === name).map((call) => call.args);

const member = signedIn({ firstName: "Maya", lastName: "Lopez", email: "maya@example.com", role: "client", timezone: "Europe/Berlin" });

async function renderSettings(viewer = member) {
  renderApp("/dashboard/settings", { viewer });
  return screen.findByRole("combobox", { name: /Time zone/ });
}

const options = () => within(screen.getByRole("listbox", { name: "Time zones" })).getAllByRole("option");
/** The options without Testing Library's role lookup, which is slow over ~420 of them. */
const optionElements = () => Array.from(document.querySelectorAll<HTMLElement>('[role="option"]'));

/** The option the field points at, which must also be the one marked highlighted. */
function highlighted(zone: HTMLElement) {
  const option = document.getElementById(zone.getAttribute("aria-activedescendant") ?? "");
  expect(option).toHaveAttribute("aria-selected", "true");
  return option;
}

// Typing into the field re-renders a list of some 420 zones, which jsdom takes seconds over on a
// busy machine: the default 5 s was too tight (a ceiling against hangs, not a speed check).
describe("settings", { timeout: 20_000 }, () => {
  beforeEach(() => {
    state.preferences = DEFAULT_NOTIFICATION_PREFERENCES;
    state.calls = [];
    state.answers = {};
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the account read-only and the profile prefilled from the stored values", async () => {
    const zone = await renderSettings();
    const account = screen.getByRole("region", { name: "Account" });
    expect(account).toHaveTextContent("maya@example.com");
    expect(account).toHaveTextContent("Client");
    for (const name of ["Profile", "Calendar", "Notifications", "Appearance"]) expect(screen.getByRole("region", { name })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue("Maya");
    expect(screen.getByLabelText(/Last name/)).toHaveValue("Lopez");
    expect(screen.getByLabelText(/Forum name/)).toHaveValue("");
    expect(screen.getByLabelText(/Forum name/)).toHaveAccessibleDescription("How other members see you in the community forum.");
    expect(screen.getByLabelText(/Forum name/)).not.toBeRequired();
    expect(within(screen.getByRole("region", { name: "Calendar" })).getByRole("link", { name: "Open your calendar" })).toHaveAttribute(
      "href",
      "/dashboard/calendar",
    );
    expect(zone).toHaveValue("Europe/Berlin");
    expect(zone).toHaveAttribute("aria-expanded", "false");
    expect(document.title).toBe("Settings | LWCC");
  });

  it("opens the list of zones with their offsets, the stored one marked, none highlighted yet", async () => {
    const zone = await renderSettings();
    await userEvent.click(zone);
    expect(zone).toHaveAttribute("aria-expanded", "true");
    expect(zone).toHaveAttribute("aria-controls", screen.getByRole("listbox", { name: "Time zones" }).id);
    expect(zone).not.toHaveAttribute("aria-activedescendant");
    const all = options();
    expect(all.length).toBe(Intl.supportedValuesOf("timeZone").length + 1); // and UTC
    expect(all.filter((option) => option.getAttribute("aria-selected") === "true")).toEqual([]);
    const stored = all.filter((option) => option.getAttribute("aria-current") === "true");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toHaveAccessibleName(/^Europe\/Berlin GMT\+0[12]:00$/);
    expect(all.find((option) => option.textContent.startsWith("America/New York"))).toHaveAccessibleName(
      /^America\/New York GMT-0[45]:00$/,
    );
  });

  it("opens at the stored zone with the arrow keys and moves on from there", async () => {
    const zone = await renderSettings();
    zone.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(zone).toHaveAttribute("aria-expanded", "true");
    const all = optionElements();
    const berlin = all.findIndex((option) => option.textContent.startsWith("Europe/Berlin"));
    expect(highlighted(zone)).toBe(all[berlin]);
    await userEvent.keyboard("{ArrowDown}");
    expect(highlighted(zone)).toBe(all[berlin + 1]);
    // Home and End move the caret in the text, not the highlight.
    await userEvent.keyboard("{Home}");
    expect(highlighted(zone)).toBe(all[berlin + 1]);
  });

  it("opens at the last zone with ArrowUp, goes round to the first and chooses it with Enter", async () => {
    const zone = await renderSettings();
    zone.focus();
    await userEvent.keyboard("{ArrowUp}");
    const all = optionElements();
    expect(highlighted(zone)).toBe(all.at(-1));
    await userEvent.keyboard("{ArrowDown}");
    expect(highlighted(zone)).toBe(all[0]);
    await userEvent.keyboard("{Enter}");
    expect(zone).toHaveValue(all[0]!.textContent.replace(/ GMT.*$/, ""));
    expect(zone).toHaveAttribute("aria-expanded", "false");
    expect(zone).not.toHaveAttribute("aria-activedescendant");
    expect(callsOf("users:updateProfile")).toEqual([]);
  });

  it("chooses a zone with the pointer, keeping focus in the field", async () => {
    const zone = await renderSettings();
    await userEvent.click(zone);
    await userEvent.click(options().find((option) => option.textContent.startsWith("Asia/Tokyo"))!);
    expect(zone).toHaveValue("Asia/Tokyo");
    expect(zone).toHaveFocus();
    expect(zone).toHaveAttribute("aria-expanded", "false");
  });

  it("submits the form with Enter while no zone is highlighted", async () => {
    const zone = await renderSettings();
    await userEvent.clear(zone);
    await userEvent.type(zone, "utc{Enter}");
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ timezone: "UTC" }]);
  });

  it("filters the zones only once typing has paused for 300 ms", async () => {
    const zone = await renderSettings();
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a timer vitest has frozen.
    vi.useFakeTimers();
    fireEvent.change(zone, { target: { value: "york" } });
    const all = options().length;
    expect(all).toBeGreaterThan(400);

    act(() => {
      vi.advanceTimersByTime(TIMEZONE_SEARCH_DEBOUNCE_MS - 1);
    });
    expect(options()).toHaveLength(all);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(options()).toHaveLength(1);
    expect(options()[0]).toHaveAccessibleName(/^America\/New York GMT-0[45]:00$/);
    expect(screen.getByText("1 time zone found")).toBeInTheDocument();
  });

  it("filters at once when an arrow is pressed before the pause, so the highlight starts in the matches", async () => {
    const zone = await renderSettings();
    vi.useFakeTimers();
    fireEvent.change(zone, { target: { value: "Tokyo" } });
    fireEvent.keyDown(zone, { key: "ArrowDown" });
    expect(options()).toHaveLength(1);
    expect(zone).toHaveAttribute("aria-activedescendant", options()[0]!.id);
    act(() => {
      vi.advanceTimersByTime(TIMEZONE_SEARCH_DEBOUNCE_MS);
    });
    // The pending filter was the same one; it must not take the highlight away.
    expect(zone).toHaveAttribute("aria-activedescendant", options()[0]!.id);
    fireEvent.keyDown(zone, { key: "Enter" });
    expect(zone).toHaveValue("Asia/Tokyo");
  });

  it("finds a zone by its city, chosen with the keyboard, and saves it", async () => {
    const zone = await renderSettings();
    await userEvent.clear(zone);
    await userEvent.type(zone, "tok");
    // The city match comes first: Asia/Tokyo.
    await vi.waitFor(() => expect(options()[0]).toHaveTextContent("Asia/Tokyo"));
    await userEvent.keyboard("{ArrowDown}");
    expect(zone).toHaveAttribute("aria-activedescendant", options()[0]!.id);
    await userEvent.keyboard("{Enter}");

    expect(zone).toHaveValue("Asia/Tokyo");
    expect(zone).toHaveAttribute("aria-expanded", "false");
    expect(callsOf("users:updateProfile")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Save time zone" }));
    expect((await screen.findByText("Saved.")).closest('[role="status"]')).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ timezone: "Asia/Tokyo" }]);
  });

  it("closes the list with Escape, leaving the field as it was", async () => {
    const zone = await renderSettings();
    await userEvent.click(zone);
    await userEvent.keyboard("{ArrowDown}");
    expect(zone).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("{Escape}");
    expect(zone).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(zone).toHaveValue("Europe/Berlin");
  });

  it("saves a zone typed in full, and says 'Saved.' politely until the field changes", async () => {
    const zone = await renderSettings();
    await userEvent.clear(zone);
    await userEvent.type(zone, "america/new york");
    await userEvent.click(screen.getByRole("button", { name: "Save time zone" }));

    expect((await screen.findByText("Saved.")).closest('[role="status"]')).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ timezone: "America/New_York" }]);
    expect(zone).toHaveValue("America/New York");

    await userEvent.type(zone, "x");
    expect(screen.queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("saves the names and the forum name, stored tidied, and says 'Saved.' politely", async () => {
    await renderSettings();
    const profile = screen.getByRole("region", { name: "Profile" });
    const first = within(profile).getByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.type(first, "Mia ");
    const forum = within(profile).getByLabelText(/Forum name/);
    await userEvent.type(forum, "  Mia   L. ");
    await userEvent.click(within(profile).getByRole("button", { name: "Save profile" }));

    expect(await within(profile).findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ firstName: "Mia", lastName: "Lopez", forumName: "Mia L." }]);
    expect(forum).toHaveValue("Mia L.");
    expect(within(screen.getByRole("region", { name: "Calendar" })).queryByText("Saved.")).not.toBeInTheDocument();

    await userEvent.type(first, "x");
    expect(within(profile).queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("sends an emptied forum name as empty, which removes it", async () => {
    await renderSettings(signedIn({ firstName: "Maya", lastName: "Lopez", forumName: "Maya L." }));
    const forum = screen.getByLabelText(/Forum name/);
    expect(forum).toHaveValue("Maya L.");
    await userEvent.clear(forum);
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ firstName: "Maya", lastName: "Lopez", forumName: "" }]);
  });

  it("checks the forum name against the rule before saving", async () => {
    await renderSettings();
    const forum = screen.getByLabelText(/Forum name/);
    for (const name of ["ab", "maya!", "x".repeat(31)]) {
      await userEvent.clear(forum);
      await userEvent.type(forum, name);
      await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
      const summary = await screen.findByRole("alert");
      expect(summary).toHaveTextContent(AUTH_MESSAGES.INVALID_INPUT);
      expect(within(summary).getByRole("link", { name: PROFILE_MESSAGES.FORUM_NAME_INVALID })).toBeInTheDocument();
      expect(forum).toHaveAccessibleDescription(`How other members see you in the community forum. ${PROFILE_MESSAGES.FORUM_NAME_INVALID}`);
      expect(forum).toHaveAttribute("aria-invalid", "true");
      expect(forum).toHaveValue(name);
    }
    await userEvent.click(within(screen.getByRole("alert")).getByRole("link", { name: PROFILE_MESSAGES.FORUM_NAME_INVALID }));
    expect(forum).toHaveFocus();
    expect(callsOf("users:updateProfile")).toEqual([]);
  });

  it("shows a forum name someone else holds beside the field, keeping what was typed", async () => {
    state.answers["users:updateProfile"] = () =>
      Promise.reject(
        new ConvexError({ code: "INVALID_INPUT", message: AUTH_MESSAGES.INVALID_INPUT, fields: { forumName: PROFILE_MESSAGES.FORUM_NAME_TAKEN } }),
      );
    await renderSettings();
    const forum = screen.getByLabelText(/Forum name/);
    await userEvent.type(forum, "Coach Cora");
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));

    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("link", { name: PROFILE_MESSAGES.FORUM_NAME_TAKEN })).toBeInTheDocument();
    expect(forum).toHaveAccessibleDescription(`How other members see you in the community forum. ${PROFILE_MESSAGES.FORUM_NAME_TAKEN}`);
    expect(forum).toHaveValue("Coach Cora");
    expect(screen.queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("refuses free text that is no time zone, and saves nothing", async () => {
    const zone = await renderSettings();
    await userEvent.clear(zone);
    await userEvent.type(zone, "Atlantis");
    expect(await screen.findByText("No time zone matches. Try a city, such as Berlin.")).toBeInTheDocument();
    expect(screen.getByText("No time zones found")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save time zone" }));

    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("link", { name: TIMEZONE_ERROR })).toBeInTheDocument();
    expect(zone).toHaveAccessibleDescription(
      `Session times are shown in this time zone. Type a city or region to search. ${TIMEZONE_ERROR}`,
    );
    expect(zone).toHaveAttribute("aria-invalid", "true");
    expect(zone).toHaveValue("Atlantis");
    expect(callsOf("users:updateProfile")).toEqual([]);
  });

  it("checks names before saving", async () => {
    await renderSettings();
    await userEvent.clear(screen.getByLabelText(/Last name/));
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter your last name.");
    expect(screen.getByLabelText(/Last name/)).toHaveAccessibleDescription("Enter your last name.");
    expect(callsOf("users:updateProfile")).toEqual([]);
  });

  it("shows the server's field errors beside the fields", async () => {
    state.answers["users:updateProfile"] = () =>
      Promise.reject(
        new ConvexError({
          code: "INVALID_INPUT",
          message: "Please check the highlighted fields.",
          fields: { timezone: TIMEZONE_ERROR },
        }),
      );
    const zone = await renderSettings();
    await userEvent.click(screen.getByRole("button", { name: "Save time zone" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Please check the highlighted fields.");
    expect(within(summary).getByRole("link", { name: TIMEZONE_ERROR })).toBeInTheDocument();
    expect(zone).toHaveAccessibleDescription(
      `Session times are shown in this time zone. Type a city or region to search. ${TIMEZONE_ERROR}`,
    );
    expect(screen.queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("shows a skeleton until the notification preferences have loaded", async () => {
    state.preferences = undefined;
    await renderSettings();
    const card = screen.getByRole("region", { name: "Notifications" });
    expect(within(card).getByText("Loading your notification preferences")).toBeInTheDocument();
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  });

  it("saves the notification preferences with the chosen corner", async () => {
    state.preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, transcriptReady: false };
    await renderSettings();
    const card = screen.getByRole("region", { name: "Notifications" });
    expect(within(card).getByRole("radio", { name: "Top right" })).toBeChecked();
    expect(within(card).getByRole("switch", { name: "Transcript ready" })).not.toBeChecked();
    expect(within(card).getByRole("switch", { name: "Session reminders" })).toHaveAccessibleDescription(
      "1 day, 1 hour, and 10 minutes before each session.",
    );

    await userEvent.click(within(card).getByRole("radio", { name: "Bottom left" }));
    await userEvent.click(within(card).getByRole("switch", { name: "Booking updates" }));
    await userEvent.click(within(card).getByRole("button", { name: "Save preferences" }));

    expect(await within(card).findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("notifications:savePreferences")).toEqual([
      { ...DEFAULT_NOTIFICATION_PREFERENCES, position: "bottom-left", bookingUpdates: false, transcriptReady: false },
    ]);
  });

  it("says why the notification preferences did not save", async () => {
    state.answers["notifications:savePreferences"] = () =>
      Promise.reject(new ConvexError({ code: "UNAUTHENTICATED", message: "Please sign in to continue." }));
    await renderSettings();
    const card = screen.getByRole("region", { name: "Notifications" });
    await userEvent.click(within(card).getByRole("button", { name: "Save preferences" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent("Please sign in to continue.");
    expect(within(card).queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("applies the theme as soon as it is chosen", async () => {
    await renderSettings();
    const card = screen.getByRole("region", { name: "Appearance" });
    expect(within(card).getByRole("radio", { name: "Auto" })).toBeChecked();

    await userEvent.click(within(card).getByRole("radio", { name: "Dark" }));
    expect(within(card).getByRole("radio", { name: "Dark" })).toBeChecked();
    expect(document.documentElement).toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");

    await userEvent.click(within(card).getByRole("radio", { name: "Light" }));
    expect(document.documentElement).not.toHaveClass("dark");
  });
});
