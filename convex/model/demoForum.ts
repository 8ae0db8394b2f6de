/**
 * The demo forum for the embedded default (seed.ts): categories, and threads written by the demo
 * accounts with the coach's pinned house rules. Calm, realistic posts by and for entrepreneurs
 * with ADHD. Theo has not joined the forum (so /profile can show its prompt), so he writes none.
 */
import type { ForumReaction, ForumVisibility } from "./forumRules";

export const DEMO_FORUM_CATEGORIES: { slug: string; name: string; description: string; visibility: ForumVisibility }[] = [
  { slug: "introductions", name: "Introductions", description: "Say hello: what you're building, and what you'd like help with.", visibility: "public" },
  { slug: "wins", name: "Wins & celebrations", description: "Small wins count. Share what went well this week, however small.", visibility: "public" },
  { slug: "focus", name: "Focus & tools", description: "Timers, calendars, apps and rituals that help you start and keep going.", visibility: "public" },
  { slug: "lounge", name: "Members' lounge", description: "A quieter room for members: the harder weeks, and what helps.", visibility: "members" },
  { slug: "staff-room", name: "Staff room", description: "Coaches and admins: moderation notes and hand-offs.", visibility: "hidden" },
];

/** A post by a demo account (by e-mail), written `hoursAgo` before the seed runs. */
interface DemoPost {
  by: string;
  hoursAgo: number;
  body: string;
  /** Who reacted, and how. */
  reactions?: { by: string; reaction: ForumReaction }[];
}

export interface DemoThread {
  category: string;
  title: string;
  pinned?: boolean;
  opening: DemoPost;
  replies: DemoPost[];
}

const COACH = "coach@example.com";
const MAYA = "maya@example.com";
const ADMIN = "admin@example.com";

export const DEMO_FORUM_THREADS: DemoThread[] = [
  {
    category: "introductions",
    title: "House rules",
    pinned: true,
    opening: {
      by: COACH,
      hoursAgo: 24 * 30,
      body: [
        "Welcome! A few things keep this place kind and useful:",
        "",
        "1. **Be kind, to others and to yourself.** No shaming, no streak-policing.",
        "2. **Share what works for you**, rather than what others should do.",
        "3. **Keep private details private**, yours and other people's.",
        "4. **No selling.** Mentioning a tool you use is fine; promoting your own business is not.",
        "5. **Report, don't argue.** Use Report on a post and a coach will look at it, usually within a day.",
        "",
        "Posts are Markdown, and you can edit yours for an hour after posting.",
      ].join("\n"),
    },
    replies: [],
  },
  {
    category: "introductions",
    title: "Hi, I'm Maya: a small design studio and too many open tabs",
    opening: {
      by: MAYA,
      hoursAgo: 24 * 20,
      body: "Hello everyone! I run a two-person design studio. Diagnosed last year, at 38. The client work I love; the invoicing, follow-ups and everything with a deadline I don't. Here to learn how other people keep the boring parts moving without burning out.",
    },
    replies: [
      {
        by: COACH,
        hoursAgo: 24 * 20 - 3,
        body: "Welcome, Maya! \"The boring parts\" is where most of us get stuck, so you're in good company. The Focus & tools category has a thread on timers that might be a gentle place to start.",
      },
    ],
  },
  {
    category: "wins",
    title: "Sent the invoices I'd been avoiding for three weeks",
    opening: {
      by: MAYA,
      hoursAgo: 50,
      body: "Five invoices, all out before lunch. I set a 20-minute timer, told myself I only had to open the first one, and then just kept going. Nothing dramatic, but it's been sitting on my chest for weeks.",
      reactions: [
        { by: COACH, reaction: "celebrate" },
        { by: ADMIN, reaction: "celebrate" },
        { by: ADMIN, reaction: "same" },
      ],
    },
    replies: [
      { by: COACH, hoursAgo: 47, body: "That's a real win. \"I only have to open the first one\" is such a good trick: starting is the hard part, and you made it tiny." },
      { by: ADMIN, hoursAgo: 30, body: "Well done! Future-you at tax time says thank you." },
    ],
  },
  {
    category: "focus",
    title: "What's your timer setup?",
    opening: {
      by: COACH,
      hoursAgo: 24 * 6,
      body: "Curious what people actually use day to day. Pomodoro, a visual timer, body doubling on a call, something else? And what do you do when the timer rings in the middle of a good stretch?",
    },
    replies: [
      {
        by: MAYA,
        hoursAgo: 24 * 6 - 5,
        body: "A visual timer on the desk, the kind where the red disc shrinks. 25 minutes on, 5 off, but if I'm flowing when it rings I just write down where I was and keep going. The note is what saves me after lunch.",
        reactions: [{ by: COACH, reaction: "helpful" }],
      },
      {
        by: ADMIN,
        hoursAgo: 24 * 5,
        body: "Body doubling, twice a week, with a friend who also works alone. We say what we'll do at the start and check in at the end. Nobody judges; it just makes the hour real.",
      },
    ],
  },
  {
    category: "lounge",
    title: "When the week falls apart by Wednesday",
    opening: {
      by: MAYA,
      hoursAgo: 24 * 4,
      body: "Monday I plan a perfect week. By Wednesday one urgent client email has eaten a day and the whole plan feels ruined, so I stop looking at it. Anyone else? How do you restart mid-week without starting from scratch?",
    },
    replies: [
      {
        by: COACH,
        hoursAgo: 24 * 4 - 2,
        body: "Very common, and it's not a failure of the plan. Try a five-minute Wednesday reset: cross out what no longer fits, pick the one thing that matters most for Thursday, and leave the rest. A plan that bends is still a plan.",
      },
    ],
  },
  {
    category: "staff-room",
    title: "Moderation notes for this month",
    opening: {
      by: ADMIN,
      hoursAgo: 24 * 3,
      body: "Quiet month. One report about a link to a paid course; we hid it and sent the member a kind note. Reminder: give a reason when you hide a post, it shows in the audit log.",
    },
    replies: [{ by: COACH, hoursAgo: 24 * 3 - 4, body: "Thanks, Ada. I'll keep an eye on the Wins category; it's getting busier, which is lovely." }],
  },
];
