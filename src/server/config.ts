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
  ADMIN_KEY_PATTERN,
  ADMIN_KEY_PREFIX,
  IP_ASSISTANT_REQUESTS_PER_DAY,
  IP_REQUESTS_PER_MINUTE,
  KEY_PATTERN,
  KEY_PREFIX,
  ORG_REQUESTS_PER_HOUR,
} from '../api/limits.ts';
import { DEFAULT_PROMPT_BUDGET_BYTES } from './assistant/prompt-budget.ts';
import { closestFlag, withFlagHint } from './cli/flag-hint.ts';
import { FRAMEWORKS, type FrameworkName } from './docs-index/frameworks/types.ts';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './http-limits.ts';
import type { InsightsSettings } from './insights/insights.ts';
import { normalizeOriginPattern, type OriginPolicy } from './middleware/origins.ts';
import { DEFAULT_RETENTION_DAYS, type StoreSettings } from './stores/open-stores.ts';
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
  'base-path': { type: 'string' },
  model: { type: 'string' },
  'model-base-url': { type: 'string' },
  'model-timeout': { type: 'string' },
  'model-retries': { type: 'string' },
  'stream-delay-ms': { type: 'string', default: '0' },
  'data-dir': { type: 'string', default: '.docs-assistant' },
  'allowed-origin': { type: 'string', multiple: true },
  'require-origin': { type: 'boolean', default: false },
  'prompt-budget': { type: 'string' },
  'max-connections': { type: 'string' },
  'max-connections-per-address': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'database-url': { type: 'string' },
  'redis-url': { type: 'string' },
  'ready-without-redis': { type: 'boolean', default: false },
  'retention-days': { type: 'string' },
  'shutdown-grace': { type: 'string' },
  'log-format': { type: 'string' },
  'log-questions': { type: 'boolean', default: false },
  'admin-key': { type: 'string', multiple: true },
  insights: { type: 'string' },
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
  /** Browser origins allowed to call with the site's keys (the domain allowlist). */
  origins?: OriginPolicy;
  /** What insights record (`logging`, `logQuestions`); absent: everything. */
  insights?: InsightsSettings;
}

export interface OrganizationConfig {
  name: string;
  keys: string[];
  adminKeys?: string[];
  limits: Limits;
  sites: SiteConfig[];
}

export interface ServerConfig {
  host: string;
  port: number;
  watch: boolean;
  /** Trusted proxy hops in front of the server (X-Forwarded-For); 0: none. */
  trustProxy: number;
  /**
   * The path every route answers under (`/assistant`), for a proxy that forwards a path of
   * the public site as it stands; absent: the root.
   */
  basePath?: string;
  corsOrigins: string[] | '*';
  /** Most bytes a real model is sent per answer (see assistant/prompt-budget.ts). */
  promptBudget: number;
  /** Connection cap and request timeouts of the HTTP server. */
  http: HttpLimits;
  /** Where threads are kept (SQLite in the data folder, PostgreSQL, or memory). */
  stores: StoreSettings;
  /** Seconds answers in flight get to finish when the server stops; default 10. */
  shutdownGraceSeconds: number;
  /** Request log lines: `pretty` (default on a terminal), `json` (default otherwise). */
  logFormat: 'pretty' | 'json';
  logQuestions: boolean;
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
const adminKeySchema = z
  .string()
  .regex(
    ADMIN_KEY_PATTERN,
    `admin keys are ${ADMIN_KEY_PREFIX} + 24 or more of A-Z a-z 0-9 _ - (random: they are secrets)`,
  );
const domainSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, 'a domain is one DNS label');
const frameworkSchema = z.enum(FRAMEWORKS);
const originSchema = z.string().transform((value, ctx) => {
  try {
    return normalizeOriginPattern(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
/** The domain allowlist, at the top, per organization and per site (the nearest one wins). */
const originPolicyFields = {
  allowedOrigins: z.array(originSchema).min(1).optional(),
  requireOrigin: z.boolean().optional(),
};
const limitsSchema = z.strictObject({
  orgPerHour: z.int().positive().optional(),
  ipPerDay: z.int().positive().optional(),
  ipPerMinute: z.int().positive().optional(),
});

/** A size in bytes: a number, or a string such as "96k", "96KB" or "1m". */
const sizeSchema = z.union([z.int().positive(), z.string()]).transform((value, ctx) => {
  const bytes = typeof value === 'number' ? value : parseSize(value);
  if (bytes === undefined || bytes < 16 * 1024) {
    ctx.addIssue({ code: 'custom', message: `${value} is not a size of at least 16k (96k, 1m)` });
    return z.NEVER;
  }
  return bytes;
});
const secondsSchema = z.number().positive().max(3600);
const httpSchema = z.strictObject({
  maxConnections: z.int().positive().optional(),
  maxConnectionsPerAddress: z.int().positive().optional(),
  headersTimeout: secondsSchema.optional(),
  requestTimeout: secondsSchema.optional(),
  keepAliveTimeout: secondsSchema.optional(),
});

/**
 * The config file. Every object is strict: a field the server does not know (`siteURL`,
 * `organisations`) is a mistake reported at start-up with the nearest known field.
 */
export const configFileSchema = z.strictObject({
  /** A JSON Schema reference for editors; not read. */
  $schema: z.string().optional(),
  host: z.string().optional(),
  promptBudget: sizeSchema.optional(),
  http: httpSchema.optional(),
  /** The data folder (`--data-dir`), relative to the config file; "none": memory only. */
  data: z.string().min(1).optional(),
  databaseUrl: z.string().min(1).optional(),
  redisUrl: z.string().min(1).optional(),
  /** Readiness stays 200 (`degraded`) while Redis is down; default: 503, as the contract says. */
  readyWithoutRedis: z.boolean().optional(),
  retentionDays: z.number().positive().optional(),
  port: z.int().min(0).max(65_535).optional(),
  corsOrigins: z.union([z.literal('*'), z.array(z.string())]).optional(),
  /** Trusted proxy hops; `true` is one, `false` none. */
  trustProxy: z.union([z.boolean(), z.int().min(0).max(10)]).optional(),
  basePath: z.string().optional(),
  limits: limitsSchema.optional(),
  ...originPolicyFields,
  organizations: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        keys: z.array(keySchema).min(1),
        adminKeys: z.array(adminKeySchema).optional(),
        limits: limitsSchema.optional(),
        ...originPolicyFields,
        sites: z
          .array(
            z.strictObject({
              domain: domainSchema,
              docs: z.string().min(1),
              siteUrl: z.url().optional(),
              framework: frameworkSchema.optional(),
              title: z.string().min(1).optional(),
              description: z.string().min(1).optional(),
              mcp: z.strictObject({ anonymous: z.boolean().optional() }).optional(),
              /** Insights: `logging: false` records nothing, `logQuestions: false` no text. */
              logging: z.boolean().optional(),
              logQuestions: z.boolean().optional(),
              ...originPolicyFields,
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
    throw new ConfigError(withFlagHint((error as Error).message, Object.keys(serveFlags)));
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

/** `96k`, `96KB`, `1m`, `98304`: bytes, or undefined when it is none of those. */
function parseSize(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(k|kb|kib|m|mb|mib)?\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = match[2]?.[0]?.toLowerCase();
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 * 1024 : 1;
  return Math.round(Number(match[1]) * factor);
}

/** Where state is kept: `--database-url` (or DATABASE_URL), else the data folder. */
function storeSettings(flags: ServeFlags, cwd: string): StoreSettings {
  const databaseUrl = flags['database-url'] ?? process.env['DATABASE_URL'];
  if (databaseUrl)
    check(
      z.string().regex(/^postgres(?:ql)?:\/\//, 'a postgres:// URL'),
      databaseUrl,
      '--database-url',
    );
  const redisUrl = flags['redis-url'] ?? process.env['REDIS_URL'];
  if (redisUrl) {
    check(z.string().regex(/^rediss?:\/\//, 'a redis:// URL'), redisUrl, '--redis-url');
  }
  return {
    dataDir: dataDirOf(flags['data-dir'], cwd),
    ...(databaseUrl && { databaseUrl }),
    ...(redisUrl && { redisUrl }),
    ...(flags['ready-without-redis'] && { readyWithoutRedis: true }),
    retentionDays: flags['retention-days']
      ? check(z.coerce.number().positive(), flags['retention-days'], '--retention-days')
      : DEFAULT_RETENTION_DAYS,
  };
}

const dataDirOf = (dir: string, base: string) => (dir === 'none' ? 'none' : resolve(base, dir));

/** The HTTP server's limits: flags over the config file over the defaults. */
function httpLimits(flags: ServeFlags, file: Partial<HttpLimits>): HttpLimits {
  const number = (flag: keyof ServeFlags, integer: boolean): number | undefined => {
    const given = flags[flag];
    if (typeof given !== 'string') return undefined;
    return check(
      integer ? z.coerce.number().int().positive() : z.coerce.number().positive().max(3600),
      given,
      `--${flag}`,
    );
  };
  const limits: HttpLimits = {
    maxConnections:
      number('max-connections', true) ?? file.maxConnections ?? DEFAULT_HTTP_LIMITS.maxConnections,
    maxConnectionsPerAddress:
      number('max-connections-per-address', true) ??
      file.maxConnectionsPerAddress ??
      DEFAULT_HTTP_LIMITS.maxConnectionsPerAddress,
    headersTimeout:
      number('headers-timeout', false) ?? file.headersTimeout ?? DEFAULT_HTTP_LIMITS.headersTimeout,
    requestTimeout:
      number('request-timeout', false) ?? file.requestTimeout ?? DEFAULT_HTTP_LIMITS.requestTimeout,
    keepAliveTimeout:
      number('keep-alive-timeout', false) ??
      file.keepAliveTimeout ??
      DEFAULT_HTTP_LIMITS.keepAliveTimeout,
  };
  // Node refuses a header timeout longer than the request timeout.
  if (limits.headersTimeout > limits.requestTimeout) {
    throw new ConfigError(
      `the headers timeout (${limits.headersTimeout} s) cannot be longer than the request timeout (${limits.requestTimeout} s)`,
    );
  }
  return limits;
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
    promptBudget: flags['prompt-budget']
      ? check(sizeSchema, flags['prompt-budget'], '--prompt-budget')
      : DEFAULT_PROMPT_BUDGET_BYTES,
    http: httpLimits(flags, {}),
    stores: storeSettings(flags, cwd),
    shutdownGraceSeconds: flags['shutdown-grace']
      ? check(z.coerce.number().min(0).max(3600), flags['shutdown-grace'], '--shutdown-grace')
      : 10,
    logFormat: flags['log-format']
      ? check(z.enum(['pretty', 'json']), flags['log-format'], '--log-format')
      : process.stdout.isTTY
        ? ('pretty' as const)
        : ('json' as const),
    logQuestions: flags['log-questions'],
    ...basePathOf(flags['base-path'], '--base-path'),
    flags,
  };
  if (flags.config) {
    return { ...base, ...(await readConfigFile(resolve(cwd, flags.config), args, flags, cwd)) };
  }
  if (!flags.docs) throw new ConfigError('--docs <folder> or --config <file> is required');
  check(domainSchema, flags.domain, '--domain');
  for (const key of flags.key ?? []) check(keySchema, key, '--key');
  if (flags['site-url']) check(z.url(), flags['site-url'], '--site-url');
  const framework = flags.framework && check(frameworkSchema, flags.framework, '--framework');
  const generatedKey = flags.key?.length ? undefined : generateKey();
  const site: SiteConfig = { domain: flags.domain, docs: resolve(cwd, flags.docs) };
  if (flags['site-url']) site.siteUrl = flags['site-url'];
  if (framework) site.framework = framework;
  const origins = originPolicy(
    {},
    {},
    {
      allowedOrigins: flags['allowed-origin']?.map((origin) =>
        check(originSchema, origin, '--allowed-origin'),
      ),
      requireOrigin: flags['require-origin'] || undefined,
    },
  );
  if (origins) site.origins = origins;
  const insights = insightsFlag(flags.insights);
  if (insights) site.insights = insights;
  for (const key of flags['admin-key'] ?? []) check(adminKeySchema, key, '--admin-key');
  return {
    ...base,
    organizations: [
      {
        name: 'default',
        keys: flags.key?.length ? flags.key : [generatedKey!],
        ...(flags['admin-key']?.length && { adminKeys: flags['admin-key'] }),
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

/** The nearest allowlist and origin requirement (site, then organization, then the top). */
function originPolicy(
  site: OriginPolicy,
  organization: OriginPolicy,
  top: OriginPolicy,
): OriginPolicy | undefined {
  const allowedOrigins = site.allowedOrigins ?? organization.allowedOrigins ?? top.allowedOrigins;
  const requireOrigin = site.requireOrigin ?? organization.requireOrigin ?? top.requireOrigin;
  if (!allowedOrigins && !requireOrigin) return undefined;
  return { ...(allowedOrigins && { allowedOrigins }), ...(requireOrigin && { requireOrigin }) };
}

const withOrigins = (origins: OriginPolicy | undefined) => (origins ? { origins } : {});

async function readConfigFile(path: string, args: string[], flags: ServeFlags, cwd: string) {
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
  // Flags given on the command line are the defaults of every site, over the file's top level.
  const top: OriginPolicy = {
    allowedOrigins: flags['allowed-origin']?.length
      ? flags['allowed-origin'].map((origin) => check(originSchema, origin, '--allowed-origin'))
      : file.allowedOrigins,
    requireOrigin: flags['require-origin'] || file.requireOrigin,
  };
  const flagInsights = insightsFlag(flags.insights);
  const organizations: OrganizationConfig[] = file.organizations.map((organization) => ({
    name: organization.name,
    keys: organization.keys,
    ...(organization.adminKeys?.length && { adminKeys: organization.adminKeys }),
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
      ...withOrigins(originPolicy(site, organization, top)),
      ...siteInsights(site, flagInsights),
    })),
  }));
  assertUnique(
    organizations.map((organization) => organization.name),
    'organization name',
  );
  assertUnique(
    organizations.flatMap((organization) => [
      ...organization.keys,
      ...(organization.adminKeys ?? []),
    ]),
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
    ...(file.promptBudget && !given('--prompt-budget') && { promptBudget: file.promptBudget }),
    ...(file.basePath !== undefined &&
      !given('--base-path') &&
      basePathOf(file.basePath, `${path}: basePath`)),
    http: httpLimits(flags, file.http ?? {}),
    stores: {
      ...storeSettings(flags, cwd),
      ...(file.data && !given('--data-dir') && { dataDir: dataDirOf(file.data, dirname(path)) }),
      ...(file.databaseUrl && !given('--database-url') && { databaseUrl: file.databaseUrl }),
      ...(file.redisUrl && !given('--redis-url') && { redisUrl: file.redisUrl }),
      ...(file.readyWithoutRedis !== undefined &&
        !given('--ready-without-redis') && { readyWithoutRedis: file.readyWithoutRedis }),
      ...(file.retentionDays &&
        !given('--retention-days') && { retentionDays: file.retentionDays }),
    },
  };
}

/**
 * `--base-path /assistant`: `{ basePath: '/assistant' }` (one trailing slash dropped); `/` or
 * empty: the root, nothing to set. A path only: no scheme, host, query or fragment.
 */
function basePathOf(value: string | undefined, name: string): { basePath?: string } {
  if (value === undefined) return {};
  const path = value.replace(/\/+$/, '');
  if (path === '') return {};
  if (!/^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(path)) {
    throw new ConfigError(
      `${name} must be a path such as /assistant (the part of the public URL before /v2/, /widget/, …), not ${value}`,
    );
  }
  return { basePath: path };
}

/** `--insights on|off|no-questions`: what every site records (the file's fields win). */
function insightsFlag(value: string | undefined): InsightsSettings | undefined {
  if (value === undefined) return undefined;
  const mode = check(z.enum(['on', 'off', 'no-questions']), value, '--insights');
  return { logging: mode !== 'off', logQuestions: mode === 'on' };
}

function siteInsights(
  site: { logging?: boolean | undefined; logQuestions?: boolean | undefined },
  flag: InsightsSettings | undefined,
): { insights?: InsightsSettings } {
  if (site.logging === undefined && site.logQuestions === undefined && !flag) return {};
  return {
    insights: {
      logging: site.logging ?? flag?.logging ?? true,
      logQuestions: site.logQuestions ?? flag?.logQuestions ?? true,
    },
  };
}

function check<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  // An unknown field first: a misspelt required one (`organisations`) is also reported missing.
  const unknown = parsed.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
  if (unknown.length > 0) {
    const fields = unknown.flatMap((issue) =>
      issue.keys.map((key) => unknownField(schema, issue.path, key)),
    );
    throw new ConfigError(`${where}: ${fields.join('; ')}`);
  }
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

/** `unknown field organizations[0].sites[0].siteURL (did you mean siteUrl?)`. */
function unknownField(schema: z.ZodType, path: readonly PropertyKey[], key: string): string {
  const at = [...path, key]
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`,
    )
    .join('');
  const known = Object.keys(objectShapeAt(schema, path) ?? {}).filter((name) => name !== '$schema');
  const nearest = closestFlag(key, known);
  const hint = nearest
    ? ` (did you mean ${nearest}?)`
    : known.length > 0
      ? ` (the fields here: ${known.join(', ')})`
      : '';
  return `unknown field ${at}${hint}`;
}

/** The fields of the object schema at `path` (through optionals and arrays). */
function objectShapeAt(
  schema: z.ZodType,
  path: readonly PropertyKey[],
): Record<string, unknown> | undefined {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i <= path.length && current; i++) {
    while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
    if (i === path.length) break;
    const part = path[i];
    if (current instanceof z.ZodArray && typeof part === 'number') {
      current = current.element as z.ZodType;
    } else if (current instanceof z.ZodObject && typeof part === 'string') {
      current = current.shape[part] as z.ZodType | undefined;
    } else {
      return undefined;
    }
  }
  return current instanceof z.ZodObject ? current.shape : undefined;
}
