import { PolicyPage, type PolicySection } from "./policy-page";

const SECTIONS: PolicySection[] = [
  {
    id: "affiliate-what",
    title: "What an affiliate link is",
    content: (
      <p>
        Some tool makers pay a small commission when someone buys through a link that identifies the person who
        recommended it. That link is an affiliate link. The price you pay is the same either way.
      </p>
    ),
  },
  {
    id: "affiliate-where",
    title: "Where you may find them",
    content: (
      <ul>
        <li>In blog articles and resource lists that recommend apps and tools.</li>
        <li>On marketplace pages that point to a partner's product.</li>
      </ul>
    ),
  },
  {
    id: "affiliate-label",
    title: "How we label them",
    content: (
      <p>
        Every affiliate link is marked with the words "affiliate link" next to it, not only a symbol or a colour.
        A page with affiliate links also says so near the top, before the first link.
      </p>
    ),
  },
  {
    id: "affiliate-choose",
    title: "How we choose what to recommend",
    content: (
      <ul>
        <li>We only recommend tools we have used ourselves or with clients.</li>
        <li>We would recommend them without a commission, and we often recommend free tools that pay nothing.</li>
        <li>We say plainly when a tool has drawbacks, or when a simpler option is enough.</li>
      </ul>
    ),
  },
  {
    id: "affiliate-coaching",
    title: "Coaching comes first",
    content: (
      <p>
        In sessions, your coach recommends what fits you and the tools you already have. Commissions never decide
        what we suggest, and you never need to buy anything to get value from coaching.
      </p>
    ),
  },
];

export function AffiliateLinksPolicyPage() {
  return (
    <PolicyPage
      id="affiliate"
      title="Affiliate Links Policy"
      lead="How we handle links that may earn us a small commission."
      summary={[
        "Some links to tools earn us a small commission. You pay the same price.",
        "Every affiliate link is clearly labelled with words.",
        "We only recommend tools we have used and would recommend anyway.",
      ]}
      sections={SECTIONS}
      contact={{ subject: "affiliate-policy", label: "Ask about affiliate links", title: "Questions about a link?" }}
    />
  );
}
