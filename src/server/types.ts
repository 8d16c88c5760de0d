/**
 * The server's domain model and the Hono environment every route shares. Routes read the
 * site a request is for with `c.get('site')`: auth has resolved it from key and domain.
 */
import type { HttpBindings } from '@hono/node-server';
import type { DocsIndex } from './docs-index/types.ts';
import type { InsightsSettings } from './insights/insights.ts';
import type { OriginPolicy } from './middleware/origins.ts';

/** Request limits of an organization (requests per window). */
export interface Limits {
  /** Requests per organization per hour, on every documented endpoint. */
  orgPerHour: number;
  /** Requests per client IP per day, on the assistant endpoints. */
  ipPerDay: number;
  /** Requests per client IP per minute, on page and search; default 600. */
  ipPerMinute?: number;
}

/** One documentation site, ready to serve. */
export interface Site {
  /** The `{domain}` path parameter that names the site. */
  domain: string;
  /** Published address of the docs, for absolute links to pages. */
  siteUrl?: string;
  index: DocsIndex;
  /** The site's name and description (config file); else read from its framework or home page. */
  title?: string;
  description?: string;
  /** The docs folder, read only for the framework's site name (pages come from `index`). */
  docs?: string;
  /** MCP server options: `anonymous` lets agents connect without a key. */
  mcp?: { anonymous?: boolean };
  /** The browser origins allowed to call with this site's keys; absent: any. */
  origins?: OriginPolicy;
  /** What insights record for the site; absent: everything (questions included). */
  insights?: InsightsSettings;
}

/** Owner of sites and keys. */
export interface Organization {
  name: string;
  keys: string[];
  /** Secret keys that read the organization's insights (`da_admin_…`); never public keys. */
  adminKeys?: string[];
  limits: Limits;
  sites: Site[];
}

/** Variables set by the middleware for the handlers after it. */
export interface AppVariables {
  /** The site of `{domain}`, owned by the key's organization. */
  site: Site;
  organization: Organization;
  /**
   * Set by the assistant routes: the question, and when the streamed answer ends with the
   * model's failure if it failed in the middle (logs).
   */
  answer?: { question: string; done: Promise<{ error?: string }> };
  /** Set by the assistant routes when the model failed before its answer started (502). */
  modelError?: string;
  /**
   * How many requests the rate limits count this one as; default 1. MCP sets it for the rest
   * of a JSON-RPC batch, whose every message is a request of its own.
   */
  requestCost?: number;
}

/**
 * Hono environment of the app. Bindings are the Node request/response when served by
 * @hono/node-server; absent under `app.request()` in tests.
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: AppVariables;
}
