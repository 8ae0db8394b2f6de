import { describe, expect, it } from "vitest";
import { cleanSpeech, readClause } from "./commitmentReading";

describe("cleanSpeech: disfluency removed before reading", () => {
  it.each([
    ["so um I'll uh book the the venue", "so I'll book the venue"],
    ["we we'll er ring the printer", "we'll ring the printer"],
    ["I'll pre- prepare the budget", "I'll prepare the budget"],
    ["okay, I'll hmm draft it", "I'll draft it"],
  ])("%s", (said, clean) => {
    expect(cleanSpeech(said)).toBe(clean);
  });
});

describe("readClause: who it is about", () => {
  it.each([
    ["I'll book the venue for the retreat", "I"],
    ["so we're going to split the bill", "we"],
    ["and you're gonna phone the landlord", "you"],
    ["both of you should update the wiki", "group"],
    ["everybody is going to bring a dish", "group"],
    ["the treasurer is going to chase the late payments", "third"],
    ["Lena will collect the keys", "third"],
    ["please water the plants", "you"],
  ])("%s → %s", (said, person) => {
    expect(readClause(said).person).toBe(person);
  });

  it("keeps a third person's words so the caller can match them to a speaker", () => {
    expect(readClause("the treasurer is going to chase the late payments").subject).toBe("the treasurer");
  });
});

describe("readClause: mood and tense", () => {
  it.each([
    ["I'll order the brochures", "future"],
    ["I'm gonna order the brochures", "future"],
    ["you need to order the brochures", "obligation"],
    ["I'm supposed to order the brochures", "plan"],
    ["could you order the brochures", "request"],
    ["let's order the brochures", "lets"],
    ["I ordered the brochures", "past"],
  ])("%s → %s", (said, mood) => {
    expect(readClause(said).mood).toBe(mood);
  });

  it("finds the action verb past support verbs and the tagger's misreadings", () => {
    expect(readClause("I will try to repaint the fence").verb).toBe("repaint");
    expect(readClause("you two are going to be sorting the raffle prizes").verb).toBe("sort");
    expect(readClause("we will both look at how the launch went").verb).toBe("look");
  });
});

describe("readClause: negation, questions, conditions, recaps", () => {
  it("reads a negation", () => {
    expect(readClause("I won't renew the lease").negative).toBe(true);
    expect(readClause("I'll renew the lease").negative).toBe(false);
  });
  it("reads a question", () => {
    expect(readClause("will you renew the lease?").question).toBe(true);
  });
  it("reads a condition before the verb", () => {
    expect(readClause("if we're going to move offices we'll need a van").conditional).toBe(true);
    expect(readClause("we'll need a van for the move").conditional).toBe(false);
  });
  it("reads a report of an earlier agreement", () => {
    expect(readClause("we decided that Omar would paint the sign").reported).toBe(true);
  });
});

describe("readClause: tasks, narration, decisions, states, fragments", () => {
  it.each(["I'll start with the agenda", "I'll show you", "let's move on", "I'll just go through these slides"])(
    "%s narrates the meeting",
    (said) => {
      expect(readClause(said).narration).toBe(true);
    },
  );
  it.each(["I'll show you the floor plan next week", "I'll look into the insurance options", "please come up with a seating plan"])(
    "%s is a task",
    (said) => {
      expect(readClause(said).narration).toBe(false);
    },
  );
  it("tells a decision about the product from a task", () => {
    expect(readClause("let's have velvet seats in the lounge").decision).toBe(true);
    expect(readClause("we'll use recycled paper for the flyers").decision).toBe(true);
    expect(readClause("let's have a call with the caterer").decision).toBe(false);
  });
  it("reads a state, not a task", () => {
    expect(readClause("you'll feel more rested").state).toBe(true);
    expect(readClause("you'll email the caterer").state).toBe(false);
  });
  it("reads a fragment", () => {
    expect(readClause("we'll have uh uh").fragment).toBe(true);
    expect(readClause("let's um").fragment).toBe(true);
  });
});
