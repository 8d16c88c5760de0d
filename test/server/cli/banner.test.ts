import { describe, expect, it } from 'vitest';
import { startupBanner } from '../../../src/server/cli/banner.ts';
import { loadConfig } from '../../../src/server/config.ts';

const KEY = 'da_dsc_banner0123456789abcdef';

describe('the start-up banner', () => {
  it('prints the exact script tag to paste, with the domain and key', async () => {
    const config = await loadConfig(['--docs', '.', '--domain', 'acme', '--key', KEY]);
    const lines = startupBanner(config, 'http://127.0.0.1:8787', true);
    expect(lines[0]).toBe('docs-assistant listening on http://127.0.0.1:8787 (domains: acme)');
    expect(lines).toContain(
      `  <script type="module" src="http://127.0.0.1:8787/widget/docs-assistant.js" data-domain="acme" data-api-key="${KEY}"></script>`,
    );
    expect(lines.join('\n')).not.toContain("this run's key");
    expect(lines.join('\n')).not.toContain('No built widget');
  });

  it('names a generated key, and prints no script tag without a built widget', async () => {
    const config = await loadConfig(['--docs', '.']);
    const lines = startupBanner(config, 'http://[::1]:9000', false);
    expect(lines).toContain(`No --key given; this run's key is ${config.generatedKey}`);
    expect(lines.join('\n')).not.toContain('<script');
    expect(lines.at(-1)).toMatch(/^No built widget found .*npm run build/);
  });

  it('says where a remembered key is kept, and whether it is new', async () => {
    const config = await loadConfig(['--docs', '.']);
    const kept = { key: KEY, file: '.docs-assistant/key' };
    const first = startupBanner(config, 'http://127.0.0.1:1', true, { ...kept, created: true });
    expect(first[1]).toBe(`No --key given; the key is ${KEY} (new, kept in .docs-assistant/key)`);
    const later = startupBanner(config, 'http://127.0.0.1:1', true, { ...kept, created: false });
    expect(later[1]).toBe(`No --key given; the key is ${KEY} (kept in .docs-assistant/key)`);
    expect(later.at(-1)).toContain(`data-api-key="${config.organizations[0]!.keys[0]}"`);
  });
});
