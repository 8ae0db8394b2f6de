/**
 * OpenAI, when OPENAI_API_KEY is set: commitments read from a transcript through Chat Completions
 * structured outputs (POST /chat/completions with a strict JSON schema). Strict mode makes the
 * model's answer follow the schema, yet the answer is still checked here: the model may refuse, be
 * cut off, or (rarely) glitch. Grounding (is the quote really in the transcript?) is the pipeline's
 * job (keepGrounded), not this adapter's.
 *
 * Errors are ExtractionErrors that say whether another attempt may succeed; the pipeline retries
 * those with backoff, at most EXTRACTION_MAX_ATTEMPTS times in all.
 */
import { format, parseISO } from "date-fns";
import { z } from "zod";
import { env } from "../_generated/server";
import { selectAdapters } from "../model/adapters";
import {
  ACTION_ITEM_PRIORITIES,
  COMMITMENT_TYPES,
  RESPONSIBLE_PARTIES,
  type CommitmentProposal,
  type ExtractionInput,
} from "../model/extraction";
import { formatTimestamp } from "../model/transcripts";

const OPENAI_API = "https://api.openai.com/v1";
/** A pinned snapshot with structured outputs and a 1M-token context; OPENAI_MODEL overrides it. */
export const OPENAI_DEFAULT_MODEL = "gpt-4.1-2025-04-14";
/**
 * The longest transcript (as sent: one `[MM:SS] Speaker: text` line per segment) one request
 * carries. About 50k tokens: twice a two-hour session, within the context of every model that has
 * structured outputs (gpt-4o's 128k included), and a bounded cost per attempt. Longer transcripts
 * are refused rather than cut, since a cut would silently lose the commitments past it.
 */
export const OPENAI_MAX_TRANSCRIPT_CHARS = 200_000;
/** Room for ~100 commitments; a longer answer means the model ran away and is cut off. */
const OPENAI_MAX_COMPLETION_TOKENS = 16_384;

export class ExtractionError extends Error {
  /** Whether another attempt may succeed (rate limit, outage, a glitched answer). */
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = "ExtractionError";
    this.retryable = retryable;
  }
}

export function openaiConfigured(): boolean {
  return selectAdapters({ OPENAI_API_KEY: env.OPENAI_API_KEY }).extraction === "openai";
}

const PROPOSAL_PROPERTIES = {
  title: { type: "string", description: "A short task that starts with a verb, e.g. Send the invoice to Dana." },
  description: { type: "string", description: "One or two sentences of context from the conversation." },
  commitmentType: { type: "string", enum: COMMITMENT_TYPES },
  responsibleParty: { type: "string", enum: RESPONSIBLE_PARTIES },
  priority: { type: "string", enum: ACTION_ITEM_PRIORITIES },
  dueDate: { type: ["string", "null"], description: "YYYY-MM-DD, or null when no time was said." },
  transcriptQuote: { type: "string", description: "The commitment's words, copied exactly from one transcript line." },
  transcriptTimestamp: { type: "string", description: "MM:SS of the line the quote comes from." },
  confidence: { type: "number", description: "0-100: how sure you are that this is a commitment." },
  tentative: { type: "boolean", description: "True when the speaker hedged." },
} as const;

/** Strict mode: every property required, no others; a missing due date is null, not absent. */
const COMMITMENTS_JSON_SCHEMA = {
  type: "object",
  properties: {
    commitments: {
      type: "array",
      items: {
        type: "object",
        properties: PROPOSAL_PROPERTIES,
        required: Object.keys(PROPOSAL_PROPERTIES),
        additionalProperties: false,
      },
    },
  },
  required: ["commitments"],
  additionalProperties: false,
};

/** The same shape as COMMITMENTS_JSON_SCHEMA, checked at runtime; unknown keys are dropped. */
const commitmentsAnswer = z.object({
  commitments: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      commitmentType: z.enum(COMMITMENT_TYPES),
      responsibleParty: z.enum(RESPONSIBLE_PARTIES),
      priority: z.enum(ACTION_ITEM_PRIORITIES),
      dueDate: z.string().nullable(),
      transcriptQuote: z.string(),
      transcriptTimestamp: z.string(),
      confidence: z.number(),
      tentative: z.boolean(),
    }) satisfies z.ZodType<CommitmentProposal>,
  ),
});

const INSTRUCTIONS = `You read the transcript of an ADHD coaching session between a coach and a member (the client) and list every commitment made in it: something concrete that someone says will be done after the session.

- commitmentType and responsibleParty: "user_commitment" with "client" when the member will do it; "coach_commitment" with "coach" when the coach will do it; "mutual_agreement" with "both" when they agree to do it together (for example to review or decide something together next session).
- A suggestion or assignment the other person accepts ("Okay, I'll do that") is a commitment of whoever will do it. Skip ideas nobody takes up, things already done, questions, and things someone says they will not do.
- transcriptQuote: copy the words that state the commitment exactly as they appear in a single transcript line, character for character (same spelling, punctuation and capitals). Leave out the [MM:SS] timestamp and the speaker's name. Never paraphrase, shorten words or join lines.
- transcriptTimestamp: the MM:SS timestamp of the line the quote comes from, as written in its brackets.
- tentative: true when the speaker hedges ("I might", "I'll try", "maybe", "probably", "I could"), otherwise false.
- dueDate: resolve the time that was said against the session date, as YYYY-MM-DD: "today", "tonight" or "right after this" is the session date; "tomorrow" the next day; a weekday ("by Friday", "on Monday") the next such day after the session date; "the end of the week" that week's Friday; "the weekend" its Sunday; "next week" or "next session" 7 days after the session date; a date ("the 23rd", "October 9th") that date. Use null when no time was said.
- priority: "urgent" when said to be urgent; "high" when it matters a lot or is due within two days; "low" for small or tentative things; otherwise "medium".
- confidence: 0-100, how sure you are that this is a real commitment.
- If there are no commitments, answer with an empty list.`;

/** The transcript as the model reads it: `[MM:SS] Speaker: text`, where `Speaker: text` is the transcript text's own line. */
function transcriptLines(input: ExtractionInput): string {
  return input.segments.map((s) => `[${formatTimestamp(s.startSeconds)}] ${s.speaker ? `${s.speaker}: ` : ""}${s.text}`).join("\n");
}

function requestBody(input: ExtractionInput, transcript: string) {
  const sessionDay = format(parseISO(input.sessionDate), "EEEE, yyyy-MM-dd");
  return {
    model: env.OPENAI_MODEL?.trim() || OPENAI_DEFAULT_MODEL,
    messages: [
      { role: "system", content: INSTRUCTIONS },
      {
        role: "user",
        content: `Coach: ${input.coachName}\nMember (client): ${input.memberName}\nSession date: ${sessionDay}\n\nTranscript:\n${transcript}`,
      },
    ],
    response_format: { type: "json_schema", json_schema: { name: "session_commitments", strict: true, schema: COMMITMENTS_JSON_SCHEMA } },
    max_completion_tokens: OPENAI_MAX_COMPLETION_TOKENS,
  };
}

interface ChatCompletionAnswer {
  choices?: Array<{ message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }>;
  error?: { message?: string; type?: string; code?: string | null };
}

function httpError(status: number, body: ChatCompletionAnswer | null): ExtractionError {
  // A 429 for an exhausted quota stays until someone pays; retrying only delays the news.
  const retryable = body?.error?.code !== "insufficient_quota" && (status === 408 || status === 409 || status === 429 || status >= 500);
  return new ExtractionError(`OpenAI answered ${status}: ${body?.error?.message ?? "no error message"}`, retryable);
}

/**
 * Malformed content (not JSON, or not the schema) is retryable: strict mode should prevent it, so
 * it is a glitch another attempt usually does not repeat, and the pipeline caps the attempts.
 */
function parseCommitments(content: string | null | undefined): CommitmentProposal[] {
  let json: unknown;
  try {
    json = JSON.parse(content ?? "");
  } catch {
    throw new ExtractionError("OpenAI's answer is not valid JSON.", true);
  }
  const parsed = commitmentsAnswer.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExtractionError(
      `OpenAI's answer does not match the commitments schema (${issue?.path.join(".") || "answer"}: ${issue?.message}).`,
      true,
    );
  }
  return parsed.data.commitments;
}

export async function extractWithOpenAI(input: ExtractionInput): Promise<CommitmentProposal[]> {
  if (!openaiConfigured()) throw new ExtractionError("OpenAI is not configured (OPENAI_API_KEY is not set).", false);
  const transcript = transcriptLines(input);
  if (transcript.length > OPENAI_MAX_TRANSCRIPT_CHARS) {
    throw new ExtractionError(
      `This transcript is too long for automatic extraction (${transcript.length.toLocaleString("en-US")} characters; the limit is ${OPENAI_MAX_TRANSCRIPT_CHARS.toLocaleString("en-US")}). Add its action items by hand.`,
      false,
    );
  }
  let response: Response;
  try {
    response = await fetch(`${OPENAI_API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.OPENAI_API_KEY?.trim()}`, "content-type": "application/json" },
      body: JSON.stringify(requestBody(input, transcript)),
    });
  } catch (error) {
    throw new ExtractionError(`OpenAI could not be reached: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  const body = (await response.json().catch(() => null)) as ChatCompletionAnswer | null;
  if (!response.ok) throw httpError(response.status, body);
  const choice = body?.choices?.[0];
  if (!choice?.message) throw new ExtractionError("OpenAI answered without a message.", true);
  // Asking again gets the same refusal or filter; a cut-off answer is a runaway another attempt may not repeat.
  if (choice.message.refusal) throw new ExtractionError(`OpenAI declined to read this transcript: ${choice.message.refusal}`, false);
  if (choice.finish_reason === "content_filter") throw new ExtractionError("OpenAI's content filter withheld the answer.", false);
  if (choice.finish_reason === "length") {
    throw new ExtractionError(`OpenAI's answer was cut off at ${OPENAI_MAX_COMPLETION_TOKENS.toLocaleString("en-US")} tokens.`, true);
  }
  return parseCommitments(choice.message.content);
}
