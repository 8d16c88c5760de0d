/**
 * Every response body the routes send parses with its schema in src/api/schemas.ts, the one
 * definition the widget's types come from: a route that drifts from the contract fails here.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import {
  assistantMessageMetadataSchema,
  errorResponseSchema,
  pageResponseSchema,
  searchResponseSchema,
  searchToolInputSchema,
} from '../../../src/api/schemas.ts';
import { assistantBody, readSse } from '../../support/assistant-streams.ts';
import { organizations, post, testApp } from '../../support/server.ts';

/** The parsed body, or the schema's complaint as the failure message. */
function conforms<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data!;
}

describe('response bodies match the contract schemas', () => {
  const app = testApp();

  it('search results, with and without a site URL', async () => {
    const withoutUrl = organizations();
    delete withoutUrl[0]!.sites[0]!.siteUrl;
    for (const target of [app, testApp({ organizations: withoutUrl })]) {
      const response = await target.request('/v1/search/acme', post({ query: 'accent colour' }));
      const results = conforms(searchResponseSchema, await response.json());
      expect(results.length).toBeGreaterThan(0);
    }
  });

  it('a page', async () => {
    const response = await app.request('/v1/page/acme', post({ path: 'docs/guides/theming' }));
    conforms(pageResponseSchema, await response.json());
  });

  it('errors, with issues on validation errors', async () => {
    const responses = [
      await app.request('/v1/page/acme', post({ path: 'nope' })),
      await app.request('/v1/search/acme', post({ query: 3 })),
      await app.request('/v1/search/acme', post({ query: 'x' }, 'da_dsc_bad')),
      await app.request('/v2/assistant/acme/message', post({ fp: 'anonymous' })),
    ];
    const bodies = await Promise.all(responses.map((response) => response.json()));
    for (const body of bodies) conforms(errorResponseSchema, body);
    expect(bodies[1].issues.length).toBeGreaterThan(0);
  });

  it('the assistant stream: search tool input and output, finish metadata', async () => {
    const response = await app.request(
      '/v2/assistant/acme/message',
      post(assistantBody('How do I set the accent colour?')),
    );
    const { chunks } = await readSse(response);
    const input = chunks.find((chunk) => chunk.type === 'tool-input-available')!;
    conforms(searchToolInputSchema, input.input);
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!;
    expect(conforms(searchResponseSchema, output.output).length).toBeGreaterThan(0);
    const finish = chunks.at(-1)!;
    const metadata = conforms(assistantMessageMetadataSchema, finish.messageMetadata);
    expect(metadata.threadId).toBe(response.headers.get('x-thread-id'));
  });
});
