/** A query that never returns, as a bug or an attacker's argument would make one. */
import { query } from "./_generated/server";

export const spin = query({
  args: {},
  handler: () => {
    for (;;);
  },
});
