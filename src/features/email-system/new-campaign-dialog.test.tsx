import { EMAIL_SYSTEM_TEXTS } from "@convex/model/emailSystem";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { templateRow, testTemplateTools } from "@/test/email-system";
import { AudienceSizeText, NewCampaignDialog, type NewCampaignDialogProps } from "./new-campaign-dialog";
import { EMAIL_UI_TEXTS } from "./texts";

function renderDialog(props: Partial<NewCampaignDialogProps> = {}) {
  const all: NewCampaignDialogProps = {
    open: true,
    onOpenChange: vi.fn(),
    templates: [templateRow()],
    renderAudienceSize: (audience) => <AudienceSizeText size={audience.kind === "newsletter" ? 1204 : 1} />,
    templateTools: testTemplateTools,
    onSubmit: vi.fn(() => Promise.resolve()),
    ...props,
  };
  renderPage(<NewCampaignDialog {...all} />, { viewer: signedIn({ role: "admin" }) });
  return all;
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Name/), "August newsletter");
  await user.selectOptions(screen.getByLabelText(/^Template/), "Monthly newsletter");
}

describe("new campaign dialog", () => {
  it("lists what is missing, beside each field and in a summary", async () => {
    const props = renderDialog();
    await userEvent.click(await screen.findByRole("button", { name: "Send now" }));
    const summary = screen.getByRole("alert");
    expect(within(summary).getByRole("link", { name: "Give the campaign a name." })).toBeInTheDocument();
    expect(within(summary).getByRole("link", { name: "Choose a template." })).toBeInTheDocument();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("shows the audience size and a live preview with sample values", async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Goes to 1,204 people.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Audience/), "Members on Mastery");
    expect(screen.getByText("Goes to 1 person.")).toBeInTheDocument();
    await fillBasics(user);
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview).toHaveTextContent("Subject: Hello Maya");
    expect(preview).toHaveTextContent("Hi Maya, here is this month's plan.");
  });

  it("refuses a schedule time in the past, inline", async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await fillBasics(user);
    await user.click(screen.getByRole("radio", { name: "Schedule" }));
    fireEvent.change(screen.getByLabelText(/^Send at/), { target: { value: "2020-01-01T09:00" } });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(screen.getByLabelText(/^Send at/)).toHaveAccessibleDescription(/Choose a time in the future\./);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("flags unknown variables in the second version as they are typed", async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await fillBasics(user);
    await user.click(screen.getByRole("checkbox", { name: /Test a second version/ }));
    await user.click(screen.getByRole("radio", { name: "Content" }));
    await user.type(screen.getByLabelText(/^Second version's content/), "Hi {{{{nickname}}");
    expect(screen.getByLabelText(/^Second version's content/)).toHaveAccessibleDescription(/Not a known variable: \{\{nickname\}\}/);
    await user.click(screen.getByRole("button", { name: "Send now" }));
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("hands over a scheduled A/B campaign, showing Processing... while it is saved", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDialog({ onSubmit });
    await fillBasics(user);
    await user.click(screen.getByRole("checkbox", { name: /Test a second version/ }));
    await user.type(screen.getByLabelText(/^Second version's subject line/), "Your August plan");
    expect(screen.getByRole("region", { name: "Version B" })).toHaveTextContent("Subject: Your August plan");
    await user.click(screen.getByRole("radio", { name: "Schedule" }));
    fireEvent.change(screen.getByLabelText(/^Send at/), { target: { value: "2099-01-01T09:00" } });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(screen.getByRole("button", { name: EMAIL_UI_TEXTS.processing })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({
      name: "August newsletter",
      templateId: "emailTemplates:monthly",
      audience: { kind: "newsletter" },
      abTest: { testType: "subject", subject: "Your August plan", body: "Hi {{firstName}}, here is this month's plan." },
      when: { kind: "schedule", at: new Date("2099-01-01T09:00").getTime() },
    });
    finish();
  });

  it("shows the server's refusal in the form, input kept", async () => {
    const user = userEvent.setup();
    renderDialog({ onSubmit: () => Promise.reject(new ConvexError({ code: "INVALID_CAMPAIGN", message: "That name is taken." })) });
    await fillBasics(user);
    await user.click(screen.getByRole("button", { name: "Send now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That name is taken.");
    expect(screen.getByLabelText(/^Name/)).toHaveValue("August newsletter");
  });

  it("shows the Campaign Sending Error view when sending fails, and Go Back returns to the form", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.reject(new Error("Network down")));
    renderDialog({ onSubmit });
    await fillBasics(user);
    await user.click(screen.getByRole("button", { name: "Send now" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(EMAIL_SYSTEM_TEXTS.sendingError);
    expect(alert).toHaveTextContent("Network down");
    await user.click(within(alert).getByRole("button", { name: EMAIL_SYSTEM_TEXTS.retry }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.click(await screen.findByRole("button", { name: EMAIL_SYSTEM_TEXTS.goBack }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("August newsletter");
  });
});
