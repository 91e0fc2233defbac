import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '@indicata/contracts';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-config-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(dataDir),
      databaseUrl: undefined,
      contactEmail: 'contact@indicata.org',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      logLevel: 'info',
      uploadMaxBytes: LIMITS.defaultUploadMaxBytes,
    });
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u:p@db:5432/indicata',
      SESSION_SECRET: 'x'.repeat(40),
      CONTACT_EMAIL: 'team@example.org',
      PUBLIC_URL: 'https://indicata.example.org/',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_BYTES: '1000',
      WEB_DIST_DIR: '/srv/web',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/indicata',
      sessionSecret: 'x'.repeat(40),
      contactEmail: 'team@example.org',
      publicUrl: 'https://indicata.example.org',
      trustProxy: true,
      logLevel: 'warn',
      uploadMaxBytes: 1000,
      webDistDir: path.resolve('/srv/web'),
    });
  });

  it('uses PORT in the default PUBLIC_URL and treats blank values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '4000', DATABASE_URL: '', PUBLIC_URL: ' ', SESSION_SECRET: '' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ['2', 2],
    ['10.0.0.1, 10.0.0.2', ['10.0.0.1', '10.0.0.2']],
    ['no', false],
  ])('reads TRUST_PROXY=%s', (raw, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('generates a session secret once, keeps it 0600 in DATA_DIR, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'session-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'y'.repeat(32) }).sessionSecret).toBe('y'.repeat(32));
  });

  it('refuses a kept session secret that is too short, saying what to do', () => {
    fs.writeFileSync(path.join(dataDir, 'session-secret'), 'short');
    expect(problemsOf({})).toEqual([expect.stringMatching(/session-secret holds a session secret shorter than 32 characters; delete the file/)]);
  });

  it('lists every problem, one actionable line each', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SESSION_SECRET: 'too short',
      CONTACT_EMAIL: 'nobody',
      PUBLIC_URL: 'ftp://x',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      UPLOAD_MAX_BYTES: '-5',
    });
    expect(problems).toEqual([
      'PORT must be a whole number between 1 and 65535 (for example PORT=3000).',
      'DATABASE_URL must start with postgres:// or postgresql:// (for example postgres://indicata:secret@localhost:5432/indicata), or be left unset to use the embedded database.',
      'SESSION_SECRET must have at least 32 characters (for example the output of `openssl rand -hex 32`), or be left unset to generate one.',
      'CONTACT_EMAIL must be an e-mail address (for example CONTACT_EMAIL=team@example.org).',
      'PUBLIC_URL must be an http:// or https:// address (for example PUBLIC_URL=https://indicata.example.org).',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
      'UPLOAD_MAX_BYTES must be a positive whole number of bytes (for example UPLOAD_MAX_BYTES=52428800 for 50 MiB).',
      'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses (for example TRUST_PROXY=true).',
    ]);
  });

  it.each(['70000', '3.5', '-1'])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual(['PORT must be a whole number between 1 and 65535 (for example PORT=3000).']);
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'SESSION_SECRET', 'CONTACT_EMAIL', 'PUBLIC_URL', 'TRUST_PROXY', 'LOG_LEVEL', 'UPLOAD_MAX_BYTES', 'WEB_DIST_DIR']) {
      expect(names).toContain(name);
    }
    for (const variable of CONFIG_VARIABLES) expect(variable.description.length).toBeGreaterThan(10);
  });
});
