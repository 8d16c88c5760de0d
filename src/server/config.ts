/**
 * Configuration: CLI flags for one site, or a config file for several organizations, sites
 * and keys. Both end as one typed ServerConfig. To add an option, add it to `serveFlags` (and,
 * for the file, to `configFileSchema`); its parsed value is in `ServerConfig.flags`.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { z } from 'zod/v4';
import {
  IP_ASSISTANT_REQUESTS_PER_DAY,
  IP_REQUESTS_PER_MINUTE,
  KEY_PATTERN,
  KEY_PREFIX,
  ORG_REQUESTS_PER_HOUR,
} from '../api/limits.ts';
import { FRAMEWORKS, type FrameworkName } from './docs-index/frameworks/types.ts';
import type { Limits } from './types.ts';

/** Flags of `docs-assistant serve` (node:util parseArgs). */
export const serveFlags = {
  docs: { type: 'string' },
  framework: { type: 'string' },
  domain: { type: 'string', default: 'docs' },
  key: { type: 'string', multiple: true },
  port: { type: 'string', default: '8787' },
  host: { type: 'string', default: '127.0.0.1' },
  'site-url': { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  config: { type: 'string' },
  watch: { type: 'boolean', default: false },
  'trust-proxy': { type: 'string' },
  model: { type: 'string' },
  'model-base-url': { type: 'string' },
  'stream-delay-ms': { type: 'string', default: '0' },
  'data-dir': { type: 'string', default: '.docs-assistant' },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

export type ServeFlags = ReturnType<typeof parseServeFlags>;

export interface SiteConfig {
  domain: string;
  /** Absolute path of the docs folder. */
  docs: string;
  siteUrl?: string;
  /** The framework that publishes the folder; detected from it when not given. */
  framework?: FrameworkName;
  /** The site's name and description for agents (llms.txt, MCP); default: from its framework. */
  title?: string;
  description?: string;
  /** `anonymous`: agents may use the MCP server without a key. */
  mcp?: { anonymous?: boolean };
}

export interface OrganizationConfig {
  name: string;
  keys: string[];
  limits: Limits;
  sites: SiteConfig[];
}

export interface ServerConfig {
  host: string;
  port: number;
  watch: boolean;
  /** Trusted proxy hops in front of the server (X-Forwarded-For); 0: none. */
  trustProxy: number;
  corsOrigins: string[] | '*';
  organizations: OrganizationConfig[];
  /** Set when no key was configured and one was generated for this run (print it). */
  generatedKey?: string;
  /** Every parsed flag, for options that other parts of the server read. */
  flags: ServeFlags;
}

/** A configuration mistake, reported to the user without a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const keySchema = z
  .string()
  .regex(KEY_PATTERN, `keys are ${KEY_PREFIX} + 16 or more of A-Z a-z 0-9 _ -`);
const domainSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, 'a domain is one DNS label');
const frameworkSchema = z.enum(FRAMEWORKS);
const limitsSchema = z.looseObject({
  orgPerHour: z.int().positive().optional(),
  ipPerDay: z.int().positive().optional(),
  ipPerMinute: z.int().positive().optional(),
});

export const configFileSchema = z.looseObject({
  host: z.string().optional(),
  port: z.int().min(0).max(65_535).optional(),
  corsOrigins: z.union([z.literal('*'), z.array(z.string())]).optional(),
  /** Trusted proxy hops; `true` is one, `false` none. */
  trustProxy: z.union([z.boolean(), z.int().min(0).max(10)]).optional(),
  limits: limitsSchema.optional(),
  organizations: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        keys: z.array(keySchema).min(1),
        limits: limitsSchema.optional(),
        sites: z
          .array(
            z.looseObject({
              domain: domainSchema,
              docs: z.string().min(1),
              siteUrl: z.url().optional(),
              framework: frameworkSchema.optional(),
              title: z.string().min(1).optional(),
              description: z.string().min(1).optional(),
              mcp: z.looseObject({ anonymous: z.boolean().optional() }).optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

export function parseServeFlags(args: string[]) {
  try {
    return parseArgs({
      args: withTrustProxyValue(args),
      options: serveFlags,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** A bare `--trust-proxy` (the old boolean form) means one trusted proxy. */
function withTrustProxyValue(args: string[]): string[] {
  return args.flatMap((arg, index) => {
    const next = args[index + 1];
    const bare = arg === '--trust-proxy' && (next === undefined || next.startsWith('--'));
    return bare ? [arg, '1'] : [arg];
  });
}

/** The `--trust-proxy` value as a number of hops. */
function parseHops(value: string | undefined): number {
  if (value === undefined || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new ConfigError(`--trust-proxy must be a number of proxy hops (0-10), not ${value}`);
  }
  return hops;
}

/** A fresh public key: the prefix and 24 URL-safe random characters. */
export function generateKey(): string {
  return `${KEY_PREFIX}${randomBytes(18).toString('base64url')}`;
}

export async function loadConfig(args: string[], cwd = process.cwd()): Promise<ServerConfig> {
  const flags = parseServeFlags(args);
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`--port must be a port number, not ${flags.port}`);
  }
  const base = {
    host: flags.host,
    port,
    watch: flags.watch,
    trustProxy: parseHops(flags['trust-proxy']),
    corsOrigins: flags['cors-origin'] ?? ('*' as const),
    flags,
  };
  if (flags.config) return { ...base, ...(await readConfigFile(resolve(cwd, flags.config), args)) };
  if (!flags.docs) throw new ConfigError('--docs <folder> or --config <file> is required');
  check(domainSchema, flags.domain, '--domain');
  for (const key of flags.key ?? []) check(keySchema, key, '--key');
  if (flags['site-url']) check(z.url(), flags['site-url'], '--site-url');
  const framework = flags.framework && check(frameworkSchema, flags.framework, '--framework');
  const generatedKey = flags.key?.length ? undefined : generateKey();
  const site: SiteConfig = { domain: flags.domain, docs: resolve(cwd, flags.docs) };
  if (flags['site-url']) site.siteUrl = flags['site-url'];
  if (framework) site.framework = framework;
  return {
    ...base,
    organizations: [
      {
        name: 'default',
        keys: flags.key?.length ? flags.key : [generatedKey!],
        limits: {
          orgPerHour: ORG_REQUESTS_PER_HOUR,
          ipPerDay: IP_ASSISTANT_REQUESTS_PER_DAY,
          ipPerMinute: IP_REQUESTS_PER_MINUTE,
        },
        sites: [site],
      },
    ],
    ...(generatedKey && { generatedKey }),
  };
}

async function readConfigFile(path: string, args: string[]) {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`cannot read ${path}: ${(error as Error).message}`);
  }
  const file = check(configFileSchema, json, path);
  const given = (flag: string) => args.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
  const defaults: Limits = {
    orgPerHour: file.limits?.orgPerHour ?? ORG_REQUESTS_PER_HOUR,
    ipPerDay: file.limits?.ipPerDay ?? IP_ASSISTANT_REQUESTS_PER_DAY,
    ipPerMinute: file.limits?.ipPerMinute ?? IP_REQUESTS_PER_MINUTE,
  };
  const organizations: OrganizationConfig[] = file.organizations.map((organization) => ({
    name: organization.name,
    keys: organization.keys,
    limits: {
      orgPerHour: organization.limits?.orgPerHour ?? defaults.orgPerHour,
      ipPerDay: organization.limits?.ipPerDay ?? defaults.ipPerDay,
      ipPerMinute: organization.limits?.ipPerMinute ?? defaults.ipPerMinute,
    },
    sites: organization.sites.map((site) => ({
      domain: site.domain,
      docs: resolve(dirname(path), site.docs),
      ...(site.siteUrl && { siteUrl: site.siteUrl }),
      ...(site.framework && { framework: site.framework }),
      ...(site.title && { title: site.title }),
      ...(site.description && { description: site.description }),
      ...(site.mcp && { mcp: { anonymous: site.mcp.anonymous === true } }),
    })),
  }));
  assertUnique(
    organizations.map((organization) => organization.name),
    'organization name',
  );
  assertUnique(
    organizations.flatMap((organization) => organization.keys),
    'key',
  );
  assertUnique(
    organizations.flatMap((organization) => organization.sites.map((site) => site.domain)),
    'domain',
  );
  // Flags given on the command line win over the file.
  return {
    organizations,
    ...(file.host && !given('--host') && { host: file.host }),
    ...(file.port !== undefined && !given('--port') && { port: file.port }),
    ...(file.corsOrigins && !given('--cors-origin') && { corsOrigins: file.corsOrigins }),
    ...(file.trustProxy !== undefined &&
      !given('--trust-proxy') && { trustProxy: Number(file.trustProxy) }),
  };
}

function check<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const at = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new ConfigError(`${where}${at}: ${issue.message}`);
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new ConfigError(`the ${what} ${value} appears twice in the config`);
    seen.add(value);
  }
}
