import { describe, expect, it } from 'vitest';
import { EMBEDDED_PROVIDER } from '../../../src/server/assistant/embedded-model.ts';
import { modelFromFlags, resolveModel } from '../../../src/server/assistant/models.ts';

describe('resolveModel', () => {
  it('defaults to the embedded model, which announces its own sources', () => {
    const resolved = resolveModel({});
    expect(resolved.model.provider).toBe(EMBEDDED_PROVIDER);
    expect(resolved.citesSources).toBe(true);
    expect(resolveModel({ model: 'embedded' }).model.provider).toBe(EMBEDDED_PROVIDER);
  });

  it('takes a gateway model id', () => {
    const resolved = resolveModel({ model: 'openai/gpt-5-mini' });
    expect(resolved.model.provider).toBe('gateway');
    expect(resolved.model.modelId).toBe('openai/gpt-5-mini');
    expect(resolved.citesSources).toBe(false);
  });

  it('takes any OpenAI-compatible server by base URL and model name', () => {
    const resolved = resolveModel(
      { model: 'llama3.1', baseUrl: 'http://127.0.0.1:11434/v1' },
      { MODEL_API_KEY: 'secret' },
    );
    expect(resolved.model.provider).toBe('openai-compatible.chat');
    expect(resolved.model.modelId).toBe('llama3.1');
    expect(resolved.description).toBe('llama3.1 at http://127.0.0.1:11434/v1');
    expect(() => resolveModel({ baseUrl: 'http://127.0.0.1:11434/v1' })).toThrow('--model');
  });

  it('gives a real model 60 s of silence by default, --model-timeout seconds when given', () => {
    const base = { model: 'llama3.1', 'model-base-url': 'http://127.0.0.1:11434/v1' };
    expect(modelFromFlags(base).timeoutMs).toBe(60_000);
    expect(modelFromFlags({ ...base, 'model-timeout': '2.5' }).timeoutMs).toBe(2500);
    expect(modelFromFlags({ 'model-timeout': '5' }).timeoutMs).toBeUndefined();
    for (const wrong of ['0', '-1', 'soon', '4000']) {
      expect(() => modelFromFlags({ ...base, 'model-timeout': wrong })).toThrow('--model-timeout');
    }
  });
});
