/** Words that colour a commitment wherever it is heard: hedges, urgency, importance, a meeting's time. */

export const HEDGE =
  /\b(?:maybe|perhaps|probably|hopefully|possibly|ideally|no promises|(?:I(?:['’]ll| will| can| could| might)?|going to|gonna|to|let['’]s) (?:at least )?try|I['’]ll see if|I will see if|do my best|if (?:I|we) (?:have|get|find) (?:the )?(?:time|energy|a chance)|if I can|if possible)\b/i;
export const URGENT = /\b(?:asap|as soon as possible|urgent(?:ly)?|right away|immediately|today|tonight)\b/i;
export const IMPORTANT = /\b(?:important|priority|must|critical|crucial|essential)\b/i;
/** "By the next meeting", "after lunch", "before we meet again": when, without a calendar date. */
export const MEETING_TIME =
  /\b(?:(?:for|by|before|until|at|in) (?:the |our )?next (?:meeting|session|call|time)|next time|after (?:the|this) (?:meeting|session|call)|after lunch|(?:when|before) we (?:meet|come back)|in the meantime|meantime)\b/i;
