import { DEFAULT_ONBOARDING_FIELDS, ONBOARDING_FIELD_ERRORS } from "@convex/model/onboarding";
import { fireEvent, screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { FormBuilderPage } from "./form-builder-page";

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

const state = {
  versions: undefined as unknown,
  saved: [] as { fields: unknown[] }[],
  saveError: null as Error | null,
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => {
    if (getFunctionName(query as never) !== "onboarding:formVersions") throw new Error("unexpected query");
    return state.versions;
  },
  useMutation: () => (args: { fields: unknown[] }) => {
    state.saved.push(args);
    return state.saveError ? Promise.reject(state.saveError) : Promise.resolve(3);
  },
}));

const twoFields = DEFAULT_ONBOARDING_FIELDS.slice(0, 2);

beforeEach(() => {
  state.versions = [
    { version: 2, fields: twoFields, createdAt: NOW - 60_000, createdByName: "Ada Admin", answeredCount: 4 },
    { version: 1, fields: DEFAULT_ONBOARDING_FIELDS, answeredCount: 12 },
  ];
  state.saved = [];
  state.saveError = null;
});

async function renderBuilder(viewer = signedIn({ role: "admin", userType: "admin" })) {
  renderPage(<FormBuilderPage />, { path: "/admin/form-system-setup", viewer });
  await screen.findByRole("heading", { level: 1, name: "Onboarding form" });
}

const questions = () => within(screen.getByRole("form", { name: "Questions" })).getAllByRole("listitem");
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save as version 3" }));

describe("/admin/form-system-setup", () => {
  it("tells people without an admin account calmly, without asking the server", async () => {
    state.versions = undefined;
    await renderBuilder(signedIn({ role: "coach", userType: "coach" }));
    expect(screen.getByRole("alert")).toHaveTextContent("You need an admin account to see this.");
  });

  it("starts from the current version, previews it as visitors see it and lists versions with their responses", async () => {
    await renderBuilder();
    expect(questions()).toHaveLength(2);
    expect(within(questions()[0]!).getByRole("textbox", { name: "Question" })).toHaveValue("What would you most like help with?");
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(preview).getAllByRole("checkbox")).toHaveLength(5);
    expect(within(preview).getByRole("textbox", { name: "If this coaching works, what is different in three months?" })).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Nov 25, 2026, 12:59 PM by Ada Admin", "2", "4"],
      ["Built in", "5", "12"],
    ]);
    expect(within(rows[0]!).getByText("Current")).toBeInTheDocument();
  });

  it("adds a question whose name follows its label, shows it in the preview and saves a new version", async () => {
    await renderBuilder();
    fireEvent.click(screen.getByRole("button", { name: "Add a question" }));
    const added = questions()[2]!;
    fireEvent.change(within(added).getByRole("textbox", { name: "Question" }), { target: { value: "Which time zone are you in?" } });
    expect(within(added).getByRole("textbox", { name: /^Name/ })).toHaveValue("which_time_zone_are_you_in");
    fireEvent.change(within(added).getByRole("combobox", { name: "Answer type" }), { target: { value: "select" } });
    fireEvent.click(within(added).getByRole("button", { name: "Add an option" }));
    fireEvent.change(within(added).getByRole("textbox", { name: "Option 1" }), { target: { value: "Europe" } });
    fireEvent.click(within(added).getByRole("checkbox", { name: "Required" }));
    const preview = screen.getByRole("region", { name: "Preview" });
    const select = within(preview).getByRole("combobox", { name: "Which time zone are you in?" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Select an option...", "Europe"]);

    save();
    expect(await screen.findByText("Saved as version 3. New visitors get it from now on.")).toBeInTheDocument();
    expect(state.saved[0]!.fields).toEqual([
      ...twoFields,
      { name: "which_time_zone_are_you_in", label: "Which time zone are you in?", type: "select", required: true, options: [{ value: "europe", label: "Europe" }] },
    ]);
  });

  it("reorders and removes questions", async () => {
    await renderBuilder();
    fireEvent.click(screen.getByRole("button", { name: "Move question 2 up" }));
    expect(screen.getByText("Question moved to position 1 of 2.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move question 1 up" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Remove question 2" }));
    save();
    await screen.findByText(/Saved as version 3/);
    expect(state.saved[0]!.fields).toEqual([twoFields[1]]);
  });

  it("names every problem, saves nothing, and moves focus to the summary", async () => {
    await renderBuilder();
    fireEvent.click(screen.getByRole("button", { name: "Add a question" }));
    const added = questions()[2]!;
    fireEvent.change(within(added).getByRole("textbox", { name: /^Name/ }), { target: { value: "interests" } });
    fireEvent.change(within(added).getByRole("combobox", { name: "Answer type" }), { target: { value: "multiselect" } });
    save();
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole("link").map((link) => link.textContent)).toEqual([
      `Question 3, Question: ${ONBOARDING_FIELD_ERRORS.labelRequired}`,
      `Question 3, Name: ${ONBOARDING_FIELD_ERRORS.nameDuplicate}`,
      `Question 3, Options: ${ONBOARDING_FIELD_ERRORS.optionsRequired}`,
    ]);
    expect(within(added).getByRole("textbox", { name: "Question" })).toHaveAccessibleDescription(ONBOARDING_FIELD_ERRORS.labelRequired);
    expect(state.saved).toEqual([]);
    fireEvent.click(within(summary).getAllByRole("link")[0]!);
    expect(within(added).getByRole("textbox", { name: "Question" })).toHaveFocus();
  });

  it("shows the server's field errors when it refuses", async () => {
    state.saveError = new ConvexError({
      code: "INVALID_FORM",
      message: "Please check the highlighted fields. Nothing was saved.",
      fields: { "fields.0.label": ONBOARDING_FIELD_ERRORS.tooLong(200) },
    });
    await renderBuilder();
    save();
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Please check the highlighted fields. Nothing was saved.");
    expect(summary).toHaveTextContent(`Question 1, Question: ${ONBOARDING_FIELD_ERRORS.tooLong(200)}`);
  });
});
