import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { ACTION_ITEM_LIMITS } from "@convex/model/actionItemRules";
import { ACTION_ITEM_MESSAGES, BOUND_MESSAGES } from "@convex/model/messages";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ItemFormDialog, type ItemFormTarget } from "./item-form-dialog";
import { CORA, MAYA, TODAY, dayFrom, item, session } from "./test-fixtures";

const state = {
  calls: [] as { name: string; args: unknown }[],
  error: null as Error | null,
};

vi.mock("convex/react", () => ({
  useMutation: (mutation: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(mutation as never), args });
    return state.error ? Promise.reject(state.error) : Promise.resolve("actionItems:new");
  },
}));

beforeEach(() => {
  state.calls = [];
  state.error = null;
});

const sessions = [session("sessions:1"), session("sessions:2", { title: "Focus check-in" })];

async function renderForm(target: ItemFormTarget = { kind: "create" }) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderPage(
    <ItemFormDialog
      target={target}
      sessions={sessions}
      viewerId={MAYA}
      viewerIsCoach={false}
      today={TODAY}
      onClose={onClose}
      onSaved={onSaved}
    />,
    { viewer: signedIn() },
  );
  const dialog = await screen.findByRole("dialog");
  return { dialog, onClose, onSaved };
}

const field = (name: RegExp) => screen.getByLabelText(name);
const submitButton = () => screen.getByRole("button", { name: /^(Create|Update)$/ });

async function fillRequired({ type = "My Commitment" } = {}) {
  await userEvent.type(field(/^Title/), "Send the invoice");
  await userEvent.selectOptions(field(/^Session/), "sessions:1");
  await userEvent.selectOptions(field(/^Commitment type/), type);
  await userEvent.selectOptions(field(/^Priority/), "High");
}

describe("action item form", () => {
  it("keeps Create disabled until session, type, responsible person and priority are set", async () => {
    const { dialog } = await renderForm();
    expect(within(dialog).getByRole("heading", { name: "New Action Item" })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await userEvent.selectOptions(field(/^Session/), "sessions:1");
    expect(submitButton()).toBeDisabled();
    await userEvent.selectOptions(field(/^Commitment type/), "My Commitment");
    expect(submitButton()).toBeDisabled();
    await userEvent.selectOptions(field(/^Priority/), "High");
    expect(submitButton()).toBeEnabled();
  });

  it("offers only the viewer's sessions", async () => {
    await renderForm();
    const options = within(field(/^Session/)).getAllByRole("option");
    expect(options.map((option) => option.getAttribute("value"))).toEqual(["", "sessions:1", "sessions:2"]);
    expect(options[1]).toHaveTextContent(/^Weekly planning · .* · with Cora Lindqvist$/);
  });

  it("locks and preselects the responsible person when the type allows only one", async () => {
    await renderForm();
    const responsible = field(/^Responsible/);
    expect(responsible).toBeDisabled();
    expect(screen.getByText("Choose a session and a type first.")).toBeInTheDocument();
    await userEvent.selectOptions(field(/^Session/), "sessions:1");
    await userEvent.selectOptions(field(/^Commitment type/), "Coach Commitment");
    expect(responsible).toBeDisabled();
    expect(responsible).toHaveValue(CORA);
    expect(screen.getByText("Set by the commitment type.")).toBeInTheDocument();

    await userEvent.selectOptions(field(/^Commitment type/), "Mutual Agreement");
    expect(responsible).toBeEnabled();
    expect(responsible).toHaveValue("");
    expect(
      within(responsible)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose who", "Maya Lopez (you)", "Cora Lindqvist"]);
    await userEvent.selectOptions(field(/^Priority/), "Low");
    expect(submitButton()).toBeDisabled();
    await userEvent.selectOptions(responsible, "Cora Lindqvist");
    expect(submitButton()).toBeEnabled();
  });

  it("defaults the due date to a week from today and both visibility boxes to checked", async () => {
    await renderForm();
    expect(field(/^Due date/)).toHaveValue(dayFrom(7));
    expect(screen.getByRole("checkbox", { name: "Coach visible" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Client visible" })).toBeChecked();
    expect(field(/^Status/)).toHaveValue("pending");
  });

  it("refuses a blank title and says why beside the field", async () => {
    await renderForm();
    await fillRequired();
    await userEvent.clear(field(/^Title/));
    await userEvent.type(field(/^Title/), "   ");
    await userEvent.click(submitButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the highlighted fields.");
    expect(field(/^Title/)).toHaveAttribute("aria-invalid", "true");
    expect(field(/^Title/)).toHaveAccessibleDescription("Please enter a title.");
    expect(state.calls).toEqual([]);
  });

  it("wants the timestamp as MM:SS and whole minutes from 0 to a week", async () => {
    await renderForm();
    await fillRequired();
    await userEvent.type(field(/^Transcript timestamp/), "5:7");
    await userEvent.type(field(/^Estimated minutes/), "-5");
    await userEvent.click(submitButton());
    expect(field(/^Transcript timestamp/)).toHaveAccessibleDescription(/Use MM:SS, for example 12:05\./);
    expect(field(/^Estimated minutes/)).toHaveAccessibleDescription(BOUND_MESSAGES.wholeNumber(0, ACTION_ITEM_LIMITS.minutes));
    expect(state.calls).toEqual([]);
  });

  it("creates the item with every field and closes", async () => {
    const { onClose, onSaved } = await renderForm();
    await fillRequired();
    await userEvent.type(field(/^Description/), "The one for March.");
    await userEvent.type(field(/^Tags/), "money, admin,, money ");
    await userEvent.type(field(/^Estimated minutes/), "20");
    await userEvent.type(field(/^Transcript quote/), "I'll send it by Friday");
    await userEvent.type(field(/^Transcript timestamp/), "12:05");
    await userEvent.click(screen.getByRole("checkbox", { name: "Coach visible" }));
    await userEvent.click(submitButton());
    expect(state.calls).toEqual([
      {
        name: "actionItems:create",
        args: {
          sessionId: "sessions:1",
          title: "Send the invoice",
          description: "The one for March.",
          responsibleUserId: MAYA,
          commitmentType: "user_commitment",
          status: "pending",
          priority: "high",
          dueDate: dayFrom(7),
          tags: ["money", "admin"],
          estimatedMinutes: 20,
          transcriptQuote: "I'll send it by Friday",
          transcriptTimestamp: "12:05",
          coachVisible: false,
          clientVisible: true,
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith("Action item created.");
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's field messages and stays open", async () => {
    state.error = new ConvexError({
      code: "INVALID_ACTION_ITEM",
      message: "Please check the highlighted fields.",
      fields: { responsibleUserId: "Please choose who is responsible." },
    });
    const { onClose } = await renderForm();
    await fillRequired();
    await userEvent.click(submitButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Please choose who is responsible.");
    expect(field(/^Responsible/)).toHaveAccessibleDescription(/Please choose who is responsible\./);
    expect(onClose).not.toHaveBeenCalled();
    expect(field(/^Title/)).toHaveValue("Send the invoice");
  });

  it("edits any status and keeps the item's session", async () => {
    const existing = item("a", {
      title: "Plan the week",
      priority: "medium",
      dueDate: dayFrom(2),
      tags: ["focus"],
      actualMinutes: 15,
      completionNotes: "Half done",
    });
    const { dialog, onSaved } = await renderForm({ kind: "edit", item: existing });
    expect(within(dialog).getByRole("heading", { name: "Edit Action Item" })).toBeInTheDocument();
    expect(field(/^Session/)).toBeDisabled();
    expect(field(/^Tags/)).toHaveValue("focus");
    expect(
      within(field(/^Status/))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Pending", "In Progress", "Completed", "Blocked", "Cancelled"]);
    await userEvent.selectOptions(field(/^Status/), "Blocked");
    await userEvent.click(submitButton());
    expect(state.calls).toEqual([
      {
        name: "actionItems:update",
        args: expect.objectContaining({
          id: "a",
          status: "blocked",
          title: "Plan the week",
          responsibleUserId: MAYA,
          dueDate: dayFrom(2),
          tags: ["focus"],
          actualMinutes: 15,
          completionNotes: "Half done",
        }) as unknown,
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith("Action item updated.");
  });

  it("shows a coach's item read-only to the client, says why, and sends only the status, time spent and notes", async () => {
    const coachItem = item("c", {
      title: "Send the planner template",
      description: "The one from the session.",
      commitmentType: "coach_commitment",
      responsibleUserId: CORA,
      responsibleName: "Cora Lindqvist",
      createdBy: CORA,
      priority: "high",
      dueDate: dayFrom(3),
    });
    const { dialog, onSaved } = await renderForm({ kind: "edit", item: coachItem });
    expect(within(dialog).getByRole("heading", { name: "Your coach's item" })).toBeInTheDocument();
    expect(within(dialog).getByText(ACTION_ITEM_MESSAGES.COACH_ITEM_NOTE)).toBeInTheDocument();
    expect(within(dialog).getByText("Send the planner template")).toBeInTheDocument();
    expect(within(dialog).getByText("Coach Commitment")).toBeInTheDocument();
    // No control for the coach's details: only status, time spent and notes can be changed.
    for (const label of [/^Title/, /^Description/, /^Commitment type/, /^Responsible/, /^Priority/, /^Due date/, /^Tags/, /^Coach visible/])
      expect(within(dialog).queryByLabelText(label)).toBeNull();
    await userEvent.selectOptions(field(/^Status/), "Completed");
    await userEvent.type(field(/^Time spent/), "20");
    await userEvent.type(field(/^Completion notes/), "Got it, thanks");
    await userEvent.click(submitButton());
    expect(state.calls).toEqual([
      { name: "actionItems:updateProgress", args: { id: "c", status: "completed", actualMinutes: 20, completionNotes: "Got it, thanks" } },
    ]);
    expect(onSaved).toHaveBeenCalledWith("Action item updated.");
  });

  it("keeps every field editable on the client's own item", async () => {
    await renderForm({ kind: "edit", item: item("own", { title: "My plan" }) });
    expect(field(/^Title/)).toHaveValue("My plan");
    expect(screen.queryByRole("heading", { name: "Your coach's item" })).toBeNull();
  });
});
