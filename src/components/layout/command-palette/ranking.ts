/**
 * The command palette's ranking (SPEC §2), one pure rule for every command: static pages, live
 * entries from Convex and free text alike. A command scores the best rule it meets; a score of 0
 * means it is not shown.
 */
export const SCORES = {
  exactLabel: 100,
  labelPrefix: 90,
  exactKeyword: 85,
  keywordPrefix: 80,
  /** Two typed letters inside a keyword of LONG_KEYWORD or more characters. */
  twoLetterInKeyword: 70,
  /** Only for SUBSTRING_MIN_LENGTH or more typed characters. */
  keywordSubstring: 65,
  /** Only for SUBSTRING_MIN_LENGTH or more typed characters. */
  labelSubstring: 60,
} as const;

export const LONG_KEYWORD = 5;
export const SUBSTRING_MIN_LENGTH = 3;

export interface Rankable {
  label: string;
  keywords: readonly string[];
}

/** Case and surrounding spaces never matter. */
export const normalise = (text: string) => text.trim().toLowerCase();

export function scoreCommand(command: Rankable, query: string): number {
  const typed = normalise(query);
  if (typed === "") return 0;
  const label = normalise(command.label);
  const keywords = command.keywords.map(normalise);
  if (label === typed) return SCORES.exactLabel;
  if (label.startsWith(typed)) return SCORES.labelPrefix;
  if (keywords.includes(typed)) return SCORES.exactKeyword;
  if (keywords.some((keyword) => keyword.startsWith(typed))) return SCORES.keywordPrefix;
  if (typed.length === 2 && keywords.some((keyword) => keyword.length >= LONG_KEYWORD && keyword.includes(typed)))
    return SCORES.twoLetterInKeyword;
  if (typed.length >= SUBSTRING_MIN_LENGTH) {
    if (keywords.some((keyword) => keyword.includes(typed))) return SCORES.keywordSubstring;
    if (label.includes(typed)) return SCORES.labelSubstring;
  }
  return 0;
}

/**
 * The commands that match, best first. Ties keep the order the commands were given in (the
 * palette's own order: group by group, each group in its listed order), so equal scores never
 * shuffle between keystrokes.
 */
export function rankCommands<T extends Rankable>(commands: readonly T[], query: string): T[] {
  return commands
    .map((command, index) => ({ command, index, score: scoreCommand(command, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.command);
}
