import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE, type RegisterRequest, type UserProfile } from '@indicata/contracts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { openDatabase, type Database, type DatabaseKind } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createEventHub } from '../../src/events/create-hub.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLogger } from '../../src/logger.ts';
import { ensureDemoUser } from '../../src/modules/auth/users.ts';
import { contextInitializers, workerStarters, type Stop } from '../../src/roles.ts';
import { createAppContext } from '../../src/app-context.ts';
import { JOBS_AT_TEST_PRIORITY } from './job-priority.ts';
import { makeTestTempDir } from './temp-dir.ts';
import './provided.ts';

export type { DatabaseKind };

let skipLogged = false;

/** The database kinds this machine can test: ['pglite'] or ['pglite', 'postgres']. Logs once why PostgreSQL is skipped. */
export function databaseKinds(): DatabaseKind[] {
  if (inject('postgresAdminUrl')) return ['pglite', 'postgres'];
  if (!skipLogged) {
    skipLogged = true;
    console.warn(`[server tests] PostgreSQL variants skipped: ${inject('postgresSkipReason')}`);
  }
  return ['pglite'];
}

/** PostgreSQL when this machine has it (a native server), else PGlite: for tests whose size, not the kind, is the point. */
export function fastestDatabaseKind(): DatabaseKind {
  return inject('postgresAdminUrl') ? 'postgres' : 'pglite';
}

/** Every kind with whether it runs here, for `describe.skipIf`: the skipped variant still shows in the report. */
export function allDatabaseKinds(): { kind: DatabaseKind; skip: boolean; reason: string }[] {
  const reason = inject('postgresSkipReason');
  return [
    { kind: 'pglite', skip: false, reason: '' },
    { kind: 'postgres', skip: !inject('postgresAdminUrl'), reason },
  ];
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestDatabase {
  database: Database;
  /** DATA_DIR of this database (a temp dir; also used for PostgreSQL, for the session secret and files). */
  dataDir: string;
  /** DATABASE_URL for PostgreSQL; undefined for PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database with the demo user: PGlite in a temp DATA_DIR (copied from the migrated template),
 * or a new PostgreSQL database on the test server (CREATE DATABASE from the migrated template database).
 * @param options.migrated false for an empty database (migration tests)
 */
export async function createTestDatabase(kind: DatabaseKind, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const dataDir = makeTestTempDir('indicata-test-');
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'pglite') {
    // Unmigrated: a copy of the empty cluster PGlite's initdb made once (initdb itself costs about 9.6 CPU-s).
    fs.cpSync(inject(migrated ? 'pgliteTemplateDir' : 'pgliteEmptyDir'), path.join(dataDir, 'db'), { recursive: true });
  } else {
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error(`PostgreSQL is not available for tests: ${inject('postgresSkipReason')}`);
    const name = `indicata_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // Migrated: a copy of the suite's migrated template (migrate() below then finds nothing to do).
      await admin.query(migrated ? `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDatabase')}` : `CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    databaseUrl = withDatabase(adminUrl, name);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    };
  }
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    if (migrated) {
      await migrate(database);
      await ensureDemoUser(database.db);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    database,
    dataDir,
    databaseUrl,
    async close() {
      await database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServerOptions {
  /** Configuration overrides (e.g. `{ webDistDir }`, `{ trustProxy: true }`). */
  config?: Partial<Config>;
  /** Extra or replaced context members (e.g. a storage or a mailer of your test). */
  context?: Partial<AppContext>;
  /** Run roles.ts `contextInitializers` (queue, storage ... as in production). Default false. */
  initialize?: boolean;
  /** Also run roles.ts `workerStarters` (implies initialize). Default false. */
  workers?: boolean;
}

export interface TestServer {
  /** Ready (not listening): use `app.inject(...)`, or `await app.listen({ port: 0, host: '127.0.0.1' })`. */
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The whole HTTP app on a fresh migrated database of `kind`, silent logs, no web build unless
 * `config.webDistDir` says otherwise. Share one per test file (beforeAll/afterAll): set-up takes ~1 s.
 */
export async function createTestServer(kind: DatabaseKind, options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase = await createTestDatabase(kind);
  const stops: Stop[] = [];
  try {
    const config: Config = {
      ...loadConfig({
        DATA_DIR: testDatabase.dataDir,
        DATABASE_URL: testDatabase.databaseUrl,
        SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
        LOG_LEVEL: 'silent',
        // Tests fill the WHO catalog themselves (an empty one is a case under test).
        WHO_SNAPSHOT: 'false',
        WEB_DIST_DIR: path.join(testDatabase.dataDir, 'no-web-build'),
        ...JOBS_AT_TEST_PRIORITY,
      }),
      ...options.config,
    };
    const logger = createLogger(config.logLevel);
    const events = await createEventHub(testDatabase.database, { listen: true, logger });
    stops.push(() => events.close());
    const ctx: AppContext = createAppContext({ config, database: testDatabase.database, events, logger }, options.context);
    if (options.initialize || options.workers) {
      for (const init of contextInitializers) {
        const stop = await init(ctx);
        if (stop) stops.push(stop);
      }
    }
    if (options.workers) {
      for (const start of workerStarters) {
        const stop = await start(ctx);
        if (stop) stops.push(stop);
      }
    }
    const app = await buildApp(ctx);
    await app.ready();
    stops.push(() => app.close());
    return {
      app,
      ctx,
      async close() {
        for (const stop of stops.reverse()) await stop();
        await testDatabase.close();
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await testDatabase.close();
    throw error;
  }
}

/** The `name=value` of the session cookie a response sets, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined;
}

/** Headers of a signed-in change request: the session cookie and the CSRF header. */
export function authHeaders(cookie: string): Record<string, string> {
  return { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE };
}

/** Just the CSRF header (for anonymous POSTs such as register and login). */
export const CSRF_ONLY: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedIn {
  /** `indicata_session=...`, for the `cookie` header. */
  cookie: string;
  user: UserProfile;
  /** `{ cookie, x-indicata-request }`: pass as `headers` to `app.inject` for any request. */
  headers: Record<string, string>;
  password: string;
}

let userCounter = 0;

/** Registers a new user (unique e-mail unless given) and signs in. Throws with the answer if either step fails. */
export async function registerAndLogin(app: FastifyInstance, partialUser: Partial<RegisterRequest> = {}): Promise<SignedIn> {
  userCounter += 1;
  const body: RegisterRequest = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    institution: 'Analytical Engines Institute',
    email: `user${userCounter}-${Math.random().toString(36).slice(2, 8)}@example.org`,
    password: TEST_PASSWORD,
    ...partialUser,
  };
  // Each call from its own client address, so that a test file signing in many users never meets the
  // per-address sign-in rate limit (the other requests of the test come from 127.0.0.1 as usual).
  const remoteAddress = `10.250.${Math.floor(userCounter / 250) % 250}.${(userCounter % 250) + 1}`;
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, headers: CSRF_ONLY, payload: body });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: CSRF_ONLY, payload: { email: body.email, password: body.password } });
  const cookie = sessionCookieOf(login);
  if (login.statusCode !== 200 || !cookie) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { cookie, user: login.json<{ user: UserProfile }>().user, headers: authHeaders(cookie), password: body.password };
}

/** Signs in as the read-only demo account ('seemore'). */
export async function loginAsDemo(app: FastifyInstance): Promise<SignedIn> {
  userCounter += 1;
  const remoteAddress = `10.251.${Math.floor(userCounter / 250) % 250}.${(userCounter % 250) + 1}`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress, headers: CSRF_ONLY });
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`demo login failed: ${response.statusCode} ${response.body}`);
  return { cookie, user: response.json<{ user: UserProfile }>().user, headers: authHeaders(cookie), password: '' };
}
