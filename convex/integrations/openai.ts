/**
 * OpenAI, when OPENAI_API_KEY is set: commitments read from a transcript through the `openai` SDK's
 * Chat Completions structured outputs (`chat.completions.parse` with a strict JSON schema made from
 * a zod schema, which also checks the answer). Strict mode makes the model's answer follow the
 * schema, yet the answer is still checked: the model may refuse, be cut off, or (rarely) glitch.
 * Grounding (is the quote really in the transcript?) is the pipeline's job (keepGrounded), not this
 * adapter's.
 *
 * The SDK needs no Node built-ins (only fetch), so this runs in Convex's default runtime. Its own
 * retries are off: the extraction workpool retries, on the rule below. Errors are ExtractionErrors
 * that say whether another attempt may succeed.
 */
import { format, parseISO } from "date-fns";
import OpenAI, { APIConnectionError, APIError } from "openai";
import { ContentFilterFinishReasonError, LengthFinishReasonError } from "openai/core/error";
import { zodResponseFormat } from "openai/helpers/zod";
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
import { KEY_POINT_MAX_CHARS, KEY_POINTS_MAX } from "../model/agendaRules";
import { formatTimestamp } from "../model/transcripts";

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
/** Three short quotes; anything longer ran away. */
const KEY_POINTS_MAX_COMPLETION_TOKENS = 1_024;
/**
 * Below Convex's 10-minute action limit, so a request that hangs ends as a retryable error the run
 * records, instead of the platform cutting the action off; 16k output tokens take a few minutes.
 */
const OPENAI_TIMEOUT_MS = 8 * 60_000;

const NOT_JSON = "OpenAI's answer is not valid JSON.";

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

/**
 * The answer's shape: the SDK sends it as a strict JSON schema (every property required, no others;
 * a missing due date is null, not absent) and parses the answer with it, dropping unknown keys.
 */
const commitmentsAnswer = z.object({
  commitments: z.array(
    z.object({
      title: z.string().describe("A short task that starts with a verb, e.g. Send the invoice to Dana."),
      description: z.string().describe("One or two sentences of context from the conversation."),
      commitmentType: z.enum(COMMITMENT_TYPES),
      responsibleParty: z.enum(RESPONSIBLE_PARTIES),
      priority: z.enum(ACTION_ITEM_PRIORITIES),
      dueDate: z.string().nullable().describe("YYYY-MM-DD, or null when no time was said."),
      transcriptQuote: z.string().describe("The commitment's words, copied exactly from one transcript line."),
      transcriptTimestamp: z.string().describe("MM:SS of the line the quote comes from."),
      confidence: z.number().describe("0-100: how sure you are that this is a commitment."),
      tentative: z.boolean().describe("True when the speaker hedged."),
    }) satisfies z.ZodType<CommitmentProposal>,
  ),
});

const RESPONSE_FORMAT = zodResponseFormat(commitmentsAnswer, "session_commitments");

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
function transcriptLines(input: Pick<ExtractionInput, "segments">): string {
  return input.segments.map((s) => `[${formatTimestamp(s.startSeconds)}] ${s.speaker ? `${s.speaker}: ` : ""}${s.text}`).join("\n");
}

/** `instanceof` alone narrows the generic APIError to APIError<any, ...>; this keeps its typed defaults. */
function isAPIError(error: unknown): error is APIError {
  return error instanceof APIError;
}

/**
 * The SDK's errors on our rule: an outage, a timeout or a rate limit may pass later; a bad key, a
 * bad request, a refusal or the content filter will not. A 429 for an exhausted quota stays until
 * someone pays, so retrying it only delays the news. Malformed content (not JSON, or not the schema)
 * is retryable: strict mode should prevent it, so it is a glitch another attempt usually does not
 * repeat, and the pipeline caps the attempts. A cut-off answer is a runaway another attempt may not
 * repeat.
 */
function extractionError(error: unknown, schema = "commitments"): ExtractionError {
  if (error instanceof ExtractionError) return error;
  if (error instanceof APIConnectionError) return new ExtractionError(`OpenAI could not be reached: ${error.message}`, true);
  if (isAPIError(error)) {
    const { status = 0, code, error: body } = error;
    const retryable = code !== "insufficient_quota" && (status === 408 || status === 409 || status === 429 || status >= 500);
    const said = body && "message" in body ? body.message : undefined;
    return new ExtractionError(`OpenAI answered ${status}: ${typeof said === "string" ? said : "no error message"}`, retryable);
  }
  if (error instanceof LengthFinishReasonError) {
    return new ExtractionError(`OpenAI's answer was cut off at ${OPENAI_MAX_COMPLETION_TOKENS.toLocaleString("en-US")} tokens.`, true);
  }
  if (error instanceof ContentFilterFinishReasonError) return new ExtractionError("OpenAI's content filter withheld the answer.", false);
  if (error instanceof SyntaxError) return new ExtractionError(NOT_JSON, true);
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    return new ExtractionError(
      `OpenAI's answer does not match the ${schema} schema (${issue?.path.join(".") || "answer"}: ${issue?.message}).`,
      true,
    );
  }
  return new ExtractionError(`OpenAI failed: ${error instanceof Error ? error.message : String(error)}`, true);
}

async function askOpenAI(input: ExtractionInput, transcript: string): Promise<CommitmentProposal[]> {
  const client = new OpenAI({ apiKey: env.OPENAI_API_KEY?.trim(), maxRetries: 0, timeout: OPENAI_TIMEOUT_MS });
  const sessionDay = format(parseISO(input.sessionDate), "EEEE, yyyy-MM-dd");
  const completion = await client.chat.completions.parse({
    model: env.OPENAI_MODEL?.trim() || OPENAI_DEFAULT_MODEL,
    messages: [
      { role: "system", content: INSTRUCTIONS },
      {
        role: "user",
        content: `Coach: ${input.coachName}\nMember (client): ${input.memberName}\nSession date: ${sessionDay}\n\nTranscript:\n${transcript}`,
      },
    ],
    response_format: RESPONSE_FORMAT,
    max_completion_tokens: OPENAI_MAX_COMPLETION_TOKENS,
  });
  const message = completion.choices[0]?.message;
  if (!message) throw new ExtractionError("OpenAI answered without a message.", true);
  // Asking again gets the same refusal.
  if (message.refusal) throw new ExtractionError(`OpenAI declined to read this transcript: ${message.refusal}`, false);
  // The SDK parses only non-empty content; empty content is as malformed as broken JSON.
  if (!message.parsed) throw new ExtractionError(NOT_JSON, true);
  return message.parsed.commitments;
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
  try {
    return await askOpenAI(input, transcript);
  } catch (error) {
    throw extractionError(error);
  }
}

/** The key points' answer: quotes to open the next session with, each from one transcript line. */
const keyPointsAnswer = z.object({
  keyPoints: z.array(
    z.object({
      quote: z.string().describe("Words copied exactly from one transcript line."),
      timestamp: z.string().describe("MM:SS of the line the quote comes from."),
    }),
  ),
});

const KEY_POINTS_FORMAT = zodResponseFormat(keyPointsAnswer, "session_key_points");

const KEY_POINTS_INSTRUCTIONS = `You read the transcript of an ADHD coaching session between a coach and a member. Pick at most ${KEY_POINTS_MAX} key points worth bringing back at the start of their next session: a decision, an insight the member had, or a plan, in that order of preference. Skip small talk and things already done.

- quote: one sentence or so that states the point, copied exactly as it appears in a single transcript line, character for character. Leave out the [MM:SS] timestamp and the speaker's name. Never paraphrase or join lines. At most ${KEY_POINT_MAX_CHARS} characters.
- timestamp: the MM:SS timestamp of the line the quote comes from, as written in its brackets.
- If nothing is worth bringing back, answer with an empty list.`;

/** Up to three key points of a transcript, as the model picked them; grounding them is the caller's job (agendaRules.groundKeyPoints). */
export async function keyPointsWithOpenAI(segments: ExtractionInput["segments"]): Promise<{ quote: string; timestamp: string }[]> {
  if (!openaiConfigured()) throw new ExtractionError("OpenAI is not configured (OPENAI_API_KEY is not set).", false);
  const transcript = transcriptLines({ segments });
  if (transcript.length > OPENAI_MAX_TRANSCRIPT_CHARS) throw new ExtractionError("This transcript is too long to read for key points.", false);
  try {
    const client = new OpenAI({ apiKey: env.OPENAI_API_KEY?.trim(), maxRetries: 0, timeout: OPENAI_TIMEOUT_MS });
    const completion = await client.chat.completions.parse({
      model: env.OPENAI_MODEL?.trim() || OPENAI_DEFAULT_MODEL,
      messages: [
        { role: "system", content: KEY_POINTS_INSTRUCTIONS },
        { role: "user", content: `Transcript:\n${transcript}` },
      ],
      response_format: KEY_POINTS_FORMAT,
      max_completion_tokens: KEY_POINTS_MAX_COMPLETION_TOKENS,
    });
    const message = completion.choices[0]?.message;
    if (!message) throw new ExtractionError("OpenAI answered without a message.", true);
    if (message.refusal) throw new ExtractionError(`OpenAI declined to read this transcript: ${message.refusal}`, false);
    if (!message.parsed) throw new ExtractionError(NOT_JSON, true);
    return message.parsed.keyPoints;
  } catch (error) {
    throw extractionError(error, "key points");
  }
}
