import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { ViewerProvider, type Viewer } from "@/features/auth/viewer";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ContactPage } from "./contact-page";
import { contactPrefill, validateContactSearch, type ContactSubjectParam } from "./contact-topics";

type SubmitArgs = { name: string; email: string; subject?: string; message: string };
const submit = { calls: [] as SubmitArgs[], answer: (): Promise<null> => Promise.resolve(null) };
vi.mock("convex/react", () => ({
  useMutation: () => (args: SubmitArgs) => {
    submit.calls.push(args);
    return submit.answer();
  },
}));

beforeEach(() => {
  submit.calls = [];
  submit.answer = () => Promise.resolve(null);
});

async function renderContact(subject?: ContactSubjectParam, viewer?: ReturnType<typeof signedIn>) {
  renderPage(<ContactPage subject={subject} />, { path: "/contact", ...(viewer ? { viewer } : {}) });
  await screen.findByRole("heading", { level: 1, name: "Contact us" });
}

const field = (name: RegExp) => screen.getByLabelText(name);

describe("contact form", () => {
  it("shows the notes of SPEC §5 and marks the required fields", async () => {
    await renderContact();
    expect(screen.getByText("Required fields")).toBeInTheDocument();
    expect(screen.getByText("I'll respond within 24 hours")).toBeInTheDocument();
    expect(field(/^Name/)).toBeRequired();
    expect(field(/^Email address/)).toBeRequired();
    expect(field(/^Message/)).toBeRequired();
    expect(field(/^Subject/)).not.toBeRequired();
    expect(within(field(/^Subject/)).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Choose a subject",
      "Free consultation",
      "Courses",
      "Support",
      "Something else",
    ]);
  });

  it("checks the fields on submit, beside each field and in a summary, and keeps the input", async () => {
    await renderContact();
    await userEvent.type(field(/^Email address/), "sam@");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Please check the highlighted fields.");
    expect(within(summary).getByRole("link", { name: "Enter your name." })).toBeInTheDocument();
    expect(within(summary).getByRole("link", { name: "Enter a valid email address." })).toBeInTheDocument();
    expect(within(summary).getByRole("link", { name: "Write a message." })).toBeInTheDocument();
    expect(field(/^Email address/)).toHaveAccessibleDescription("Enter a valid email address.");
    expect(field(/^Email address/)).toHaveAttribute("aria-invalid", "true");
    expect(field(/^Email address/)).toHaveValue("sam@");
    expect(submit.calls).toEqual([]);
  });

  it("sends the message, shows 'Sending...' and then the thanks", async () => {
    let release!: () => void;
    submit.answer = () => new Promise((resolve) => (release = () => resolve(null)));
    await renderContact();
    await userEvent.type(field(/^Name/), " Sam Rivera ");
    await userEvent.type(field(/^Email address/), "sam@example.com");
    await userEvent.selectOptions(field(/^Subject/), "course");
    await userEvent.type(field(/^Message/), "Which course fits a beginner?");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));

    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    expect(await screen.findByText("Thanks, your message is on its way. I'll respond within 24 hours.")).toBeInTheDocument();
    expect(screen.getByText(/Thanks, your message/).closest('[aria-live="polite"]')).toBeInTheDocument();
    expect(submit.calls).toEqual([{ name: "Sam Rivera", email: "sam@example.com", subject: "course", message: "Which course fits a beginner?" }]);

    await userEvent.click(screen.getByRole("button", { name: "Send another message" }));
    expect(field(/^Message/)).toHaveValue("");
  });

  it("shows the server's field errors and messages as returned", async () => {
    submit.answer = () =>
      Promise.reject(new ConvexError({ code: "INVALID_INPUT", message: "Please check the highlighted fields.", fields: { email: "Enter a valid email address." } }));
    await renderContact();
    await userEvent.type(field(/^Name/), "Sam");
    await userEvent.type(field(/^Email address/), "sam@example.com");
    await userEvent.type(field(/^Message/), "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid email address.");
    expect(field(/^Email address/)).toHaveAccessibleDescription("Enter a valid email address.");

    submit.answer = () =>
      Promise.reject(new ConvexError({ code: "RATE_LIMITED", message: "You've sent several messages in a short time. Please wait a few minutes and try again." }));
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("You've sent several messages in a short time."));
    expect(field(/^Message/)).toHaveValue("Hello");
    expect(screen.getByRole("button", { name: "Send message" })).toBeEnabled();
  });

  it("fills in who a signed-in member is", async () => {
    await renderContact(undefined, signedIn({ firstName: "Maya", lastName: "Lopez", email: "maya@example.com" }));
    expect(field(/^Name/)).toHaveValue("Maya Lopez");
    expect(field(/^Email address/)).toHaveValue("maya@example.com");
  });

  it("never overwrites what was typed when sign-in settles later", async () => {
    const viewer: { current: Viewer } = { current: { status: "loading" } };
    const Page = () => (
      <ViewerProvider value={viewer.current}>
        <ContactPage />
      </ViewerProvider>
    );
    const { rerender } = render(<Page />);
    await userEvent.type(field(/^Name/), "Sam");
    viewer.current = signedIn({ firstName: "Maya", lastName: "Lopez", email: "maya@example.com" });
    rerender(<Page />);
    expect(field(/^Name/)).toHaveValue("Sam");
    expect(field(/^Email address/)).toHaveValue("maya@example.com");
  });
});

describe("contact subject from the address", () => {
  it("selects one of the four subjects", async () => {
    await renderContact("support");
    expect(field(/^Subject/)).toHaveValue("support");
    expect(field(/^Message/)).toHaveValue("");
  });

  it("maps the policy and glossary links to 'other' with a first line", async () => {
    await renderContact("affiliate-policy");
    expect(field(/^Subject/)).toHaveValue("other");
    expect(field(/^Message/)).toHaveValue("About the affiliate links policy: ");
  });

  it.each([
    ["consultation", { subject: "consultation", message: "" }],
    ["course", { subject: "course", message: "" }],
    ["other", { subject: "other", message: "" }],
    ["privacy", { subject: "other", message: "About the privacy policy: " }],
    ["legal", { subject: "other", message: "About the terms and legal pages: " }],
    ["glossary-suggestion", { subject: "other", message: "A term I'd like to see in the glossary: " }],
    ["nonsense", { subject: "", message: "" }],
    [undefined, { subject: "", message: "" }],
  ])("%s → %o", (param, expected) => {
    expect(contactPrefill(param)).toEqual(expected);
  });

  it("keeps only known values in the search params", () => {
    expect(validateContactSearch({ subject: "legal" })).toEqual({ subject: "legal" });
    expect(validateContactSearch({ subject: "<script>" })).toEqual({ subject: undefined });
    expect(validateContactSearch({ subject: "toString" })).toEqual({ subject: undefined });
    expect(validateContactSearch({})).toEqual({ subject: undefined });
  });
});
