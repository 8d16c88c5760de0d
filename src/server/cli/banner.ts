/** What `docs-assistant serve` prints once it answers: where, for which sites, how to embed. */
import type { ServerConfig } from '../config.ts';
import type { RememberedKey } from './remembered-key.ts';

export function startupBanner(
  config: ServerConfig,
  url: string,
  widget: boolean,
  remembered?: Pick<RememberedKey, 'key' | 'file' | 'created'>,
): string[] {
  const sites = config.organizations.flatMap((organization) =>
    organization.sites.map((site) => ({ domain: site.domain, key: organization.keys[0]! })),
  );
  const lines = [
    `docs-assistant listening on ${url} (domains: ${sites.map((s) => s.domain).join(', ')})`,
  ];
  if (remembered) {
    const kept = `${remembered.created ? 'new, ' : ''}kept in ${remembered.file}`;
    lines.push(`No --key given; the key is ${remembered.key} (${kept})`);
  } else if (config.generatedKey) {
    lines.push(`No --key given; this run's key is ${config.generatedKey}`);
  }
  if (widget) {
    lines.push('Add the assistant to a docs page with:');
    for (const site of sites) {
      lines.push(
        `  <script type="module" src="${url}/widget/docs-assistant.js" data-domain="${site.domain}" data-api-key="${site.key}"></script>`,
      );
    }
  } else {
    // Run from a clone before any build: say why no script tag is printed and /widget/ is empty.
    lines.push(
      'No built widget found (dist/widget), so /widget/ serves nothing: run `npm run build` to serve the script tag.',
    );
  }
  return lines;
}
