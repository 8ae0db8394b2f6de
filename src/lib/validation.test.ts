import { BOUND_MESSAGES } from "@convex/model/bounds";
import { contactErrors, newsletterErrors } from "@convex/model/contact";
import { introErrors } from "@convex/model/intro";
import { firstNameSchema, lastNameSchema } from "./validation";

describe("forms refuse what the server refuses, in the same words", () => {
  it("keeps names to one plain line", () => {
    for (const name of ["Maya\u202Eztro", "Ma\u200Bya", "Maya\r\nOrtiz"]) {
      expect(firstNameSchema.safeParse(name).error?.issues[0]?.message, name).toBe(BOUND_MESSAGES.lineCharacters);
      expect(lastNameSchema.safeParse(name).error?.issues[0]?.message, name).toBe(BOUND_MESSAGES.lineCharacters);
      expect(introErrors({ name, email: "maya@example.com" }).name).toBe(BOUND_MESSAGES.lineCharacters);
      expect(newsletterErrors({ name, email: "maya@example.com" }).name).toBe(BOUND_MESSAGES.lineCharacters);
      expect(contactErrors({ name, email: "maya@example.com", message: "Hi" }).name).toBe(BOUND_MESSAGES.lineCharacters);
    }
    expect(firstNameSchema.safeParse("José Ñandú").success).toBe(true);
  });

  it("lets a message have lines, but no text-direction overrides", () => {
    expect(contactErrors({ name: "Sam", email: "sam@example.com", message: "Hi\nthere" })).toEqual({});
    expect(contactErrors({ name: "Sam", email: "sam@example.com", message: "Hi\u202Ethere" }).message).toBe(BOUND_MESSAGES.textCharacters);
  });
});
