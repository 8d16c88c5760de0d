/** What `docs-assistant --help` and `--version` print. */
import { readFileSync } from 'node:fs';

export const USAGE = `Usage: docs-assistant serve --docs <folder> [options]
       docs-assistant eval <questions.json> (--docs <folder> | --url <base> --key <key>) [options]
       docs-assistant gaps --docs <folder> [--since 7d] [--out gaps.md] (gaps --help)
       docs-assistant --version | --help

  --docs <folder>        Markdown/MDX pages to answer from
  --framework <name>     mintlify, docusaurus, starlight, vitepress, mkdocs, fumadocs,
                         nextra or plain (default: detected from the folder)
  --domain <name>        the {domain} of the site (default: docs)
  --key <key>            public key da_dsc_…; repeatable (default: one generated on the first
                         start and kept in the data folder)
  --port <n>             default 8787 (0 picks a free port)
  --host <address>       default 127.0.0.1
  --site-url <url>       published address of the docs, for absolute links
  --cors-origin <origin> allowed browser origin; repeatable (default: any)
  --allowed-origin <origin>
                         only pages on this origin may use the key (https://docs.acme.dev,
                         https://*.acme.dev); repeatable; others get 403 (default: any)
  --require-origin       also refuse requests without an Origin header (curl, servers)
  --config <file>        several organizations, sites and keys (see docs/)
  --watch                re-index changed, added and removed files
  --trust-proxy [n]      n proxies in front append to X-Forwarded-For (bare: 1)
  --base-path <path>     answer under this path (/assistant), for a proxy that forwards
                         part of your site's address as it is (default: /)
  --model <id>           AI Gateway model id such as openai/gpt-5-mini (key: AI_GATEWAY_API_KEY);
                         default: the embedded offline model, which quotes the docs
  --model-base-url <url> any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio);
                         --model names its model (key, if needed: MODEL_API_KEY)
  --model-timeout <s>    seconds a real model may stay silent, before its first chunk or
                         between two, before the answer fails (default 60)
  --model-retries <n>    times a real model's call that failed with 429, 5xx or a dropped
                         connection is tried again before the answer fails (default 1)
  --prompt-budget <size> most a real model is sent per answer: system prompt, sections,
                         selection, history and question (default 96k; cut: oldest turns,
                         then the longest selections, then the lowest-ranked sections)
  --max-connections <n>  open connections at once (default 1000)
  --max-connections-per-address <n>
                         open connections at once from one client address, without
                         --trust-proxy (default 100)
  --headers-timeout <s>  seconds a client has to send its request headers (default 10)
  --request-timeout <s>  seconds a client has to send its whole request (default 30;
                         answers may stream for longer)
  --keep-alive-timeout <s>
                         seconds an idle keep-alive connection stays open (default 5)
  --stream-delay-ms <n>  pause between the embedded model's chunks, for demos (default 0)
  --data-dir <folder>    what survives a restart: the generated key and the threads, in
                         SQLite (default: .docs-assistant in the current folder; none: memory)
  --database-url <url>   keep threads in PostgreSQL instead, shared by replicas
                         (postgres://…; default: DATABASE_URL)
  --redis-url <url>      count rate limits in Redis, shared by replicas (redis://…;
                         default: REDIS_URL; without it each process counts on its own)
  --ready-without-redis  keep /health/ready at 200 (degraded) while Redis is down, so one
                         shared Redis outage does not empty the load balancer (default: 503)
  --retention-days <n>   threads and insights older than this are deleted (default 30)
  --admin-key <key>      secret key da_admin_… (24+ random characters) that reads insights
                         at /v1/analytics/{domain}/; repeatable (default: none)
  --insights <mode>      what insights record: on (default), no-questions (no question
                         text) or off; stored with the threads
  --log-format <format>  a line per request: pretty or json (default: pretty on a terminal)
  --log-questions        add the question's text to answer lines (default: off)
  --shutdown-grace <s>   on SIGTERM, seconds answers in flight get to finish (default 10)

To write llms.txt, llms-full.txt and a .md file per page for a static site:
       docs-assistant export --docs <folder> --out <folder> [options] (export --help)
`;

/** The installed package's version (package.json is three folders up, in src/ and dist/). */
export function packageVersion(): string {
  const manifest = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
