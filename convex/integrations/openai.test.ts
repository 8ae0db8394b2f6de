import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatCompletion, OPENAI_API, OPENAI_SAMPLE_COMMITMENTS, OPENAI_SAMPLE_INPUT, openaiScenarios } from "../../tests/mocks/openai";
import { server } from "../../tests/mocks/server";
import { keepGrounded } from "../model/extraction";
import { ExtractionError, extractWithOpenAI, OPENAI_DEFAULT_MODEL, OPENAI_MAX_TRANSCRIPT_CHARS, openaiConfigured } from "./openai";

const COMPLETIONS = `${OPENAI_API}/chat/completions`;

interface SentRequest {
  authorization: string | null;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
    max_completion_tokens: number;
  };
}

/** Records what is sent, then lets the other handlers answer (a resolver that returns nothing falls through). */
function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  server.use(
    http.post(COMPLETIONS, async ({ request }) => {
      sent.push({ authorization: request.headers.get("authorization"), body: (await request.clone().json()) as SentRequest["body"] });
    }),
  );
  return sent;
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

beforeEach(() => vi.stubEnv("OPENAI_API_KEY", "sk-test-123"));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("openaiConfigured", () => {
  it("is true only with a non-blank OPENAI_API_KEY", () => {
    expect(openaiConfigured()).toBe(true);
    vi.stubEnv("OPENAI_API_KEY", "  ");
    expect(openaiConfigured()).toBe(false);
  });
});

describe("the request", () => {
  it("asks the default model for a strict JSON schema, with the key and the timestamped transcript", async () => {
    const sent = recordRequests();
    await extractWithOpenAI(OPENAI_SAMPLE_INPUT);
    expect(sent).toHaveLength(1);
    const { authorization, body } = sent[0]!;
    expect(authorization).toBe("Bearer sk-test-123");
    expect(body.model).toBe(OPENAI_DEFAULT_MODEL);
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "session_commitments", strict: true } });
    expect(body.response_format.json_schema.schema).toMatchObject({
      type: "object",
      required: ["commitments"],
      additionalProperties: false,
      properties: {
        commitments: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: Object.keys(OPENAI_SAMPLE_COMMITMENTS[0]!),
            properties: {
              dueDate: { type: ["string", "null"] },
              commitmentType: { enum: ["user_commitment", "coach_commitment", "mutual_agreement"] },
              responsibleParty: { enum: ["client", "coach", "both"] },
              priority: { enum: ["low", "medium", "high", "urgent"] },
            },
          },
        },
      },
    });
    const [system, user] = body.messages;
    expect(system).toMatchObject({ role: "system" });
    expect(system!.content).toContain("character for character");
    expect(user).toMatchObject({ role: "user" });
    expect(user!.content).toContain("Coach: Jordan Ellis\nMember (client): Maya Chen\nSession date: Tuesday, 2025-03-04");
    expect(user!.content).toContain(
      "[01:08] Maya: Right. Okay. I'll pull the hours from my calendar for all three projects tomorrow morning.\n[01:17] Coach Jordan:",
    );
  });

  it("uses OPENAI_MODEL when it is set", async () => {
    vi.stubEnv("OPENAI_MODEL", "gpt-4o-2024-08-06");
    const sent = recordRequests();
    await extractWithOpenAI(OPENAI_SAMPLE_INPUT);
    expect(sent[0]!.body.model).toBe("gpt-4o-2024-08-06");
  });

  it("refuses a transcript over the limit without sending it", async () => {
    const sent = recordRequests();
    const text = "x".repeat(OPENAI_MAX_TRANSCRIPT_CHARS);
    const error = await failure(extractWithOpenAI({ ...OPENAI_SAMPLE_INPUT, segments: [{ startSeconds: 0, text }], text }));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/too long for automatic extraction \(200,008 characters; the limit is 200,000\)/);
    expect(sent).toHaveLength(0);
  });

  it("is not made without a key", async () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    const error = await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    expect(error).toMatchObject({ retryable: false, message: "OpenAI is not configured (OPENAI_API_KEY is not set)." });
  });
});

describe("the answer", () => {
  it("is the commitments of the structured output, every quote grounded in the transcript", async () => {
    const proposals = await extractWithOpenAI(OPENAI_SAMPLE_INPUT);
    expect(proposals).toEqual(OPENAI_SAMPLE_COMMITMENTS);
    expect(keepGrounded(OPENAI_SAMPLE_INPUT.text, proposals)).toEqual({ kept: OPENAI_SAMPLE_COMMITMENTS, discarded: 0 });
  });

  it("comes back as plain proposals, without keys the schema does not have", async () => {
    const extra = { commitments: [{ ...OPENAI_SAMPLE_COMMITMENTS[0], speakerName: "Maya" }] };
    server.use(http.post(COMPLETIONS, () => HttpResponse.json(chatCompletion({ content: JSON.stringify(extra) }))));
    expect(await extractWithOpenAI(OPENAI_SAMPLE_INPUT)).toEqual([OPENAI_SAMPLE_COMMITMENTS[0]]);
  });

  it("may be an empty list", async () => {
    server.use(http.post(COMPLETIONS, () => HttpResponse.json(chatCompletion({ content: '{"commitments":[]}' }))));
    expect(await extractWithOpenAI(OPENAI_SAMPLE_INPUT)).toEqual([]);
  });
});

describe("failures", () => {
  it("a refusal is final and says what the model said", async () => {
    server.use(openaiScenarios.refusal("I'm sorry, I can't help with that."));
    const error = await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    expect(error).toMatchObject({
      retryable: false,
      message: "OpenAI declined to read this transcript: I'm sorry, I can't help with that.",
    });
  });

  it("content that is not JSON may pass on another attempt", async () => {
    server.use(openaiScenarios.invalidJson());
    expect(await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).toMatchObject({
      retryable: true,
      message: "OpenAI's answer is not valid JSON.",
    });
  });

  it("JSON that misses required fields, or has a value outside an enum, does not match the schema", async () => {
    server.use(openaiScenarios.missingFields());
    const missing = await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    expect(missing.retryable).toBe(true);
    expect(missing.message).toMatch(/^OpenAI's answer does not match the commitments schema \(commitments\.0\.description: /);

    const badEnum = { commitments: [{ ...OPENAI_SAMPLE_COMMITMENTS[0], priority: "critical" }] };
    server.use(http.post(COMPLETIONS, () => HttpResponse.json(chatCompletion({ content: JSON.stringify(badEnum) }))));
    expect((await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).message).toContain("commitments.0.priority");
  });

  it("an answer cut off by the token limit may pass on another attempt; a filtered one will not", async () => {
    server.use(openaiScenarios.truncated());
    expect(await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).toMatchObject({
      retryable: true,
      message: "OpenAI's answer was cut off at 16,384 tokens.",
    });
    server.use(openaiScenarios.contentFilter());
    expect(await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).toMatchObject({
      retryable: false,
      message: "OpenAI's content filter withheld the answer.",
    });
  });

  it("a rate limit or an outage is retryable and carries OpenAI's message", async () => {
    server.use(openaiScenarios.rateLimited());
    const limited = await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    expect(limited.retryable).toBe(true);
    expect(limited.message).toMatch(/^OpenAI answered 429: Rate limit reached for gpt-4\.1/);

    server.use(openaiScenarios.serverError());
    expect(await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).toMatchObject({
      retryable: true,
      message: "OpenAI answered 500: The server had an error while processing your request. Sorry about that!",
    });

    server.use(http.post(COMPLETIONS, () => HttpResponse.error()));
    const unreachable = await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toMatch(/^OpenAI could not be reached: /);
  });

  it("a request that hangs times out within the action's time limit, and may pass later", async () => {
    vi.useFakeTimers();
    server.use(http.post(COMPLETIONS, () => new Promise<never>(() => {})));
    const pending = failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    await vi.advanceTimersByTimeAsync(8 * 60_000);
    expect(await pending).toMatchObject({ retryable: true, message: "OpenAI could not be reached: Request timed out." });
  });

  it("is one request per attempt: the SDK does not retry on its own, the pipeline does", async () => {
    for (const scenario of [openaiScenarios.serverError(), openaiScenarios.rateLimited()]) {
      server.use(scenario);
      const sent = recordRequests();
      expect((await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).retryable).toBe(true);
      expect(sent).toHaveLength(1);
    }
  });

  it("a wrong key or an exhausted quota is not retried", async () => {
    vi.stubEnv("OPENAI_API_KEY", "not-a-key");
    const unauthorized = await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT));
    expect(unauthorized.retryable).toBe(false);
    expect(unauthorized.message).toMatch(/^OpenAI answered 401: Incorrect API key provided/);

    vi.stubEnv("OPENAI_API_KEY", "sk-test-123");
    server.use(openaiScenarios.quotaExceeded());
    expect(await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).toMatchObject({
      retryable: false,
      message: "OpenAI answered 429: You exceeded your current quota, please check your plan and billing details.",
    });
  });

  it("an answer without a message is retryable", async () => {
    server.use(http.post(COMPLETIONS, () => HttpResponse.json({ ...chatCompletion({ content: null }), choices: [] })));
    expect(await failure(extractWithOpenAI(OPENAI_SAMPLE_INPUT))).toMatchObject({
      retryable: true,
      message: "OpenAI answered without a message.",
    });
  });
});
