import { TIMEZONE_ERROR } from "@convex/model/users";
import { ACTIVITY_DEMO_COUNT } from "@convex/model/activity";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NO_RATING } from "@/components/ui/rating";
import { EVENT_DESCRIPTION_SHOW_MORE_CHARS } from "@/features/marketing/events";
import { NEWSLETTER_TEXT } from "@/features/marketing/newsletter";
import { renderApp } from "@/test/render-app";
import { DEMO_PAGES } from "./demo-pages";
import { periodSlots, SLOT_PERIODS } from "./booking-showcase";

describe("the /demos index", () => {
  it("links every registered page with its description", async () => {
    const { container } = renderApp("/demos");
    await screen.findByRole("heading", { level: 1, name: "Demos and test pages" });
    for (const page of DEMO_PAGES) {
      const link = container.querySelector(`main a[href="${page.path}"]`);
      expect(link).toHaveTextContent(page.title);
      expect(link).toHaveTextContent(page.description);
      if (page.adminOnly) expect(link).toHaveTextContent("Admins only");
      if (page.devOnly) expect(link).toHaveTextContent("Development only");
    }
  });
});

describe("reliable UI patterns demo", () => {
  async function open() {
    const user = userEvent.setup();
    renderApp("/demos/ui-patterns");
    await screen.findByRole("heading", { level: 1, name: "Reliable UI patterns" });
    return user;
  }

  it("tabs show the first until another is chosen", async () => {
    const user = await open();
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("tab", { name: "Sessions" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Two sessions this week");
  });

  it("the rating starts at 0, read 'No rating', and takes 1 to 5 stars", async () => {
    const user = await open();
    const rating = screen.getByRole("group", { name: "How was your last session?" });
    expect(within(rating).getAllByRole("radio")).toHaveLength(5);
    expect(screen.getByText(NO_RATING)).toBeInTheDocument();
    await user.click(within(rating).getByRole("radio", { name: "4 stars" }));
    expect(screen.getByText("4 of 5 stars")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear rating" }));
    expect(screen.getByText(NO_RATING)).toBeInTheDocument();
  });

  it("an event card offers Show more only for a description over 100 characters, and registers without the backend", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = await open();
    const short = screen.getByRole("listitem", { name: "Focus hour, together" });
    const long = screen.getByRole("listitem", { name: "Planning a calm week" });
    expect(within(short).queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    const more = within(long).getByRole("button", { name: "Show more" });
    expect(long.querySelector(".line-clamp-2")?.textContent?.length).toBeGreaterThan(EVENT_DESCRIPTION_SHOW_MORE_CHARS);
    await user.click(more);
    expect(within(long).getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");

    await user.click(within(short).getByRole("button", { name: /Register/ }));
    expect(await within(short).findByText("You're registered")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("the newsletter shows Subscribing... then the thanks, posting nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = await open();
    const newsletter = screen.getByRole("region", { name: "Calm ideas in your inbox" });
    await user.type(within(newsletter).getByLabelText(/Name/), "Jordan");
    await user.type(within(newsletter).getByLabelText(/Email address/), "jordan@example.com");
    await user.click(within(newsletter).getByRole("button", { name: NEWSLETTER_TEXT.submit }));
    expect(within(newsletter).getByRole("button", { name: NEWSLETTER_TEXT.submitting })).toBeDisabled();
    expect(await within(newsletter).findByText(NEWSLETTER_TEXT.thanks)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("the modal closes on Escape and gives focus back", async () => {
    const user = await open();
    const opener = screen.getByRole("button", { name: "Open the modal" });
    await user.click(opener);
    expect(await screen.findByRole("dialog", { name: "Take a short break?" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe("booking calendar theme showcase", () => {
  it("offers slots every 30 minutes: morning 9:00-11:30, afternoon 12:00-3:00, evening 4:00-6:30", () => {
    const [morning, afternoon, evening] = SLOT_PERIODS.map(periodSlots);
    expect(morning).toEqual([540, 570, 600, 630, 660, 690]);
    expect(afternoon?.[0]).toBe(12 * 60);
    expect(afternoon?.at(-1)).toBe(15 * 60);
    expect(evening).toEqual([960, 990, 1020, 1050, 1080, 1110]);
  });

  it("a July 2025 date opens the time dialog; a time selects; confirm shows an alert and closes", async () => {
    const user = userEvent.setup();
    renderApp("/demos/booking-calendar");
    await screen.findByRole("heading", { level: 1, name: "Booking calendar theme showcase" });
    expect(screen.getAllByRole("button", { name: /July \d+, 2025/ })).toHaveLength(31);
    await user.click(screen.getByRole("button", { name: "Tuesday, July 8, 2025" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose a time" });
    expect(within(dialog).getByText(/Tuesday, July 8, 2025/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "10:30 AM" }));
    expect(within(dialog).getByRole("button", { name: "10:30 AM" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(dialog).getByRole("button", { name: "Confirm 10:30 AM" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("alert")).toHaveTextContent("Tuesday, July 8, 2025 at 10:30 AM");
  });

  it("arrow keys move between the days", async () => {
    const user = userEvent.setup();
    renderApp("/demos/booking-calendar");
    const first = await screen.findByRole("button", { name: "Tuesday, July 1, 2025" });
    act(() => first.focus());
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: "Tuesday, July 8, 2025" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("button", { name: "Thursday, July 31, 2025" })).toHaveFocus();
  });
});

describe("time zone selector test", { timeout: 20_000 }, () => {
  it("refuses text that is no time zone with the spec's message", async () => {
    const user = userEvent.setup();
    renderApp("/demos/timezone-selector");
    const field = await screen.findByRole("combobox", { name: /Time zone/ });
    await user.clear(field);
    // One paste, not a key at a time, and Escape to close the list: role queries over its ~420
    // options are slow in jsdom.
    await user.paste("Atlantis");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect((await screen.findAllByText(TIMEZONE_ERROR)).length).toBeGreaterThan(0);
  });

  it("saves a chosen zone nowhere but on the page", async () => {
    const user = userEvent.setup();
    renderApp("/demos/timezone-selector");
    const field = await screen.findByRole("combobox", { name: /Time zone/ });
    await user.clear(field);
    await user.paste("Europe/Berlin");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByText("Europe/Berlin", { selector: "strong" })).toBeInTheDocument();
  });
});

describe("enhanced dashboard demo", () => {
  it(`shows the real widgets with ${ACTIVITY_DEMO_COUNT} activity items`, async () => {
    renderApp("/demos/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Enhanced dashboard demo" });
    expect(screen.getByRole("heading", { level: 2, name: /Jordan/ })).toBeInTheDocument();
    const feed = screen.getByRole("region", { name: "Recent Activity" });
    expect(within(feed).getAllByRole("listitem")).toHaveLength(ACTIVITY_DEMO_COUNT);
  });
});

describe("design demo", () => {
  it("opens the account settings dialog, which asks a signed-out visitor to sign in, and closes on Escape", async () => {
    const user = userEvent.setup();
    renderApp("/demos/design");
    await user.click(await screen.findByRole("button", { name: "Open account settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Account settings" });
    expect(within(dialog).getByText("Sign in to see and change your account settings.")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("hero variations demo", () => {
  it("shows both heroes under one h1, V2 with the $991 package as free", async () => {
    renderApp("/demos/hero-variations");
    await screen.findByRole("heading", { level: 1, name: "Hero variations" });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 2, name: "Your first week of calmer, clearer work, on us" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Calm coaching for busy ADHD minds" })).toBeInTheDocument();
    expect(screen.getByTestId("package-total")).toHaveTextContent("$991 value — yours free");
  });
});

describe("sidebar, sheet and drawer demo", () => {
  it("folds the sidebar away and opens the drawer from the bottom", async () => {
    const user = userEvent.setup();
    renderApp("/demos/menus");
    const toggle = await screen.findByRole("button", { name: "Hide sidebar" });
    expect(screen.getByRole("navigation", { name: "Sidebar demo" })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Sidebar demo" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open the drawer" }));
    const drawer = await screen.findByRole("dialog", { name: "Add to your week" });
    await user.click(within(drawer).getByRole("button", { name: "Block focus time" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("You chose: Block focus time.")).toBeInTheDocument();
  });
});
