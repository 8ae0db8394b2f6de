import { describe, expect, it } from "vitest";
import { TEMPLATE_VARIABLES } from "./emailSystem";
import {
  emailHtml,
  emailText,
  escapeHtml,
  linksIn,
  recipientValues,
  renderTemplate,
  splitName,
  templateProblems,
  templateVariables,
  unknownVariables,
} from "./emailTemplates";

describe("template variables", () => {
  it("finds each {{name}} once, spaces allowed, and flags names that are not variables", () => {
    const text = "Hi {{firstName}}, {{ firstName }}! Your {{tier}} plan. {{first name}} {{ }} {{Email}}";
    expect(templateVariables(text)).toEqual(["firstName", "tier", "first name", "", "Email"]);
    expect(unknownVariables(text)).toEqual(["first name", "", "Email"]);
    expect(unknownVariables("No variables { here } {{firstName}}")).toEqual([]);
  });

  it("renders the variables given and leaves anything else as written", () => {
    expect(renderTemplate("Hi {{ firstName }} ({{email}}) {{unknown}}", { firstName: "Maya", lastName: "" })).toBe("Hi Maya ({{email}}) {{unknown}}");
    expect(renderTemplate("Hi {{firstName}}", TEMPLATE_VARIABLES)).toBe("Hi Maya");
    // A value is inserted as text, never read as another variable or replacement pattern.
    expect(renderTemplate("{{firstName}}", { firstName: "$& {{email}}" })).toBe("$& {{email}}");
  });
});

describe("linksIn", () => {
  it("finds distinct bare web links and leaves the sentence's punctuation out", () => {
    const text = "Read https://lwcc.example/blog. Or (https://lwcc.example/faq), again https://lwcc.example/blog!\nLocal http://127.0.0.1:4173/blog, not ftp://x.";
    expect(linksIn(text)).toEqual(["https://lwcc.example/blog", "https://lwcc.example/faq", "http://127.0.0.1:4173/blog"]);
  });

  it("leaves out links that differ per recipient", () => {
    expect(linksIn("https://lwcc.example/p?e={{email}} and https://lwcc.example/pricing")).toEqual(["https://lwcc.example/pricing"]);
  });
});

describe("the e-mail's parts", () => {
  const options = {
    trackedLinks: ["https://lwcc.example/blog"],
    clickUrl: (link: string) => `https://api.example/email/click/tok?u=${encodeURIComponent(link)}`,
    openPixelUrl: "https://api.example/email/open/tok",
    unsubscribeUrl: "https://lwcc.example/unsubscribe?token=a&b",
  };

  it("escapes every character of the text and links tracked links to the click route", () => {
    const html = emailHtml('Hi <b>Maya</b> & "friends"\nline two\n\nRead https://lwcc.example/blog or https://other.example/x', options);
    expect(html).toContain("<p style=\"margin:0 0 16px\">Hi &lt;b&gt;Maya&lt;/b&gt; &amp; &quot;friends&quot;<br>line two</p>");
    expect(html).toContain(`<a href="https://api.example/email/click/tok?u=https%3A%2F%2Flwcc.example%2Fblog" style="color:#1d4ed8">https://lwcc.example/blog</a>`);
    expect(html).toContain(`<a href="https://other.example/x" style="color:#1d4ed8">https://other.example/x</a>`);
    expect(html).toContain(`<a href="https://lwcc.example/unsubscribe?token=a&amp;b" style="color:#1d4ed8">Unsubscribe</a>`);
    expect(html).toContain(`<img src="https://api.example/email/open/tok" width="1" height="1" alt=""`);
    expect(html).not.toContain("<b>");
  });

  it("ends the text part with a visible unsubscribe link", () => {
    expect(emailText("Hello\n", "https://lwcc.example/unsubscribe?token=a")).toMatch(/^Hello\n\n--\n.*\nUnsubscribe: https:\/\/lwcc\.example\/unsubscribe\?token=a\n$/);
    const tracking = { trackedLinks: ["https://lwcc.example/blog"], clickUrl: (link: string) => `https://api.example/c?u=${link}` };
    expect(emailText("Read https://lwcc.example/blog or https://other.example.", "https://u", tracking)).toMatch(
      /^Read https:\/\/api\.example\/c\?u=https:\/\/lwcc\.example\/blog or https:\/\/other\.example\.\n/,
    );
  });

  it("escapes quotes and ampersands for attributes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("fills a nameless recipient's greeting", () => {
    const links = { siteUrl: "https://lwcc.example", unsubscribeUrl: "u" };
    expect(recipientValues({ email: "a@example.com", firstName: "", lastName: "", tier: "" }, links)).toMatchObject({ firstName: "there", fullName: "there" });
    expect(recipientValues({ email: "a@example.com", firstName: "Maya", lastName: "Ortiz", tier: "Clarity" }, links)).toMatchObject({ fullName: "Maya Ortiz", tier: "Clarity" });
    expect(splitName("  Maya  de la Cruz ")).toEqual({ firstName: "Maya", lastName: "de la Cruz" });
  });
});

describe("templateProblems", () => {
  it("refuses empty, over-long and unknown-variable fields, by field", () => {
    expect(templateProblems({ name: "Welcome", subject: "Hi {{firstName}}", body: "Hello" })).toEqual({ fields: {}, unknownVariable: false });
    const { fields, unknownVariable } = templateProblems({ name: "  ", subject: "x".repeat(201), body: "Hi {{nickname}} {{coupon}}" });
    expect(unknownVariable).toBe(true);
    expect(fields).toEqual({
      name: "Please fill this in.",
      subject: "Use at most 200 characters.",
      body: "Unknown variables: {{nickname}}, {{coupon}}.",
    });
  });
});
