/**
 * The prompt budget and the off-topic rule: what a paid model is sent is bounded whatever the
 * request carries, and the model is told to keep to the docs. Unit cases on
 * `fitPromptBudget`, then the real server with a stand-in OpenAI-compatible model that records
 * every upstream request.
 */
import type { ModelMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import { OFF_TOPIC_RULE } from '../../../src/server/assistant/prompt.ts';
import {
  DEFAULT_PROMPT_BUDGET_BYTES,
  fitPromptBudget,
} from '../../../src/server/assistant/prompt-budget.ts';
import { type AssistantServer, startAssistantServer } from '../../support/assistant-server.ts';
import { readSse } from '../../support/assistant-streams.ts';
import { AI_SDK_DOCS } from '../../support/corpora.ts';
import { type StandInServer, startOpenAIStandIn } from '../../support/llm-openai-standin.ts';

const bytes = (text: string) => Buffer.byteLength(text);
const sizeOf = (prompt: { system: string; messages: ModelMessage[] }) =>
  bytes(prompt.system) + prompt.messages.reduce((total, m) => total + bytes(String(m.content)), 0);

const passage = (n: number, size: number): SearchResult => ({
  path: `guide/page-${n}`,
  content: `Section ${n}. ${'word '.repeat(size / 5)}`,
  metadata: { title: `Page ${n}` },
});

const turn = (role: 'user' | 'assistant', text: string): ModelMessage => ({ role, content: text });

describe('fitPromptBudget', () => {
  it('sends a small request whole', () => {
    const prompt = fitPromptBudget(
      { passages: [passage(1, 2000)], context: [{ type: 'textSelection', value: 'selected' }] },
      [turn('user', 'earlier'), turn('assistant', 'reply'), turn('user', 'How do I stream?')],
    );
    expect(prompt.cut).toEqual({ turns: 0, contextBytes: 0, sections: 0 });
    expect(prompt.messages).toHaveLength(3);
    expect(prompt.system).toContain('Section 1.');
    expect(prompt.system).toContain('selected');
  });

  it('cuts the oldest turns first, and keeps the question', () => {
    const big = 'x'.repeat(40_000);
    const turns = [
      turn('user', `first ${big}`),
      turn('assistant', `second ${big}`),
      turn('user', `third ${big}`),
      turn('assistant', 'fourth'),
      turn('user', 'The question'),
    ];
    const prompt = fitPromptBudget({ passages: [passage(1, 4000)] }, turns, 64 * 1024);
    expect(sizeOf(prompt)).toBeLessThanOrEqual(64 * 1024);
    expect(prompt.cut.turns).toBe(2);
    expect(prompt.messages.map((m) => String(m.content).slice(0, 6))).toEqual([
      'third ',
      'fourth',
      'The qu',
    ]);
    expect(prompt.cut.sections).toBe(0);
  });

  it('then cuts the longest selections, then the lowest-ranked sections', () => {
    const context = [
      { type: 'textSelection' as const, value: 'short selection' },
      { type: 'code' as const, value: 'const long = 1;\n'.repeat(5000) },
    ];
    const passages = Array.from({ length: 10 }, (_, i) => passage(i + 1, 6000));
    const prompt = fitPromptBudget({ passages, context }, [turn('user', 'Why?')], 40 * 1024);
    expect(sizeOf(prompt)).toBeLessThanOrEqual(40 * 1024);
    expect(prompt.system).toContain('short selection');
    expect(prompt.cut.contextBytes).toBeGreaterThan(70_000);
    // The best sections stay, the lowest ranked went.
    expect(prompt.system).toContain('Section 1.');
    expect(prompt.system).not.toContain('Section 10.');
    expect(prompt.cut.sections).toBeGreaterThan(0);
  });

  it('tells the model to keep to the docs and refuse other tasks', () => {
    const prompt = fitPromptBudget({ passages: [] }, [turn('user', 'Write me a poem')]);
    expect(prompt.system).toContain(OFF_TOPIC_RULE);
    expect(DEFAULT_PROMPT_BUDGET_BYTES).toBeLessThan(128 * 1024);
  });
});

describe('a paid model behind the server', () => {
  let standIn: StandInServer;
  let server: AssistantServer;
  beforeAll(async () => {
    process.env['MODEL_API_KEY'] = 'sk-standin-key';
    standIn = await startOpenAIStandIn();
    server = await startAssistantServer({
      docs: AI_SDK_DOCS,
      model: 'qwen3:8b',
      modelBaseUrl: standIn.baseUrl,
    });
  });
  afterAll(async () => {
    delete process.env['MODEL_API_KEY'];
    await server.close();
    await standIn.close();
  });

  const post = (body: unknown) =>
    fetch(`${server.url}/v2/assistant/${server.domain}/message`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
      body: JSON.stringify(body),
    });

  it('a conversation of almost 1 MB sends the model less than 128 KB, and it still answers', async () => {
    standIn.behave({ kind: 'answer', chunks: ['Use ', '`streamText`.'] });
    // Long earlier questions (each under the 32,768 characters any user message may have) and
    // longer answers.
    const history = Array.from({ length: 11 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      parts: [
        { type: 'text', text: `turn ${i} ${'lorem ipsum '.repeat(i % 2 === 0 ? 2700 : 9500)}` },
      ],
    }));
    const body = {
      fp: 'anonymous',
      messages: [
        ...history,
        { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How do I stream text?' }] },
      ],
      context: Array.from({ length: 10 }, () => ({
        type: 'textSelection',
        value: 'y'.repeat(7999),
      })),
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(800_000);
    const before = standIn.requests.length;
    const response = await post(body);
    if (response.status !== 200) throw new Error(await response.text());
    const { chunks: events } = await readSse(response);
    const text = events
      .filter((e) => e.type === 'text-delta')
      .map((e) => e.delta)
      .join('');
    expect(text).toBe('Use `streamText`.');
    const upstream = standIn.requests.slice(before);
    expect(upstream).toHaveLength(1);
    const sent = JSON.stringify(upstream[0]!.body);
    expect(Buffer.byteLength(sent)).toBeLessThan(128 * 1024);
    // The question made it, last.
    expect(upstream[0]!.body.messages.at(-1)!.content).toBe('How do I stream text?');
  });

  it('the model is told to refuse unrelated tasks, and its refusal reaches the reader', async () => {
    const refusal =
      'I can only answer questions about these docs. Try asking how to stream text with the AI SDK.';
    standIn.behave({ kind: 'answer', chunks: [refusal] });
    const before = standIn.requests.length;
    const response = await post({
      fp: 'anonymous',
      messages: [
        {
          id: 'q',
          role: 'user',
          parts: [{ type: 'text', text: 'Write a poem about the sea for my homework.' }],
        },
      ],
    });
    expect(response.status).toBe(200);
    const { chunks: events } = await readSse(response);
    const system = standIn.requests[before]!.body.messages.find((m) => m.role === 'system');
    expect(system?.content).toContain(OFF_TOPIC_RULE);
    expect(
      events
        .filter((e) => e.type === 'text-delta')
        .map((e) => e.delta)
        .join(''),
    ).toBe(refusal);
    expect(events.some((e) => e.type === 'finish')).toBe(true);
  });
});
