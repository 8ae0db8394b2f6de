import { DEFAULT_NOTIFICATION_PREFERENCES } from "@convex/model/notifications";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { useState } from "react";
import type { Viewer } from "@/features/auth/viewer";
import type { BillingOverview } from "@/features/billing/billing";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { AccountSettingsDialog } from "./account-settings-dialog";
import { ACCOUNT_TABS, type AccountTab } from "./account-tabs";
import { SettingsPage } from "./settings-page";

const OVERVIEW: BillingOverview = {
  tier: "clarity",
  subscription: {
    tier: "clarity",
    billingCycle: "monthly",
    status: "active",
    // Noon UTC, so the date is the same in Berlin.
    currentPeriodEnd: Date.UTC(2026, 6, 8, 12),
    cancelAtPeriodEnd: false,
    complementary: false,
    amount: 2100,
  },
  payments: [{ _id: "payments:1" as never, amount: 2100, currency: "usd", description: "Clarity, monthly", paidAt: Date.UTC(2026, 5, 8, 12) }],
  spend: [{ month: "2026-06", amount: 0 }],
  portal: false,
};

const state = {
  answers: {} as Record<string, unknown>,
  calls: [] as { name: string; args: unknown }[],
};

vi.mock("convex/react", () => {
  const record = (fn: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(fn as never), args });
    return Promise.resolve(null);
  };
  return {
    useQuery: (query: unknown) => state.answers[getFunctionName(query as never)],
    useMutation: record,
    useAction: record,
  };
});

const callsOf = (name: string) => state.calls.filter((call) => call.name === name).map((call) => call.args);

const member = signedIn({ email: "maya@example.com", role: "client", timezone: "Europe/Berlin", forumName: "Maya L." });

/** What the command palette or /profile does: keeps the dialog's open state and tab. */
function Opener({ initialTab }: { initialTab: AccountTab }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState(initialTab);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <p>Tab: {tab}</p>
      <AccountSettingsDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
    </>
  );
}

async function openDialog({ tab = "account", viewer = member }: { tab?: AccountTab; viewer?: Viewer } = {}) {
  renderPage(<Opener initialTab={tab} />, { viewer });
  await userEvent.click(await screen.findByRole("button", { name: "Open settings" }));
  return screen.getByRole("dialog", { name: "Account settings" });
}

beforeEach(() => {
  state.answers = { "notifications:preferences": DEFAULT_NOTIFICATION_PREFERENCES, "billing:overview": OVERVIEW };
  state.calls = [];
});

describe("account settings dialog", () => {
  it("lists the five tabs in order and opens on the one asked for, focused", async () => {
    const dialog = await openDialog();
    const tabs = within(dialog).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(ACCOUNT_TABS.map((tab) => tab.label));
    expect(within(dialog).getByRole("tablist", { name: "Account settings sections" })).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByRole("tab", { name: "Account" })).toHaveFocus();
  });

  it("holds the real account settings: email, role, the profile form and the theme", async () => {
    const dialog = await openDialog();
    const panel = within(dialog).getByRole("tabpanel", { name: "Account" });
    expect(within(panel).getByRole("region", { name: "Account" })).toHaveTextContent("maya@example.com");
    expect(within(panel).getByRole("region", { name: "Account" })).toHaveTextContent("Client");
    expect(within(panel).getByLabelText(/First name/)).toHaveValue("Maya");
    expect(within(panel).getByLabelText(/Forum name/)).toHaveValue("Maya L.");
    expect(within(panel).getByRole("radio", { name: "Auto" })).toBeChecked();

    await userEvent.clear(within(panel).getByLabelText(/Forum name/));
    await userEvent.type(within(panel).getByLabelText(/Forum name/), "Maya Lopez");
    await userEvent.click(within(panel).getByRole("button", { name: "Save profile" }));
    expect(await within(panel).findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ firstName: "Maya", lastName: "Lopez", forumName: "Maya Lopez" }]);
  });

  it("moves between tabs with the arrow keys, telling its opener", async () => {
    const dialog = await openDialog();
    await userEvent.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("tab", { name: "Billing" })).toHaveFocus();
    expect(within(dialog).getByRole("tab", { name: "Billing" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Tab: billing")).toBeInTheDocument();
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(within(dialog).getByRole("tab", { name: "Support" })).toHaveAttribute("aria-selected", "true");
  });

  it("shows the billing page's plan, payments and spending, and links to the billing page", async () => {
    const dialog = await openDialog({ tab: "billing" });
    const panel = within(dialog).getByRole("tabpanel", { name: "Billing" });
    const plan = within(panel).getByRole("region", { name: "Clarity" });
    expect(plan).toHaveTextContent("Next billing date");
    expect(plan).toHaveTextContent("July 8, 2026");
    expect(within(plan).getByRole("button", { name: "Change plan" })).toBeInTheDocument();
    expect(within(panel).getByRole("region", { name: "Payment history" })).toHaveTextContent("Clarity, monthly");
    expect(within(panel).getByRole("region", { name: "Spending by month" })).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Open the billing page" })).toHaveAttribute("href", "/dashboard/billing");
  });

  it("shows the notification preferences and saves them", async () => {
    const dialog = await openDialog({ tab: "notifications" });
    const panel = within(dialog).getByRole("tabpanel", { name: "Notifications" });
    await userEvent.click(within(panel).getByRole("switch", { name: "Booking updates" }));
    await userEvent.click(within(panel).getByRole("button", { name: "Save preferences" }));
    expect(await within(panel).findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("notifications:savePreferences")).toEqual([{ ...DEFAULT_NOTIFICATION_PREFERENCES, bookingUpdates: false }]);
  });

  it("shows the time zone with a link to the calendar, and saves the zone alone", async () => {
    const dialog = await openDialog({ tab: "calendar" });
    const panel = within(dialog).getByRole("tabpanel", { name: "Calendar" });
    expect(within(panel).getByRole("combobox", { name: /Time zone/ })).toHaveValue("Europe/Berlin");
    expect(within(panel).getByRole("link", { name: "Open your calendar" })).toHaveAttribute("href", "/dashboard/calendar");
    await userEvent.click(within(panel).getByRole("button", { name: "Save time zone" }));
    expect(await within(panel).findByText("Saved.")).toBeInTheDocument();
    expect(callsOf("users:updateProfile")).toEqual([{ timezone: "Europe/Berlin" }]);
  });

  it("links to support, the help center, the FAQ and contact", async () => {
    const dialog = await openDialog({ tab: "support" });
    const panel = within(dialog).getByRole("tabpanel", { name: "Support" });
    const links = within(panel).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Support", "/support"],
      ["Help Center", "/help-center"],
      ["FAQ", "/faq"],
      ["Contact", "/contact"],
    ]);
  });

  it("keeps an edit not yet saved while another tab is looked at", async () => {
    const dialog = await openDialog();
    await userEvent.clear(within(dialog).getByLabelText(/First name/));
    await userEvent.type(within(dialog).getByLabelText(/First name/), "Mia");
    await userEvent.click(within(dialog).getByRole("tab", { name: "Support" }));
    expect(within(dialog).queryByRole("textbox", { name: /First name/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("tab", { name: "Account" }));
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue("Mia");
  });

  it("closes on Escape and gives focus back to its opener", async () => {
    await openDialog();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open settings" })).toHaveFocus();
  });

  it("closes when one of its links is followed", async () => {
    const dialog = await openDialog({ tab: "support" });
    await userEvent.click(within(dialog).getByRole("link", { name: "FAQ" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a skeleton while the account loads", async () => {
    const dialog = await openDialog({ viewer: { status: "loading" } });
    expect(within(dialog).getByRole("status")).toHaveTextContent("Loading your settings");
    expect(within(dialog).queryByRole("tab")).not.toBeInTheDocument();
  });

  it("over the settings page, its labels name its own fields", async () => {
    renderPage(
      <>
        <SettingsPage />
        <Opener initialTab="account" />
      </>,
      { viewer: member },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Open settings" }));
    const dialog = screen.getByRole("dialog", { name: "Account settings" });
    for (const label of [/First name/, /Last name/, /Forum name/]) expect(dialog).toContainElement(within(dialog).getByLabelText(label));
    await userEvent.click(within(dialog).getByRole("radio", { name: "Dark" }));
    expect(within(dialog).getByRole("radio", { name: "Dark" })).toBeChecked();
    expect(document.querySelectorAll('input[type="radio"][value="dark"]:checked')).toHaveLength(2);
  });
});
