/**
 * The four LWCC services (SPEC §1), defined once. The overview at /services and each detail
 * page at /services/{slug} are rendered from this list.
 */

export interface ServiceStep {
  title: string;
  body: string;
}

export interface ServiceDetail {
  question: string;
  answer: string;
}

export interface Service {
  slug: string;
  name: string;
  /** One line under the name. */
  tagline: string;
  /** Two or three sentences: the card on the overview and the page description. */
  summary: string;
  forWho: readonly string[];
  youGet: readonly string[];
  steps: readonly ServiceStep[];
  outcomes: readonly string[];
  details: readonly ServiceDetail[];
}

export const SERVICES = [
  {
    slug: "calendar-clarity",
    name: "Calendar Clarity",
    tagline: "A calendar that shows what is real, so you can trust it again.",
    summary:
      "We rebuild your week around how your attention actually works. You leave with a calendar that holds your real commitments, protected focus time and buffers, and a short weekly review that keeps it true.",
    forWho: [
      "You double-book, forget meetings or run late more than you would like.",
      "Your to-do list and your calendar tell two different stories.",
      "You lose whole afternoons to small tasks and never reach the important one.",
      "You have tried planners and apps, and none of them stuck.",
    ],
    youGet: [
      "One-to-one coaching sessions, booked from your time balance.",
      "A weekly template with focus blocks, admin blocks and buffers that fit your energy.",
      "A 15-minute weekly review routine, written down step by step.",
      "Your commitments from each session as action items, so you don't have to remember them.",
    ],
    steps: [
      {
        title: "Map a real week",
        body: "We look at last week together: what was planned, what happened, and where the time went. No judgement, just data.",
      },
      {
        title: "Design your template",
        body: "We place your fixed commitments first, then focus time when your attention is best, then buffers for transitions.",
      },
      {
        title: "Try it for a week",
        body: "You live with the new calendar for one week. Anything that doesn't fit is information, not failure.",
      },
      {
        title: "Adjust and keep it",
        body: "We tune the template and set up the weekly review, so the calendar stays accurate without a big effort.",
      },
    ],
    outcomes: [
      "Fewer missed or double-booked meetings.",
      "Protected time for the work that moves your business forward.",
      "Less time spent deciding what to do next.",
      "A weekly review you can finish in about 15 minutes.",
    ],
    details: [
      {
        question: "Which calendar app do I need?",
        answer:
          "The one you already use. Google Calendar, Outlook and Apple Calendar all work. We change how you use it, not which app it is.",
      },
      {
        question: "How many sessions does it take?",
        answer:
          "Most people have a working template after two or three sessions. You decide how many to book; each one comes out of your time balance.",
      },
      {
        question: "What if my week is never the same twice?",
        answer:
          "That is common. We build a flexible template with a few fixed anchors and movable blocks, instead of a rigid schedule you can't keep.",
      },
    ],
  },
  {
    slug: "automation-mastery",
    name: "Automation Mastery",
    tagline: "Let the repetitive admin run itself.",
    summary:
      "We find the routine tasks that drain you, such as follow-ups, invoices, reminders and filing, and set up simple automations with the tools you already have. You keep control; the busywork stops.",
    forWho: [
      "You do the same small admin tasks every week and dread them.",
      "Things slip because they depend on you remembering them.",
      "You know automation could help but don't know where to start.",
      "You run a small business without an assistant or an operations team.",
    ],
    youGet: [
      "A short audit of your weekly admin, ranked by time saved.",
      "Your first automations built with you during the sessions, not handed over as homework.",
      "Plain-language notes for each automation: what it does and how to pause it.",
      "A follow-up check after two weeks to fix anything that misfires.",
    ],
    steps: [
      {
        title: "List what repeats",
        body: "We walk through a normal week and write down every task you do the same way each time.",
      },
      {
        title: "Pick the quick wins",
        body: "We choose one or two automations that save the most time for the least set-up, so you feel the benefit straight away.",
      },
      {
        title: "Build it together",
        body: "We set the automation up with you on screen, using tools you already pay for wherever possible.",
      },
      {
        title: "Check and extend",
        body: "After a couple of weeks we check that it runs reliably, then decide together whether to automate the next task.",
      },
    ],
    outcomes: [
      "Hours back each month from tasks you no longer do by hand.",
      "Follow-ups and reminders that go out on time, every time.",
      "Fewer loose ends to hold in your head.",
      "A clear record of what is automated and how to change it.",
    ],
    details: [
      {
        question: "Do I need to be technical?",
        answer:
          "No. If you can use email and a spreadsheet, you can use what we build. We explain each step in plain words and leave written notes.",
      },
      {
        question: "Which tools do you use?",
        answer:
          "We start with what you already have, such as the rules in your email, the automations in your calendar or invoicing tool, and simple no-code connectors. We only suggest a new tool when it clearly pays for itself.",
      },
      {
        question: "What if an automation breaks?",
        answer:
          "Every automation comes with a note on how to pause it. We also build in a check, so a failure shows up as a message to you rather than a silent gap.",
      },
    ],
  },
  {
    slug: "ai-accelerator",
    name: "AI Accelerator",
    tagline: "Use AI assistants to start faster and finish cleaner.",
    summary:
      "We show you how to use AI assistants for the jobs that stall you: a first draft, a summary, a plan from a messy brain dump. You get a small set of prompts that work for you, and clear rules for what not to share.",
    forWho: [
      "Blank pages and first drafts are where you get stuck.",
      "You have tried AI tools but the results felt generic or unreliable.",
      "You want to save time on writing, summarising and planning.",
      "You care about keeping client and business information private.",
    ],
    youGet: [
      "Hands-on sessions using your real tasks, not toy examples.",
      "A personal prompt library for your most common jobs.",
      "A simple checklist for reviewing what an AI tool gives you.",
      "Clear guidance on privacy: what is safe to paste and what is not.",
    ],
    steps: [
      {
        title: "Find the sticking points",
        body: "We list the tasks you put off most and choose the ones where an assistant can give you a head start.",
      },
      {
        title: "Write prompts that fit you",
        body: "We draft prompts together, try them on your real work and keep the ones that give useful results.",
      },
      {
        title: "Build a review habit",
        body: "You learn a quick check for accuracy, tone and facts, so you stay the author and the AI stays the assistant.",
      },
      {
        title: "Make it routine",
        body: "We fit the prompts into your week, for example a Monday plan or a Friday summary, so they get used.",
      },
    ],
    outcomes: [
      "Faster starts on writing and planning tasks.",
      "Drafts that sound like you, with less editing.",
      "Meeting notes and long emails turned into short summaries.",
      "Confidence about what to share with AI tools and what to keep private.",
    ],
    details: [
      {
        question: "Which AI assistant should I use?",
        answer:
          "We work with the assistant you have or help you choose one. The prompts and habits you learn carry over between tools.",
      },
      {
        question: "Is it safe to use AI with client information?",
        answer:
          "Often it is not, and we will tell you plainly. You get a short list of what never goes into an AI tool and how to remove names and details first.",
      },
      {
        question: "Will AI replace my own thinking?",
        answer:
          "No. We use it to get past the blank page and the boring parts. The decisions, the judgement and the final version stay yours.",
      },
    ],
  },
  {
    slug: "text-expansion",
    name: "Text Expansion",
    tagline: "Type a few letters, get the whole message.",
    summary:
      "Text expansion turns short abbreviations into full emails, replies, links and notes. We build your personal snippet library together, so the messages you write every week take seconds and fewer decisions.",
    forWho: [
      "You write the same emails, replies or answers again and again.",
      "Small writing tasks pile up because each one needs a decision.",
      "You mistype links, addresses or booking details.",
      "You want quick wins that help from the very first day.",
    ],
    youGet: [
      "Set-up of a text expander on your computer and, if you like, your phone.",
      "A starter library of snippets built from your own messages.",
      "An abbreviation system that is easy to remember.",
      "Templates with blanks for the details that change each time.",
    ],
    steps: [
      {
        title: "Collect your repeats",
        body: "We look through your sent messages and notes for the text you type most often.",
      },
      {
        title: "Set up the tool",
        body: "We install and configure a text expander with you, using the built-in one on your device where that is enough.",
      },
      {
        title: "Build your library",
        body: "We turn your repeats into snippets with short, memorable triggers and fill-in fields.",
      },
      {
        title: "Practise until it's automatic",
        body: "You use the snippets for a week, then we remove what you don't use and add what you missed.",
      },
    ],
    outcomes: [
      "Routine replies sent in seconds instead of minutes.",
      "Fewer typos in links, addresses and prices.",
      "Less effort starting small writing tasks.",
      "A library that grows with your business.",
    ],
    details: [
      {
        question: "What is a text expander?",
        answer:
          "A small program that watches for a short code you type, such as ;thanks, and replaces it with a longer text you saved, such as a full thank-you email.",
      },
      {
        question: "Does it work on my phone?",
        answer:
          "Most phones have text replacement built in, and many expander tools sync between computer and phone. We set up whatever fits the devices you use.",
      },
      {
        question: "How long does it take to set up?",
        answer:
          "A useful starter library usually takes one session. Most people start saving time the same day.",
      },
    ],
  },
] as const satisfies readonly Service[];

export type ServiceSlug = (typeof SERVICES)[number]["slug"];

export function findService(slug: string): Service | undefined {
  return SERVICES.find((service) => service.slug === slug);
}
