import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LIMITS } from '@indicata/contracts';

/** `JOB_THREAD_NICENESS`'s default: nice levels added to a job's threads. */
export const DEFAULT_JOB_THREAD_NICENESS = 10;

/**
 * The assistant's environment variables (modules/assistant/config.ts reads them). CONFIG_VARIABLES includes these, so the
 * README's configuration table names them; `readAssistantConfig` validates them at start.
 */
const ASSISTANT_CONFIG_VARIABLES = [
  {
    name: 'LLM_PROVIDER',
    default: 'builtin',
    description:
      'Who answers questions and writes report prose: builtin (the data-grounded analyst, not a language model), openai (any OpenAI-compatible server: OpenAI, Azure, Ollama, vLLM, llama.cpp server) or local (a GGUF file through node-llama-cpp). See docs/assistant.md.',
  },
  { name: 'LLM_BASE_URL', default: 'https://api.openai.com/v1', description: 'openai: base URL of the chat-completions API (Ollama: http://localhost:11434/v1, vLLM: http://localhost:8000/v1).' },
  { name: 'LLM_API_KEY', default: '(unset)', description: 'openai: API key sent as a Bearer token (local servers usually ignore it).' },
  { name: 'LLM_MODEL', default: 'gpt-4o-mini', description: 'openai: model name as the server knows it (e.g. llama3.2:3b on Ollama).' },
  { name: 'LLM_MODEL_PATH', default: '(unset)', description: 'local: path of the GGUF model file. Nothing is ever downloaded.' },
  { name: 'LLM_TIMEOUT_MS', default: '60000', description: 'Time allowed for one model call (per attempt), in milliseconds; a slower answer counts as a failure.' },
  { name: 'LLM_MAX_RETRIES', default: '2', description: 'openai: retries after a 408/409/429/5xx answer or a lost connection, with doubling back-off.' },
  { name: 'LLM_MAX_TOKENS', default: '800', description: 'Longest answer to a question, in tokens (the report call allows 1600).' },
  { name: 'LLM_THREADS', default: '(processor count - 1, at most 4)', description: 'local: CPU threads for llama.cpp.' },
  { name: 'LLM_CONTEXT_SIZE', default: '8192', description: 'local: context window in tokens (capped at the model\'s training context); the report prompt needs about 4,000.' },
  {
    name: 'NODE_LLAMA_CPP_MODULE',
    default: 'node-llama-cpp',
    description: 'local: where to import node-llama-cpp from: the package name (which also finds the copy install-node-llama-cpp.mjs puts in node_modules/.indicata-llama) or the path of its dist/index.js.',
  },
] as const;

/** Where uploads and model files go when S3_BUCKET is set (read by storage/s3.ts). */
export interface S3Settings {
  bucket: string;
  /** For S3-compatible services (MinIO, Ceph, R2...); unset for AWS. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (bucket in the path), which most self-hosted services need. */
  forcePathStyle: boolean;
  /** Prepended to every key (e.g. `indicata/`), so one bucket can serve several deployments. */
  keyPrefix?: string;
}

/**
 * Every environment variable the server reads. The README's configuration table is built from this list;
 * when you add a variable, add it here, to `envSchema` and to `toConfig` below.
 */
export interface ConfigVariable {
  name: string;
  /** The default as a person would write it, or a sentence when it is computed. */
  default: string;
  description: string;
}

export const CONFIG_VARIABLES: ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the web app and API listen on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Address to listen on (127.0.0.1 to accept local connections only).' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the embedded database, the session secret and local files.' },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PGlite under DATA_DIR/db)',
    description: 'PostgreSQL connection string (postgres://user:password@host:5432/db). Required to run several processes (start:http + start:worker).',
  },
  {
    name: 'SESSION_SECRET',
    default: '(generated once, kept in DATA_DIR/session-secret)',
    description: 'Secret of at least 32 characters that signs session cookies. Set the same value on every machine of a multi-machine deployment.',
  },
  { name: 'CONTACT_EMAIL', default: 'contact@indicata.org', description: 'Contact address shown in the footer.' },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'Address people use to reach the app; used for links in e-mails.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true when behind a reverse proxy (uses X-Forwarded-For/-Proto for client addresses and Secure cookies); or a number of hops, or a list of proxy addresses.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  { name: 'UPLOAD_MAX_BYTES', default: String(LIMITS.defaultUploadMaxBytes), description: 'Largest accepted upload, in bytes.' },
  { name: 'SMTP_URL', default: '(unset: mail is written to DATA_DIR/outbox as .eml files)', description: 'Mail server for result e-mails, e.g. smtp://user:password@smtp.example.org:587 or smtps://...:465.' },
  { name: 'MAIL_FROM', default: 'Indicata <no-reply@indicata.local>', description: 'Sender address of result e-mails.' },
  { name: 'JOB_BUDGET_SECONDS', default: '60', description: "Time budget of an AutoML job whose owner did not choose one in the wizard: a ceiling on the whole run, from reading its data to its results (it ends by the budget plus the larger of 3 s and 5%)." },
  { name: 'WORKER_CONCURRENCY', default: '1', description: 'Jobs one worker process runs at once (each job already uses every core).' },
  { name: 'JOB_RETRY_LIMIT', default: '2', description: 'Times a job whose worker died is retried before it ends in error.' },
  { name: 'JOB_EXPIRE_SECONDS', default: '(3 x budget + 360)', description: "A claimed job unfinished after this long is taken back from its (presumably dead) worker and retried. Unset: 3 x the job's own budget + 360, per job." },
  { name: 'JOB_ENGINE_THREADS', default: '(cores - 1 in role all; cores otherwise)', description: "Fit threads of one job's engine run. In role all one core is left to the web server so pages stay fast while a job runs." },
  { name: 'JOB_THREAD_NICENESS', default: String(DEFAULT_JOB_THREAD_NICENESS), description: "How much lower than the web server's the priority of a job's threads is (Unix nice levels, 0-19; Linux only). 0 runs them at the same priority. The threads that read uploaded CSVs and run predictions run halfway between (5 by default): above the jobs, since someone waits on them." },
  { name: 'QUEUE_MAINTENANCE_SECONDS', default: '30', description: 'How often the queue looks for expired jobs.' },
  { name: 'QUEUE_POLLING_SECONDS', default: '2', description: 'How often an idle worker looks for new jobs.' },
  { name: 'JOB_HEARTBEAT_SECONDS', default: '10', description: 'How often a worker signals that a job it runs is alive.' },
  {
    name: 'JOB_STALE_SECONDS',
    default: '30',
    description: 'A running job without a sign of life for this long belongs to a dead worker: it is put back in the queue at once (retries count).',
  },
  { name: 'QUOTA_ACTIVE_JOBS', default: '5', description: 'Jobs one user may have waiting or running at once (429 beyond).' },
  { name: 'QUOTA_UPLOAD_BYTES', default: '524288000', description: 'Total bytes of the uploads one user may keep (413 beyond; deleting an upload frees its share).' },
  { name: 'QUOTA_EVENT_STREAMS', default: '10', description: 'Live-update streams (/api/events) one session may hold open at once (429 beyond).' },
  { name: 'DEMO_SEED', default: 'true', description: 'On first start, run example jobs for the read-only demo account ("See more") on the data this installation has.' },
  { name: 'WEB_DIST_DIR', default: 'apps/web/dist', description: 'Folder of the built web app served at / (built by `npm run build`).' },
  {
    name: 'WHO_IMPORT_DIR',
    default: '(unset)',
    description: 'Folder of WHO GHO CSV exports (source/<CODE>.csv, all_countries.csv, all_indicators.csv) imported at start-up when the WHO catalog is empty or the folder changed.',
  },
  {
    name: 'WHO_SNAPSHOT',
    default: 'true',
    description:
      'On a start with an empty WHO catalog, import the WHO GHO snapshot shipped in apps/server/who-snapshot (false: start with an empty catalog). Ignored when WHO_IMPORT_DIR is set.',
  },
  { name: 'WHO_IMPORT_INDICATORS', default: '(unset: every indicator of the folder)', description: 'Comma-separated indicator codes to import from WHO_IMPORT_DIR, or from the WHO snapshot when WHO_IMPORT_DIR is unset.' },
  { name: 'WHO_API_URL', default: 'https://ghoapi.azureedge.net/api', description: 'Base URL of the WHO GHO OData API used by `npm run who:sync`.' },
  { name: 'S3_BUCKET', default: '(unset: files under DATA_DIR/files)', description: 'Bucket for uploads and model files; setting it switches storage to S3.' },
  { name: 'S3_ENDPOINT', default: '(unset: AWS)', description: 'Endpoint of an S3-compatible service (for example http://minio:9000).' },
  { name: 'S3_REGION', default: 'us-east-1', description: 'Region of the bucket.' },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset: the AWS default credential chain)', description: 'Access key for the bucket.' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret key for the bucket.' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'true when S3_ENDPOINT is set', description: 'Bucket in the URL path instead of the host name (most self-hosted services need it).' },
  { name: 'S3_KEY_PREFIX', default: '(unset)', description: 'Prefix for every object key, so one bucket can serve several deployments.' },
  // The assistant's LLM_* variables (validated by modules/assistant/config.ts when the assistant starts).
  ...ASSISTANT_CONFIG_VARIABLES,
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

/** A whole-number variable between min and max, with a message that says what to set. */
function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max} (for example ${name}=${fallback}).`;
  return z.preprocess(blankAsUnset, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback));
}

const envSchema = z.object({
  PORT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'PORT must be a whole number between 1 and 65535 (for example PORT=3000).' })
      .int('PORT must be a whole number between 1 and 65535 (for example PORT=3000).')
      .min(0, 'PORT must be a whole number between 1 and 65535 (for example PORT=3000).')
      .max(65535, 'PORT must be a whole number between 1 and 65535 (for example PORT=3000).')
      .default(3000),
  ),
  HOST: z.preprocess(blankAsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default('./data')),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql:// (for example postgres://indicata:secret@localhost:5432/indicata), or be left unset to use the embedded database.')
      .optional(),
  ),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'SESSION_SECRET must have at least 32 characters (for example the output of `openssl rand -hex 32`), or be left unset to generate one.').optional(),
  ),
  CONTACT_EMAIL: z.preprocess(
    blankAsUnset,
    z.email('CONTACT_EMAIL must be an e-mail address (for example CONTACT_EMAIL=team@example.org).').default('contact@indicata.org'),
  ),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address (for example PUBLIC_URL=https://indicata.example.org).' }).optional(),
  ),
  TRUST_PROXY: z.preprocess(blankAsUnset, z.string().default('false')),
  LOG_LEVEL: z.preprocess(
    blankAsUnset,
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.` }).default('info'),
  ),
  UPLOAD_MAX_BYTES: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'UPLOAD_MAX_BYTES must be a positive whole number of bytes (for example UPLOAD_MAX_BYTES=52428800 for 50 MiB).' })
      .int('UPLOAD_MAX_BYTES must be a positive whole number of bytes (for example UPLOAD_MAX_BYTES=52428800 for 50 MiB).')
      .positive('UPLOAD_MAX_BYTES must be a positive whole number of bytes (for example UPLOAD_MAX_BYTES=52428800 for 50 MiB).')
      .default(LIMITS.defaultUploadMaxBytes),
  ),
  WEB_DIST_DIR: optionalText,
  SMTP_URL: optionalText.pipe(
    z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps:// (for example smtp://user:password@smtp.example.org:587), or be left unset to keep mail in DATA_DIR/outbox.').optional(),
  ),
  MAIL_FROM: z.preprocess(blankAsUnset, z.string().min(3).default('Indicata <no-reply@indicata.local>')),
  JOB_BUDGET_SECONDS: wholeNumber('JOB_BUDGET_SECONDS', 1, 3600, 60),
  WORKER_CONCURRENCY: wholeNumber('WORKER_CONCURRENCY', 1, 16, 1),
  JOB_RETRY_LIMIT: wholeNumber('JOB_RETRY_LIMIT', 0, 10, 2),
  JOB_EXPIRE_SECONDS: z.preprocess(blankAsUnset, wholeNumber('JOB_EXPIRE_SECONDS', 1, 86_400, 1).optional()),
  JOB_ENGINE_THREADS: z.preprocess(blankAsUnset, wholeNumber('JOB_ENGINE_THREADS', 1, 256, 1).optional()),
  JOB_THREAD_NICENESS: wholeNumber('JOB_THREAD_NICENESS', 0, 19, DEFAULT_JOB_THREAD_NICENESS),
  QUEUE_MAINTENANCE_SECONDS: wholeNumber('QUEUE_MAINTENANCE_SECONDS', 1, 3600, 30),
  QUEUE_POLLING_SECONDS: wholeNumber('QUEUE_POLLING_SECONDS', 1, 60, 2),
  JOB_HEARTBEAT_SECONDS: wholeNumber('JOB_HEARTBEAT_SECONDS', 1, 3600, 10),
  JOB_STALE_SECONDS: wholeNumber('JOB_STALE_SECONDS', 3, 86_400, 30),
  QUOTA_ACTIVE_JOBS: wholeNumber('QUOTA_ACTIVE_JOBS', 1, 10_000, 5),
  QUOTA_UPLOAD_BYTES: wholeNumber('QUOTA_UPLOAD_BYTES', 1, Number.MAX_SAFE_INTEGER, 524_288_000),
  QUOTA_EVENT_STREAMS: wholeNumber('QUOTA_EVENT_STREAMS', 1, 10_000, 10),
  DEMO_SEED: z.preprocess(blankAsUnset, z.enum(['true', 'false'], { error: 'DEMO_SEED must be true or false.' }).default('true')),
  WHO_IMPORT_DIR: optionalText,
  WHO_SNAPSHOT: z.preprocess(blankAsUnset, z.enum(['true', 'false'], { error: 'WHO_SNAPSHOT must be true or false.' }).default('true')),
  WHO_IMPORT_INDICATORS: optionalText,
  WHO_API_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^https?$/, error: 'WHO_API_URL must be an http:// or https:// address (for example https://ghoapi.azureedge.net/api).' }).default('https://ghoapi.azureedge.net/api'),
  ),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// address (for example http://127.0.0.1:9000).' }).optional()),
  S3_REGION: z.preprocess(blankAsUnset, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false.' }).optional()),
  S3_KEY_PREFIX: optionalText,
});

type Env = z.infer<typeof envSchema>;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Fastify's trustProxy: off, on, a hop count or a list of addresses. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** Set: PostgreSQL; unset: PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  sessionSecret: string;
  contactEmail: string;
  /** Without a trailing slash. */
  publicUrl: string;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  uploadMaxBytes: number;
  /** Absolute path of a WHO export folder to import at start-up, when set. */
  whoImportDir: string | undefined;
  /** Indicator codes to import from whoImportDir (empty: all). */
  whoImportIndicators: string[];
  /** Import the shipped WHO snapshot into an empty catalog at start-up (when whoImportDir is unset). */
  whoSnapshot: boolean;
  /** Without a trailing slash. */
  whoApiUrl: string;
  /** Set when S3_BUCKET is: files go to S3 instead of DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /** Result e-mails: SMTP server (unset: written to outboxDir) and sender. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** The AutoML job queue and its workers. */
  jobs: {
    budgetSeconds: number;
    concurrency: number;
    retryLimit: number;
    expireSeconds: number;
    /** JOB_EXPIRE_SECONDS was set: every job expires after it, whatever its own budget (else derived per job). */
    expireExplicit?: boolean;
    /** JOB_ENGINE_THREADS; absent: cores - 1 in role all, one per core otherwise. */
    engineThreads?: number;
    /** JOB_THREAD_NICENESS: nice levels added to a job's threads (0: none). */
    threadNiceness?: number;
    maintenanceSeconds: number;
    pollingSeconds: number;
    seedDemo: boolean;
    /** How often a worker stamps the jobs it runs as alive. */
    heartbeatSeconds: number;
    /** A running job unstamped for this long belongs to a dead worker and is requeued. */
    staleSeconds: number;
  };
  /** Per-user limits (429 or 413 beyond them). */
  quotas: { activeJobs: number; uploadBytes: number; eventStreams: number };
}

/** The configuration is invalid; `problems` has one actionable line per variable. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length > 0 && list.every((entry) => /^[0-9a-fA-F.:/]+$/.test(entry))) return list;
  return 'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses (for example TRUST_PROXY=true).';
}

/**
 * The session secret: SESSION_SECRET when set, else the one kept in DATA_DIR/session-secret (0600),
 * generated on first start so sessions survive restarts.
 */
function resolveSessionSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, 'session-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': when two processes start together, exactly one writes and the other reads its secret.
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError([`${file} holds a session secret shorter than 32 characters; delete the file to generate a new one, or set SESSION_SECRET.`]);
  }
  return secret;
}

function toConfig(env: Env, trustProxy: TrustProxy): Config {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: resolveSessionSecret(env.SESSION_SECRET, dataDir),
    contactEmail: env.CONTACT_EMAIL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    trustProxy,
    logLevel: env.LOG_LEVEL,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    whoImportDir: env.WHO_IMPORT_DIR ? path.resolve(env.WHO_IMPORT_DIR) : undefined,
    whoImportIndicators: (env.WHO_IMPORT_INDICATORS ?? '').split(',').map((code) => code.trim()).filter(Boolean),
    whoSnapshot: env.WHO_SNAPSHOT === 'true',
    whoApiUrl: env.WHO_API_URL.replace(/\/+$/, ''),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
          keyPrefix: env.S3_KEY_PREFIX,
        }
      : undefined,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    jobs: {
      budgetSeconds: env.JOB_BUDGET_SECONDS,
      concurrency: env.WORKER_CONCURRENCY,
      retryLimit: env.JOB_RETRY_LIMIT,
      expireSeconds: env.JOB_EXPIRE_SECONDS ?? env.JOB_BUDGET_SECONDS * 3 + 360,
      expireExplicit: env.JOB_EXPIRE_SECONDS !== undefined,
      engineThreads: env.JOB_ENGINE_THREADS,
      threadNiceness: env.JOB_THREAD_NICENESS,
      maintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
      pollingSeconds: env.QUEUE_POLLING_SECONDS,
      seedDemo: env.DEMO_SEED === 'true',
      heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
      staleSeconds: env.JOB_STALE_SECONDS,
    },
    quotas: { activeJobs: env.QUOTA_ACTIVE_JOBS, uploadBytes: env.QUOTA_UPLOAD_BYTES, eventStreams: env.QUOTA_EVENT_STREAMS },
  };
}

/**
 * Reads and validates the configuration. Throws ConfigError listing every problem, one line each,
 * naming the variable and what to set. May create DATA_DIR and DATA_DIR/session-secret.
 * @param env the environment to read (process.env by default; tests pass their own)
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(issue.message);
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY ?? 'false');
  if (typeof trustProxy === 'string') problems.push(trustProxy);
  if (problems.length > 0 || !parsed.success || typeof trustProxy === 'string') throw new ConfigError([...new Set(problems)]);
  return toConfig(parsed.data, trustProxy);
}
