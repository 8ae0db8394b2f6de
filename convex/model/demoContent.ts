/**
 * Demo marketing content for the embedded default: marketplace products (SPEC §3), blog posts,
 * case studies, events and premium content items. Plain data; the seed turns relative days into timestamps.
 *
 * Writing rules (UX.md, Language): calm, plain words, short sentences, scannable markdown,
 * no hype, no streaks, no shaming. Markdown bodies hold no raw HTML and link only to
 * relative pages (/free-intro-session, /services/..., /pricing, /contact).
 */
import type { PremiumContentType } from "./premiumContent";
import type { ProductType } from "./products";

/** Marketplace cards show the short description in full up to this length. */
export const SHORT_DESCRIPTION_MAX_CHARS = 160;
/** Blog and case-study cards show the summary in full up to this length. */
export const ARTICLE_SUMMARY_MAX_CHARS = 200;

export interface DemoProduct {
  slug: string;
  name: string;
  type: ProductType;
  durationMinutes?: number;
  shortDescription: string;
  /** Integer cents. */
  price: number;
  isAvailable: boolean;
  maxQuantity: number;
}

export interface DemoArticle {
  kind: "post" | "case_study";
  slug: string;
  title: string;
  summary: string;
  /** Markdown, rendered through the sanitising renderer. */
  body: string;
  author: string;
  publishedDaysAgo: number;
  /** About one minute per 200 words, rounded up. */
  readingMinutes: number;
  tags: string[];
}

export interface DemoEvent {
  slug: string;
  title: string;
  startsInDays: number;
  startHourUtc: number;
  durationMinutes: number;
  location: string;
  isOnline: boolean;
  description: string;
  registrationUrl: string;
}

/** In marketplace order (the seed uses the index as sortOrder). */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: "free-consultation",
    name: "Free 20-Minute Consultation",
    type: "consultation",
    durationMinutes: 20,
    shortDescription:
      "A relaxed video call to talk about what feels stuck and whether coaching could help. No cost, no pressure. We reply within 24 hours.",
    price: 0,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "coaching-time-60",
    name: "Coaching Time: 60 Minutes",
    type: "time_package",
    durationMinutes: 60,
    shortDescription: "One hour of one-to-one coaching time. Use it for a single session or split it into shorter check-ins.",
    price: 15000,
    isAvailable: true,
    maxQuantity: 5,
  },
  {
    slug: "coaching-time-180",
    name: "Coaching Time: 180 Minutes",
    type: "time_package",
    durationMinutes: 180,
    shortDescription: "Three hours of coaching time at 10% less per minute. Good for a month of weekly sessions on one goal.",
    price: 40500,
    isAvailable: true,
    maxQuantity: 5,
  },
  {
    slug: "coaching-time-600",
    name: "Coaching Time: 600 Minutes",
    type: "time_package",
    durationMinutes: 600,
    shortDescription: "Ten hours of coaching time at 20% less per minute. Room for steady support over a quarter or a bigger change.",
    price: 120000,
    isAvailable: true,
    maxQuantity: 3,
  },
  {
    slug: "calendar-clarity-course",
    name: "Calendar Clarity (Self-Paced Course)",
    type: "course",
    shortDescription:
      "Build a calendar that tells the truth: buffers, focus blocks and a daily check. Short videos, worksheets and your own pace.",
    price: 19700,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "automation-mastery-foundations",
    name: "Automation Mastery Foundations",
    type: "course",
    shortDescription:
      "Learn to spot repeated work and hand it to simple automations. Six short modules, each ending with one thing to set up.",
    price: 29700,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "ai-accelerator-starter",
    name: "AI Accelerator Starter",
    type: "course",
    shortDescription: "Pick a few jobs for an AI assistant and fit it into the tools you already use. Includes ready-to-use prompts.",
    price: 24700,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "weekly-review-workshop",
    name: "Weekly Review Workshop (Live)",
    type: "workshop",
    durationMinutes: 90,
    shortDescription:
      "A live, small-group session. Design a 20-minute weekly review for your real week, and leave with it in your calendar.",
    price: 7900,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "calendar-clarity-cohort",
    name: "Calendar Clarity Cohort (4 Weeks)",
    type: "workshop",
    durationMinutes: 360,
    shortDescription: "Four weekly group sessions with a coach and a small cohort. This round is full; a new cohort opens soon.",
    price: 39700,
    isAvailable: false,
    maxQuantity: 1,
  },
  {
    slug: "clarity-starter-bundle",
    name: "Clarity Starter Bundle",
    type: "bundle",
    shortDescription:
      "The Calendar Clarity course, the Weekly Planning Templates and one 60-minute coaching session, for less than buying each.",
    price: 29700,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "weekly-planning-templates",
    name: "Weekly Planning Templates",
    type: "digital_product",
    shortDescription: "Printable and digital templates for a weekly review, a daily check and a calm one-page plan. Instant download.",
    price: 2900,
    isAvailable: true,
    maxQuantity: 1,
  },
  {
    slug: "text-expansion-snippet-pack",
    name: "Text Expansion Snippet Pack",
    type: "digital_product",
    shortDescription: "40 ready-made snippets for replies, scheduling, follow-ups and meeting notes. Works with most text expanders.",
    price: 1900,
    isAvailable: true,
    maxQuantity: 1,
  },
];

const CASE_STUDY_NOTE = "Names and details changed; this is a composite of several clients.";

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    kind: "post",
    slug: "why-your-calendar-keeps-lying-to-you",
    title: "Why your calendar keeps lying to you",
    summary:
      "Your calendar shows meetings, not the work around them. Here is why plans fall apart by Tuesday, and three small changes that make your calendar honest.",
    author: "Cora Lindqvist",
    publishedDaysAgo: 3,
    readingMinutes: 3,
    tags: ["calendar", "planning"],
    body: `You plan a full, sensible day. By 11 a.m. it has already fallen apart. That is not a character flaw. Most of the time, the calendar was wrong before the day began.

A calendar is a map of your time. When the map leaves things out, you get lost, even if you follow it exactly.

## What the calendar leaves out

Most calendars only show appointments. Real days hold much more:

- **Setup time.** Opening the right files, finding the link, getting a glass of water.
- **Recovery time.** A hard call drains energy. You rarely jump straight into deep work afterwards.
- **Shallow tasks.** Email, messages and small admin pile up in the gaps and quietly fill them.
- **Transitions.** Switching from one kind of work to another has a real cost, especially for people with ADHD.

When none of this is visible, an open afternoon looks like four free hours. In practice it might hold ninety useful minutes.

## Time blindness makes the gap bigger

Many people with ADHD experience time as "now" and "not now". Estimating how long something takes is hard for everyone, and harder when the future feels blurry. So the calendar fills up with hopeful guesses. Then reality arrives, and the plan feels like a promise you broke.

The fix is not more willpower. The fix is a calendar that shows the day as it really is.

## Three changes that make your calendar honest

### 1. Add buffers on purpose

Put a 10- or 15-minute block after every meeting. Name it "buffer" so you do not book over it. If you do not need it, you get a small gift of time.

### 2. Block the work, not just the meetings

If a task takes real focus, give it a block with a clear name: "Draft proposal for Sam" rather than "Work". A specific name makes it easier to start when the block begins.

### 3. Multiply your estimates

Take your first guess and multiply it by 1.5. Keep a simple note of how long tasks really took. After two or three weeks, you will have your own multiplier, based on data rather than hope.

## A quick daily check

Before you close your laptop, look at tomorrow and ask three questions:

1. Is there at least one buffer between back-to-back calls?
2. Does my most important task have its own block?
3. If the day goes wrong, what is the one thing I will still do?

This takes about three minutes. It turns tomorrow from a wish list into a plan you can trust.

> A calendar that shows less, but shows the truth, is more useful than a full one that does not.

## Want help setting this up?

Our Calendar Clarity coaching walks you through this step by step, using your real calendar. Read more on the [Calendar Clarity page](/services/calendar-clarity), or start with a [free 20-minute consultation](/free-intro-session).`,
  },
  {
    kind: "post",
    slug: "text-expansion-smallest-automation-biggest-payoff",
    title: "Text expansion: the smallest automation with the biggest payoff",
    summary:
      "Text expansion turns a few keystrokes into full sentences. It takes about ten minutes to set up, and it saves time and decisions every day.",
    author: "LWCC Coaching Team",
    publishedDaysAgo: 10,
    readingMinutes: 3,
    tags: ["automation", "text-expansion"],
    body: `Some automations need a week of setup and a flowchart. Text expansion needs ten minutes and a short list. It is often the first tool we suggest, because the payoff starts the same day.

## What text expansion is

A text expander watches what you type. When you type a short trigger, it replaces it with longer text. For example:

- ";addr" becomes your full mailing address.
- ";thx" becomes a warm two-line thank-you note.
- ";mtg" becomes a meeting request with three time options.

Most operating systems have a basic version built in. Dedicated apps add extras like fill-in fields, dates and cursor placement.

## Why it helps ADHD brains in particular

Repetitive writing is not hard. It is draining. Each time you retype the same reply, you make small decisions: how to greet, how to phrase it, how to sign off. Those decisions add up, and they make it easier to put the task off.

Text expansion removes the decisions. The words are already there. You only choose the trigger. A lower starting cost matters a lot when starting is the hardest part.

It also reduces small errors. Your booking link, your bank details and your product names are spelled the same way every time.

## How to start in ten minutes

1. **Collect.** For one day, notice what you type more than twice. Write each one down. Do not build anything yet.
2. **Pick five.** Choose the five that appear most often. Five is enough to feel the benefit.
3. **Choose a trigger pattern.** Start every trigger with the same character, such as a semicolon. This stops triggers from firing inside normal words.
4. **Create the snippets.** Copy your best version of each text into your expander.
5. **Keep the list in sight.** A sticky note near your screen works. After a week you will not need it.

## Good first snippets

- Your email signature, in a short and a long version
- Your scheduling link with one friendly sentence
- A "got it, I will reply by Friday" holding reply
- Your address and phone number
- Meeting notes with headings for decisions and next steps

## Keep it small and tidy

A snippet library can grow until it becomes one more thing to manage. A few habits keep it useful:

- Review your snippets once a month. Delete the ones you never use.
- Use clear, memorable triggers. If you have to look one up every time, rename it.
- Group snippets by area, like "clients", "admin" and "personal".

> The best snippet is the one you use without thinking about it.

## What it adds up to

Saving 30 seconds does not sound like much. But if you save 30 seconds ten times a day, that is five minutes a day, 25 minutes over a working week, and roughly 20 hours a year. More importantly, it is ten fewer small decisions every day, each one a chance to stall.

If you would like help building a snippet library around your real work, see our [Text Expansion service](/services/text-expansion). Or [book a free 20-minute consultation](/free-intro-session) to talk it through.`,
  },
  {
    kind: "post",
    slug: "body-doubling-for-remote-workers",
    title: "Body doubling for remote workers",
    summary:
      "Working next to another person can make starting easier. Here is how body doubling works when you work from home, and how to set it up without pressure.",
    author: "Cora Lindqvist",
    publishedDaysAgo: 17,
    readingMinutes: 3,
    tags: ["focus", "remote-work"],
    body: `Have you noticed that you get more done in a café, or when a friend is in the room? That is body doubling. The idea is simple: you work while another person is present. They do not help with your task. They are just there.

For many people with ADHD, this makes starting and staying on task much easier. Remote work removed a lot of that quiet company. The good news is that you can bring it back.

## Why it works

No one is completely sure why body doubling helps, but a few ideas fit what people report:

- **Gentle accountability.** Saying "I'm going to work on my invoices" out loud makes the task feel real.
- **A clear start and end.** A session has a fixed time. That gives a vague task edges.
- **Less room to drift.** When someone else is working, it is easier to notice when you wander off, and to come back.
- **Company.** Working alone all day can feel flat. A little company can lift your energy.

## Ways to body double from home

### With a friend or colleague

Open a video call. Say hello, say what you will each work on, then mute. Keep cameras on if it helps, or off if it feels like too much. At the end, take two minutes to share how it went.

### In a group session

Many communities run scheduled co-working sessions. A host opens with a short check-in, then everyone works quietly. Groups are useful when your friends are busy or in a different time zone.

### With a recording or live stream

Some people like "work with me" videos or quiet live streams. They are not interactive, but the sense of someone else working can still help.

## A simple session format

Try this for a 60-minute session:

1. **5 minutes: check in.** Name one task. Make it small and specific.
2. **45 minutes: work.** Microphones off. Notifications off if you can.
3. **5 minutes: check out.** Say what you finished, or what you learned.
4. **5 minutes: break.** Stand up. Get water. Do not start the next thing yet.

If 45 minutes is too long, use 25. The format matters more than the length.

## Make it feel safe, not like surveillance

Body doubling works best without judgement. Agree up front that "I got distracted" is a normal thing to say. You are not there to perform. You are there to get a little help starting.

> Being seen working is different from being watched. Aim for company, not inspection.

## When it might not be the right tool

Body doubling is not for every task. Deep creative work may need full quiet. Client calls need a different setup. Use body doubling for the tasks you keep putting off: admin, email, tidying files, writing a first draft.

## Try it this week

Pick one task you have been putting off. Ask one person to join you for 45 minutes. Notice how it feels to start.

Want to build this into a wider routine? Our coaches can help you plan it. [Book a free 20-minute consultation](/free-intro-session) or [get in touch](/contact).`,
  },
  {
    kind: "post",
    slug: "designing-a-weekly-review-you-will-actually-do",
    title: "Designing a weekly review you'll actually do",
    summary:
      "Most weekly reviews fail because they are too long. Here is a 20-minute version built for real weeks, with a short checklist you can copy.",
    author: "LWCC Coaching Team",
    publishedDaysAgo: 26,
    readingMinutes: 3,
    tags: ["planning", "habits"],
    body: `A weekly review is a short meeting with yourself. You look back at the week, clear out loose ends, and decide what matters next. It is one of the most useful habits there is.

It is also one of the easiest to drop. Many review templates have twenty steps and take two hours. After one missed week, it can feel like you are behind on the review itself. So it quietly stops.

This article is about a review that fits into a real week.

## Start with the right size

Aim for 20 minutes. If you have more time and energy, great. But design the review for your tired Friday self, not your best Monday self.

A small review you do most weeks beats a perfect one you do once.

## Pick a fixed time and place

Decisions cost energy. Make them in advance:

- **When:** Choose one slot, such as Friday at 3 p.m. Put it in your calendar as a repeating event.
- **Where:** The same desk, café or couch each time.
- **What to bring:** Your calendar, your task list and something to drink.

If the slot does not work one week, move it. Do not cancel it.

## The 20-minute checklist

### Look back (5 minutes)

1. Scroll through last week's calendar. Note anything that needs a follow-up.
2. Write down one thing that went well. One is enough.

### Clear out (8 minutes)

3. Bring your inboxes to a "good enough" level: email, notes app, paper pile.
4. Move any loose tasks into your one task list.
5. Delete or park tasks you are no longer going to do.

### Look ahead (7 minutes)

6. Look at next week's calendar. Add buffers around busy days.
7. Choose up to three priorities for the week.
8. Give each priority a time block.

That is it. Eight steps, three parts.

## Make it pleasant

A review should not feel like a test. A few things help:

- Put on a playlist you only use for the review.
- Pair it with a treat: good coffee, a snack, a short walk afterwards.
- Do it with a body double, in person or on a video call.

## What to do when you miss a week

You will miss weeks. Everyone does. When it happens, do not try to catch up on two weeks at once. Just do this week's review, and start from today.

> Your review is there to serve you. You do not owe it anything.

## Track it gently

If you like to see progress, keep a simple running total: "reviews done this quarter: 9 of 13". A total shows the pattern over time. One missed week does not reset anything.

## Want a head start?

Our Weekly Planning Templates include a printable and a digital version of this checklist. If you would like a coach to shape the review around your work, [book a free 20-minute consultation](/free-intro-session) or look at our [pricing](/pricing).`,
  },
  {
    kind: "post",
    slug: "using-ai-assistants-without-adding-more-tabs",
    title: "Using AI assistants without adding more tabs",
    summary:
      "AI tools can save real time, or add one more place to check. Here is how to pick a few jobs for an assistant and fit it into the tools you already use.",
    author: "LWCC Coaching Team",
    publishedDaysAgo: 38,
    readingMinutes: 3,
    tags: ["ai", "tools"],
    body: `AI assistants can draft emails, summarise long documents and turn messy notes into a plan. For people with ADHD, that can take a lot of friction out of the day.

There is a catch. Every new tool is another tab, another login and another place where things can get lost. Without a plan, the assistant that was meant to save time becomes one more thing to manage.

Here is how to get the benefits without the clutter.

## Start with jobs, not tools

Before you try a new app, write down the tasks that drain you. Look for work that is:

- **Repetitive**, like writing similar emails or meeting summaries
- **Hard to start**, like a blank page for a proposal
- **Fiddly**, like turning a voice note into a clean task list

Pick two or three of these jobs. Those are your first uses. Ignore everything else for now.

## Use one assistant, in one place

It is tempting to try every new tool. Hold off for a month. Choose one assistant and decide where it lives:

- Pinned as the first tab in your browser, or
- Built into a tool you already use every day, such as your email or notes app

One home means you always know where to go. It also keeps your past conversations in one place when you want to find them again.

## Save your best prompts

A good prompt is worth keeping. When one works, save it as a snippet in your text expander or in a single note. For example:

1. "Turn these notes into a short list of next steps. Start each step with a verb."
2. "Rewrite this email so it is friendly, clear and under 120 words."
3. "Summarise this document in five bullet points for someone who has two minutes."

Reusing prompts means you do not have to work out how to ask each time. That saves energy, not just minutes.

## Keep a human in charge

AI tools are helpful, and they are also wrong sometimes. A few simple rules keep you safe:

- Read everything before you send it. You are the author.
- Do not paste in private client data unless you know how the tool stores it.
- Check facts, numbers and names. Assistants can sound sure and still be mistaken.

> Let the assistant write the first draft. You make the decisions.

## Close the loop

The output of an AI tool is only useful if it lands somewhere you will see it. Decide in advance:

- Next steps go into your one task list.
- Meeting summaries go into the shared notes for that client.
- Drafts go back into the email or document you started from.

If a result stays in the chat window, it is easy to lose.

## A one-week experiment

Choose one job from your list. Use your assistant for that job every day for a week. At the end, ask yourself: did this save time or energy? If yes, keep it and add a second job. If not, drop it with no guilt.

Our AI Accelerator coaching helps you choose the right jobs and set up simple workflows. Read more on the [AI Accelerator page](/services/ai-accelerator), or [book a free 20-minute consultation](/free-intro-session).`,
  },
  {
    kind: "post",
    slug: "transitions-the-hidden-cost-in-your-day",
    title: "Transitions: the hidden cost in your day",
    summary:
      "Switching between tasks costs more time and energy than most plans allow. Learn to spot transitions, and make them smoother with a few small rituals.",
    author: "Cora Lindqvist",
    publishedDaysAgo: 52,
    readingMinutes: 3,
    tags: ["focus", "energy"],
    body: `You finish a call at 2:00. Your next task is writing a report. Somehow, it is 2:40 before you type the first sentence. Where did the time go?

It went into the transition. Moving from one activity to the next is real work. It just rarely appears on a to-do list.

## What happens during a transition

A transition is not one step. It is several:

1. **Stopping.** Letting go of what you were doing, including the thoughts still running in the background.
2. **Switching.** Finding the files, tools and information for the next task.
3. **Starting.** Getting past the first few minutes, when the task still feels unclear.

For many people with ADHD, each step can take longer. Stopping is hard when you are deeply focused. Starting is hard when a task feels vague or dull. Neither is a failure. Both are signs that your day needs more room between tasks.

## Count your transitions

Look back at yesterday. Count how many times you switched between different kinds of work. Include small ones, like checking messages between tasks.

Many people find 20 to 40 switches in a day. If each one costs even five minutes, that is two to three hours. That is time your plan did not include.

## Make transitions smaller

You cannot remove every transition. You can make them cheaper.

### Group similar work

Put calls together. Put writing together. Answer messages two or three times a day instead of all day. Fewer switches means less lost time.

### Leave a note for your future self

Before you stop a task, write one line: "Next step: finish the pricing section." When you come back, you do not have to rebuild where you were.

### Set up the next task in advance

Open the document, gather the links, and put them on one screen before the switch. Starting becomes one click instead of ten.

## Use a short ritual

A small, repeatable ritual can act as a bridge between tasks. For example:

- Stand up and stretch for one minute
- Refill your water glass
- Take three slow breaths
- Read the one-line note for the next task

The ritual does not need to be clever. It needs to be the same each time, so your brain learns that it means "something new starts now".

> A transition you plan for is a pause. A transition you ignore is a leak.

## Put transitions in your calendar

When you plan your day, add 10 to 15 minutes between different kinds of work. Label them "transition". They are not wasted time. They are the time that makes the next block work.

## Start with one change

You do not need to change everything. Pick one idea from this article and try it for a week. Notice what feels easier.

If you want help designing a calmer day around your energy, our coaches can help. Explore [Calendar Clarity](/services/calendar-clarity) or [book a free 20-minute consultation](/free-intro-session).`,
  },
  {
    kind: "case_study",
    slug: "agency-owner-gets-her-mornings-back",
    title: "How an agency owner got her mornings back",
    summary:
      "Maya ran a busy design agency and spent her days in meetings. Over eight weeks we rebuilt her calendar around focus time. She now has four protected mornings a week.",
    author: "Cora Lindqvist",
    publishedDaysAgo: 14,
    readingMinutes: 3,
    tags: ["calendar", "meetings"],
    body: `## The situation

Maya runs a design agency with eight people. She found out she has ADHD as an adult. When she came to us, her calendar was full from 9 to 5, five days a week.

- She had 31 meetings in a typical week, spread evenly across every day.
- Most creative and strategic work happened after 8 p.m., once the team had logged off.
- About four client deadlines a month slipped, usually by a day or two.
- She described her week as "always reacting, never leading".

Maya had tried many planners and apps. Each one helped for a week or two, and then the meetings took over again.

## What we did

We worked together for eight weeks, with one 60-minute session a week and short check-ins by message.

### Weeks 1 and 2: see the real week

We started with two weeks of simple tracking. Maya noted what she actually did, hour by hour, in a plain notes app. No judgement, just data. Two patterns stood out: meetings were scattered across every day, and there was no time planned between them.

### Weeks 3 and 4: group the meetings

We moved internal meetings to Tuesday and Thursday afternoons. Client calls went into two fixed windows each day. We shortened the default meeting from 60 to 45 minutes, and added a 15-minute buffer after each one.

### Weeks 5 and 6: protect focus time

Maya blocked four mornings a week, from 9 to 12, for strategy and creative work. Each block had a specific name, like "Write proposal for Northwind". Her team knew what the blocks were for, and how to reach her in a real emergency.

### Weeks 7 and 8: a weekly review that fits

We built a 20-minute Friday review. Maya looks at the next week, moves tasks into blocks and picks three priorities. We also set up text-expansion snippets for her most common meeting replies.

## The results

Measured at the end of coaching and again at a three-month follow-up:

- **Meetings:** down from 31 to 19 a week, mostly by merging and shortening them.
- **Focus time:** four protected three-hour mornings a week, up from none.
- **Evening work:** down from most evenings to about one evening a week.
- **Missed deadlines:** down from about four a month to one in the three months since.
- **Weekly review:** done in 11 of the 12 weeks after coaching ended.

> "I still have busy weeks. The difference is that I know where the important work goes." (Maya)

## What made the difference

The tools were simple. The change came from designing the calendar around how Maya works, rather than how a planner said she should work. Buffers, grouped meetings and named focus blocks did most of it.

If your calendar feels like it runs you, [Calendar Clarity coaching](/services/calendar-clarity) might be a good fit. Start with a [free 20-minute consultation](/free-intro-session).

${CASE_STUDY_NOTE}`,
  },
  {
    kind: "case_study",
    slug: "solo-consultant-cuts-email-time",
    title: "How a solo consultant cut his email time by 40%",
    summary:
      "Daniel spent up to two hours a day on email. With a small snippet library and two simple automations, he cut that to about 70 minutes and got paid faster.",
    author: "LWCC Coaching Team",
    publishedDaysAgo: 45,
    readingMinutes: 3,
    tags: ["automation", "email", "text-expansion"],
    body: `## The situation

Daniel is a self-employed finance consultant with around 15 active clients. He has ADHD and describes himself as "great with clients, less great with admin".

When we met, email was his biggest drain:

- He spent between 90 minutes and two hours a day in his inbox.
- He wrote the same kinds of replies again and again: booking calls, sending documents, chasing invoices.
- Replies he found boring sat for days. Some clients waited over a week.
- Invoices went out late, so he was paid late: on average 23 days after the work was done.

He had tried inbox-zero systems twice. Both times, the system itself became one more thing to keep up with.

## What we did

We worked together for six weeks, using a mix of Automation Mastery and Text Expansion coaching.

### Step 1: find the repeats

For one week, Daniel put a tally mark on a sticky note each time he wrote an email he had written before. He counted 112 repeated emails in five days. About 80% of them fell into nine types.

### Step 2: build a small snippet library

We wrote nine snippets together, one for each type. Each had a clear trigger, like ";book" for a scheduling reply or ";docs" for a document request. Some had fill-in fields for the client's name and a date.

We also added three snippets for his most common meeting notes. He kept a printed list of triggers beside his screen for the first two weeks.

### Step 3: two small automations

Rather than a big new system, we added two automations:

1. A rule that labels emails from active clients and moves newsletters out of the inbox.
2. A reminder that goes out automatically when an invoice is seven days overdue.

### Step 4: fixed email windows

Daniel chose three 20-minute email windows a day: morning, after lunch and late afternoon. Outside those times, his email app stays closed. Clients were told they would hear back within one working day.

## The results

Measured over the four weeks after coaching ended:

- **Email time:** down from about 120 minutes to about 70 minutes a day, roughly 40% less.
- **Reply time:** every client email got a reply within one working day.
- **Snippets:** used about 25 times a day on average.
- **Invoices:** sent within two days of finishing the work, and paid after 11 days on average instead of 23.
- **Time saved:** about four hours a week, which he now spends on finding new clients.

> "I thought I needed more discipline. I needed fewer decisions." (Daniel)

## What made the difference

Daniel did not need a complete new system. He needed to stop writing the same things from scratch. Small, visible tools that fit into his day did more than a big system he would have to maintain.

If repeated writing fills your day, see our [Text Expansion service](/services/text-expansion) or [Automation Mastery](/services/automation-mastery). You can also [contact us](/contact) with a question.

${CASE_STUDY_NOTE}`,
  },
  {
    kind: "case_study",
    slug: "product-manager-ai-assisted-weekly-review",
    title: "An AI-assisted weekly review that finally stuck",
    summary:
      "Priya lost hours each week to status reports and scattered notes. A 25-minute review with one AI assistant cut her report time from two hours to 35 minutes.",
    author: "LWCC Coaching Team",
    publishedDaysAgo: 80,
    readingMinutes: 3,
    tags: ["ai", "planning", "notes"],
    body: `## The situation

Priya is a senior product manager at a software company. She works remotely with a team across three time zones. She has ADHD and dyslexia.

Her week was full of meetings, and her notes were everywhere:

- Notes lived in four places: a notes app, paper notebooks, chat messages and email drafts.
- Writing the Friday status report took about two hours, mostly spent finding things.
- She had started a weekly review several times, but it had never lasted more than three weeks.
- Follow-ups from meetings sometimes slipped. She estimated two or three a week.

Priya was curious about AI tools but already had too many apps open. She did not want another one.

## What we did

We worked together for eight weeks through our AI Accelerator coaching.

### One place for notes

First, we picked a single notes app for all meeting notes. Paper was still allowed, but Priya took a photo of each page at the end of the day and added it to the same app.

### One assistant, three prompts

Priya used the AI assistant her company had already approved, so there were no new logins and no open questions about data. We wrote three saved prompts together:

1. Turn these meeting notes into decisions, open questions and next steps.
2. Draft a status update from this week's notes, in plain language, under 250 words.
3. List any follow-ups in these notes that do not have an owner.

She stored the prompts as text-expansion snippets, so each one is a few keystrokes away.

### A 25-minute review

We designed a weekly review for Thursday afternoon, when her energy is better than on Friday:

- **10 minutes:** run the week's notes through the first and third prompts, and add next steps to her task list.
- **10 minutes:** draft the status report with the second prompt, then edit it herself.
- **5 minutes:** look at next week and choose three priorities.

Listening to the draft with a text-to-speech tool, rather than reading it, made editing much easier for her.

## The results

Measured over the first 12 weeks:

- **Status report time:** down from about two hours to about 35 minutes.
- **Weekly review:** done in 11 of 12 weeks.
- **Missed follow-ups:** down from two or three a week to about one a month.
- **Notes:** in one place instead of four.
- **Apps:** no new apps added, and one removed.

> "The AI didn't do my thinking. It cleared the clutter so I could do it." (Priya)

## What made the difference

The assistant helped, but it was not the main change. The main change was a small, fixed routine with one home for notes and a few reusable prompts. The AI simply made each step quicker.

If you want to use AI without adding more tabs, our [AI Accelerator coaching](/services/ai-accelerator) can help. Or [book a free 20-minute consultation](/free-intro-session) to see if it fits.

${CASE_STUDY_NOTE}`,
  },
];

const eventUrl = (slug: string) => `https://lwcc.example/events/${slug}`;

export const DEMO_EVENTS: DemoEvent[] = [
  {
    slug: "calendar-clarity-live-q-and-a",
    title: "Calendar Clarity: Live Q&A",
    startsInDays: 9,
    startHourUtc: 17,
    durationMinutes: 60,
    location: "Online (video call)",
    isOnline: true,
    description:
      "Bring your calendar questions to a relaxed live session with coach Cora Lindqvist. We will look at buffers, focus blocks and honest time estimates, then answer your questions. Cameras are optional, and a recording goes to everyone who registers.",
    registrationUrl: eventUrl("calendar-clarity-live-q-and-a"),
  },
  {
    slug: "text-expansion-in-an-hour",
    title: "Text Expansion in an Hour",
    startsInDays: 18,
    startHourUtc: 16,
    durationMinutes: 60,
    location: "Online (video call)",
    isOnline: true,
    description: "Build your first five snippets together. Bring a laptop and one email you write too often.",
    registrationUrl: eventUrl("text-expansion-in-an-hour"),
  },
  {
    slug: "focus-friday-co-working",
    title: "Focus Friday: Quiet Co-working",
    startsInDays: 25,
    startHourUtc: 14,
    durationMinutes: 120,
    location: "LWCC Studio (address in your confirmation email)",
    isOnline: false,
    description:
      "A calm morning of body doubling in person. We start with a five-minute check-in where you name one task, then work quietly in two 45-minute blocks with a short break between them. Tea and coffee provided. Come as you are; there is nothing to prepare.",
    registrationUrl: eventUrl("focus-friday-co-working"),
  },
  {
    slug: "design-your-weekly-review",
    title: "Design Your Weekly Review",
    startsInDays: 44,
    startHourUtc: 15,
    durationMinutes: 90,
    location: "LWCC Studio (address in your confirmation email)",
    isOnline: false,
    description: "A small-group workshop. Build a 20-minute weekly review that fits your real week, and leave with it in your calendar.",
    registrationUrl: eventUrl("design-your-weekly-review"),
  },
];

export interface DemoPremiumItem {
  type: PremiumContentType;
  title: string;
  description: string;
  duration: string;
  modules?: number;
  downloads?: number;
}

/** Premium courses, tutorials and resources, in page order (the seed uses the index as sortOrder). */
export const DEMO_PREMIUM_CONTENT: DemoPremiumItem[] = [
  {
    type: "course",
    title: "Calm Calendar: Plan a Week That Holds",
    description:
      "Build a weekly plan with buffers, focus blocks and honest time estimates. One short module a week, each ending with one change to try.",
    duration: "6 weeks",
    modules: 6,
    downloads: 4,
  },
  {
    type: "course",
    title: "Follow-Through Without Willpower",
    description: "Turn intentions into first steps: smaller starts, visible next actions and a gentle restart when a plan slips.",
    duration: "4 weeks",
    modules: 8,
    downloads: 3,
  },
  {
    type: "tutorial",
    title: "Text Expansion in 20 Minutes",
    description: "Set up your first five snippets for the emails and replies you write most often.",
    duration: "20 minutes",
    downloads: 1,
  },
  {
    type: "tutorial",
    title: "Automate Your Weekly Review",
    description: "Gather the week's calendar, tasks and notes into one page automatically, ready for a 20-minute review.",
    duration: "35 minutes",
  },
  {
    type: "resources",
    title: "Focus Toolkit",
    description: "Printable planners, a focus-block checklist and a one-page plan for the hard days.",
    duration: "Self-paced",
    downloads: 12,
  },
  {
    type: "resources",
    title: "Meeting Survival Pack",
    description: "Agenda templates, reply snippets and a short checklist for keeping meetings to two afternoons a week.",
    duration: "Self-paced",
    downloads: 6,
  },
];

/** The transcript of the demo member's latest session, so suggested action items are there to review from the start. */
export const DEMO_TRANSCRIPT = [
  "[00:04] Cora: Welcome back, Maya. What felt heavy this week?",
  "[00:15] Maya: The client proposals. I opened the document three times and closed it again.",
  "[00:38] Cora: What is the smallest first step that would make it feel started?",
  "[00:49] Maya: Writing the outline. I'll write the outline for the Hartley proposal tomorrow morning.",
  "[01:12] Cora: Good. I will send you the one-page proposal template tonight.",
  "[01:30] Maya: That would help. I might also try the timer trick for the pricing part.",
  "[02:05] Cora: Let's look at the finished outline together at the start of next session.",
  "[02:20] Maya: Deal. And I'll reply to the two waiting clients by Friday.",
  "[02:41] Cora: Great work today. See you next week.",
].join("\n");
