import { TEMPLATE_VARIABLES } from "@convex/model/emailSystem";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { templateRow, testTemplateTools } from "@/test/email-system";
import { TemplateDialog, type TemplateDialogProps } from "./template-dialog";

function renderDialog(props: Partial<TemplateDialogProps> = {}) {
  const all: TemplateDialogProps = { target: "new", onClose: vi.fn(), templateTools: testTemplateTools, onSave: vi.fn(() => Promise.resolve()), ...props };
  renderPage(<TemplateDialog {...all} />, { viewer: signedIn({ role: "admin" }) });
  return all;
}

describe("template dialog", () => {
  it("offers every allowed variable and inserts one where the caret is", async () => {
    const user = userEvent.setup();
    renderDialog();
    const list = await screen.findByRole("list", { name: /Allowed variables/ });
    expect(within(list).getAllByRole("button").map((button) => button.textContent)).toEqual(Object.keys(TEMPLATE_VARIABLES).map((name) => `{{${name}}}`));
    await user.type(screen.getByLabelText(/^Subject/), "Hello ");
    await user.click(within(list).getByRole("button", { name: "{{firstName}}" }));
    expect(screen.getByLabelText(/^Subject/)).toHaveValue("Hello {{firstName}}");
    expect(screen.getByRole("region", { name: "Preview" })).toHaveTextContent("Subject: Hello Maya");
  });

  it("flags unknown variables before saving, and does not save them", async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.type(await screen.findByLabelText(/^Name/), "Welcome");
    await user.type(screen.getByLabelText(/^Subject/), "Welcome");
    await user.type(screen.getByLabelText(/^Body/), "Hi {{{{nickname}}");
    expect(screen.getByLabelText(/^Body/)).toHaveAccessibleDescription(/Not a known variable: \{\{nickname\}\}/);
    await user.click(screen.getByRole("button", { name: "Create template" }));
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the highlighted fields.");
  });

  it("saves changes to a template under its id and closes", async () => {
    const user = userEvent.setup();
    const props = renderDialog({ target: templateRow() });
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, "Monthly letter");
    await user.selectOptions(screen.getByLabelText(/^Category/), "Announcement");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(props.onSave).toHaveBeenCalledWith(
      { name: "Monthly letter", category: "announcement", subject: "Hello {{firstName}}", body: "Hi {{firstName}}, here is this month's plan." },
      "emailTemplates:monthly",
    );
    expect(props.onClose).toHaveBeenCalled();
  });
});
