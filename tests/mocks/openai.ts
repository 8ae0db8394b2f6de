import { http, HttpResponse } from "msw";
import type { CommitmentProposal, ExtractionInput } from "../../convex/model/extraction";

/**
 * OpenAI Chat Completions (POST /v1/chat/completions) in its documented shapes: a
 * `chat.completion` object whose first choice carries the structured-output JSON as a string (or a
 * refusal), and `{ error: { message, type, param, code } }` on errors. The default handler checks
 * the Bearer key and the strict json_schema the way OpenAI does, and answers the commitments of
 * OPENAI_SAMPLE_INPUT (or, asked for the session_key_points schema, its key points); `openaiScenarios` are the other answers, for `server.use(...)`.
 */
export const OPENAI_API = "https://api.openai.com/v1";

const segments = [
  { speaker: "Coach Jordan", startSeconds: 62, text: "So the first step is really gathering the hours, not writing the invoice." },
  { speaker: "Maya", startSeconds: 68, text: "Right. Okay. I'll pull the hours from my calendar for all three projects tomorrow morning." },
  { speaker: "Coach Jordan", startSeconds: 77, text: "Great. And when will the invoices actually go out?" },
  {
    speaker: "Maya",
    startSeconds: 82,
    text: "I'll send the invoice to Dana by Friday. The other two are smaller, I might get to them over the weekend.",
  },
  {
    speaker: "Coach Jordan",
    startSeconds: 95,
    text: "That sounds realistic. I'll send you the invoice template I mentioned, the one with the hourly breakdown, tonight.",
  },
];

/** A short session (Tuesday 4 March 2025) whose commitments the default handler answers with. */
export const OPENAI_SAMPLE_INPUT: ExtractionInput = {
  segments,
  text: segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"),
  coachName: "Jordan Ellis",
  memberName: "Maya Chen",
  sessionDate: "2025-03-04",
};

/** What gpt-4.1 answered for OPENAI_SAMPLE_INPUT; every quote is in its text. */
export const OPENAI_SAMPLE_COMMITMENTS: CommitmentProposal[] = [
  {
    title: "Pull the project hours from the calendar",
    description: "Gather the hours for all three unbilled projects from the calendar, the first step before writing the invoices.",
    commitmentType: "user_commitment",
    responsibleParty: "client",
    priority: "high",
    dueDate: "2025-03-05",
    transcriptQuote: "I'll pull the hours from my calendar for all three projects tomorrow morning.",
    transcriptTimestamp: "01:08",
    confidence: 95,
    tentative: false,
  },
  {
    title: "Send the invoice to Dana",
    description: "Send Dana's invoice, the largest of the three overdue ones.",
    commitmentType: "user_commitment",
    responsibleParty: "client",
    priority: "high",
    dueDate: "2025-03-07",
    transcriptQuote: "I'll send the invoice to Dana by Friday.",
    transcriptTimestamp: "01:22",
    confidence: 96,
    tentative: false,
  },
  {
    title: "Send the two smaller invoices",
    description: "Maybe send the other two, smaller invoices over the weekend.",
    commitmentType: "user_commitment",
    responsibleParty: "client",
    priority: "low",
    dueDate: "2025-03-09",
    transcriptQuote: "The other two are smaller, I might get to them over the weekend.",
    transcriptTimestamp: "01:22",
    confidence: 70,
    tentative: true,
  },
  {
    title: "Send Maya the invoice template",
    description: "Share the invoice template with the hourly breakdown that was mentioned in an earlier session.",
    commitmentType: "coach_commitment",
    responsibleParty: "coach",
    priority: "medium",
    dueDate: "2025-03-04",
    transcriptQuote: "I'll send you the invoice template I mentioned, the one with the hourly breakdown, tonight.",
    transcriptTimestamp: "01:35",
    confidence: 93,
    tentative: false,
  },
];

/** The key points gpt-4.1 picked from OPENAI_SAMPLE_INPUT (the agenda's "From the last session"). */
export const OPENAI_SAMPLE_KEY_POINTS = [
  { quote: "So the first step is really gathering the hours, not writing the invoice.", timestamp: "01:02" },
  { quote: "I'll send the invoice to Dana by Friday.", timestamp: "01:22" },
];

type FinishReason = "stop" | "length" | "content_filter";

/** A `chat.completion` object as OpenAI answers it (non-streaming, one choice). */
export function chatCompletion(
  message: { content: string | null; refusal?: string | null },
  finishReason: FinishReason = "stop",
  model = "gpt-4.1-2025-04-14",
) {
  return {
    id: "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
    object: "chat.completion",
    created: 1_741_093_200,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: message.content, refusal: message.refusal ?? null, annotations: [] },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: {
      prompt_tokens: 912,
      completion_tokens: 431,
      total_tokens: 1343,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    },
    service_tier: "default",
    system_fingerprint: "fp_b3f1157249",
  };
}

function openaiError(status: number, message: string, type: string, code: string | null, param: string | null = null) {
  return HttpResponse.json({ error: { message, type, param, code } }, { status });
}

function unauthorized(request: Request) {
  if (request.headers.get("authorization")?.startsWith("Bearer sk-")) return null;
  return openaiError(
    401,
    "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
    "invalid_request_error",
    "invalid_api_key",
  );
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  additionalProperties?: boolean;
};

/** OpenAI's strict-mode rule: every object lists all its properties as required and allows no others. */
function strictSchemaProblem(schema: JsonSchema, path: string[] = []): string | null {
  if (schema.properties) {
    const missing = Object.keys(schema.properties).filter((key) => !schema.required?.includes(key));
    if (missing.length)
      return `In context=(${path.join(", ")}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`;
    if (schema.additionalProperties !== false)
      return `In context=(${path.join(", ")}), 'additionalProperties' is required to be supplied and to be false.`;
    for (const [key, property] of Object.entries(schema.properties)) {
      const problem = strictSchemaProblem(property, [...path, "properties", key]);
      if (problem) return problem;
    }
  }
  return schema.items ? strictSchemaProblem(schema.items, [...path, "items"]) : null;
}

interface ChatRequest {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: JsonSchema } };
}

/** Answers `body` to a well-formed, authorized request, else OpenAI's 401 or 400. */
function answering(body: (request: ChatRequest) => object) {
  return http.post(`${OPENAI_API}/chat/completions`, async ({ request }) => {
    const denied = unauthorized(request);
    if (denied) return denied;
    const chat = (await request.json()) as ChatRequest;
    if (!chat.model) return openaiError(400, "you must provide a model parameter", "invalid_request_error", null);
    if (!chat.messages?.length)
      return openaiError(400, "Missing required parameter: 'messages'.", "invalid_request_error", "missing_required_parameter", "messages");
    const format = chat.response_format?.json_schema;
    if (chat.response_format?.type === "json_schema" && format?.strict && format.schema) {
      const problem = strictSchemaProblem(format.schema);
      if (problem)
        return openaiError(
          400,
          `Invalid schema for response_format '${format.name}': ${problem}`,
          "invalid_request_error",
          null,
          "response_format",
        );
    }
    return HttpResponse.json(body(chat));
  });
}

export const openaiScenarios = {
  /** The recorded answer for OPENAI_SAMPLE_INPUT. */
  success: () =>
    answering((chat) =>
      chatCompletion(
        {
          content: JSON.stringify(
            chat.response_format?.json_schema?.name === "session_key_points" ? { keyPoints: OPENAI_SAMPLE_KEY_POINTS } : { commitments: OPENAI_SAMPLE_COMMITMENTS },
          ),
        },
        "stop",
        chat.model,
      ),
    ),
  /** Key points whose quotes are not in the transcript (a model that paraphrased); other requests go on to the default handler. */
  paraphrasedKeyPoints: () =>
    http.post(`${OPENAI_API}/chat/completions`, async ({ request }) => {
      const chat = (await request.clone().json()) as ChatRequest;
      if (chat.response_format?.json_schema?.name !== "session_key_points") return undefined;
      return HttpResponse.json(chatCompletion({ content: JSON.stringify({ keyPoints: [{ quote: "Maya will invoice Dana this week.", timestamp: "01:22" }] }) }));
    }),
  refusal: (refusal = "I'm sorry, I can't assist with that request.") => answering(() => chatCompletion({ content: null, refusal })),
  /** Content that is not JSON at all. */
  invalidJson: () => answering(() => chatCompletion({ content: '{"commitments": [{"title": "Send the invoice to Dana", "descr' })),
  /** JSON that misses fields the schema requires. */
  missingFields: () =>
    answering(() =>
      chatCompletion({ content: JSON.stringify({ commitments: [{ title: "Send the invoice to Dana", priority: "high" }] }) }),
    ),
  /** Cut off by max_completion_tokens. */
  truncated: () => answering(() => chatCompletion({ content: '{"commitments": [{"title": "Pull the project hours' }, "length")),
  contentFilter: () => answering(() => chatCompletion({ content: null }, "content_filter")),
  rateLimited: () =>
    http.post(`${OPENAI_API}/chat/completions`, () =>
      openaiError(
        429,
        "Rate limit reached for gpt-4.1 in organization org-lwcc on tokens per min (TPM): Limit 30000, Used 29410, Requested 1343. Please try again in 1.5s.",
        "tokens",
        "rate_limit_exceeded",
      ),
    ),
  quotaExceeded: () =>
    http.post(`${OPENAI_API}/chat/completions`, () =>
      openaiError(
        429,
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
        "insufficient_quota",
      ),
    ),
  serverError: () =>
    http.post(`${OPENAI_API}/chat/completions`, () =>
      openaiError(500, "The server had an error while processing your request. Sorry about that!", "server_error", null),
    ),
};

export const openaiHandlers = [openaiScenarios.success()];
