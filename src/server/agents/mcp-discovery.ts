/**
 * How an MCP client finds a site's server. The MCP specification names no discovery document
 * yet; the Server Card extension (SEP-2127, experimental, `modelcontextprotocol/
 * experimental-ext-server-card`) describes a server in JSON and is still changing where cards
 * are listed. `/.well-known/mcp.json` is this project's own small document: `servers`, one Server
 * Card per site, so that a client that reads cards reads these entries as they are.
 */
import type { Site } from '../types.ts';
import type { SiteAbout } from './site-about.ts';

export const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export interface ServerCard {
  $schema: string;
  /** Reverse-DNS namespace of the host, `/`, the domain: `dev.acme.docs/acme`. */
  name: string;
  version: string;
  /** At most 100 characters (Server Card schema). */
  description: string;
  title: string;
  websiteUrl?: string;
  remotes: {
    type: 'streamable-http';
    url: string;
    headers: { name: string; description: string; isRequired: boolean; isSecret: boolean }[];
  }[];
  _meta: Record<string, unknown>;
}

/** `base`: the server's public address and mount path, without a trailing slash. */
export function serverCard(
  site: Site,
  about: SiteAbout,
  base: string,
  hostname: string,
  version: string,
): ServerCard {
  const anonymous = site.mcp?.anonymous === true;
  const namespace = reverseDns(hostname);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${namespace || 'localhost'}/${site.domain}`,
    version,
    description: truncate(
      about.description ?? `Search and read the ${about.title} documentation`,
      100,
    ),
    title: truncate(`${about.title} docs`, 100),
    ...(site.siteUrl && { websiteUrl: site.siteUrl }),
    remotes: [
      {
        type: 'streamable-http',
        url: `${base}/mcp/${site.domain}`,
        headers: [
          {
            name: 'Authorization',
            description: anonymous
              ? "Optional: Bearer and the site's public key (da_dsc_…)"
              : "Bearer and the site's public key (da_dsc_…), the one its docs widget uses",
            isRequired: !anonymous,
            isSecret: false,
          },
        ],
      },
    ],
    _meta: {
      'docs-assistant/domain': site.domain,
      'docs-assistant/llms-txt': `${base}/llms/${site.domain}/llms.txt`,
    },
  };
}

/** `assistant.acme.dev` -> `dev.acme.assistant`; an IP address stays as it is. */
function reverseDns(hostname: string): string {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host.replace(/[^\w.-]/g, '-');
  return host
    .split('.')
    .reverse()
    .join('.')
    .replace(/[^\w.-]/g, '-');
}

function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
