import { CLAIMS } from "./claims";

/** The six static questions of the FAQ page (SPEC §2). */
export const FAQ = [
  {
    question: "Who is LWCC for?",
    answer:
      "Entrepreneurs and busy professionals with ADHD or other learning differences who know what they want to do but find it hard to start, keep track or finish. You do not need a diagnosis to work with us.",
  },
  {
    question: "How does a coaching session work?",
    answer:
      "You book a time that suits you, join from your browser and talk through what is in the way this week. Sessions are recorded and transcribed, and the commitments you make are written up as action items so you don't have to remember them.",
  },
  {
    question: "What is the time balance?",
    answer:
      "Coaching time is held as a balance in minutes. Booking a session reserves its minutes; cancelling in good time gives them back. Your dashboard always shows how much time you have left.",
  },
  {
    question: "Can I try it before I pay?",
    answer: `Yes. The first conversation is a free ${CLAIMS.consultationMinutes}-minute consultation, and the Foundation tier is free. Paid tiers come with a 30-day money-back promise.`,
  },
  {
    question: "Can I change or cancel my plan?",
    answer:
      "Yes. Paid tiers are billed monthly or quarterly, and you can move up, move down or cancel from your billing page at any time. A cancelled plan stays active until the end of the period you paid for.",
  },
  {
    question: "How quickly will I hear back?",
    answer: `We answer every message within ${CLAIMS.responseHours} hours, usually much sooner.`,
  },
] as const;
