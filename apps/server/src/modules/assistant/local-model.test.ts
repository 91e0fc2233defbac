import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importNodeLlamaCpp, LocalGgufModel, LocalRuntimeUnavailableError } from './local-model.ts';
import { LanguageModelError } from './language-model.ts';
import { createLanguageModelAssistant } from './assistant.ts';
import { writeReport } from '../reports/write-report.ts';
import { resultsFixture } from '../reports/results-fixture.ts';
import { REPORT_SECTION_KEYS, jobReportSchema } from '@indicata/contracts';

/**
 * node-llama-cpp is optional and not part of `npm ci` (see docs/assistant.md): these tests run when it can be
 * imported (NODE_LLAMA_CPP_MODULE, or installed in node_modules) and the test model exists, else they skip
 * and say why.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const modelPath = path.resolve(repoRoot, '../shared/models/stories260K.gguf');
const moduleName = process.env.NODE_LLAMA_CPP_MODULE || 'node-llama-cpp';

const runtimeProblem = await importNodeLlamaCpp(moduleName).then(
  () => null,
  (error: Error) => error.message,
);
const skipReason = runtimeProblem ?? (fs.existsSync(modelPath) ? null : `the test model ${modelPath} is absent`);
if (skipReason) console.warn(`[local GGUF tests] skipped: ${skipReason}`);

test('a missing runtime is reported with what to do', async () => {
  const error = await importNodeLlamaCpp('/nonexistent/node-llama-cpp/dist/index.js').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LocalRuntimeUnavailableError);
  expect((error as Error).message).toMatch(/LLM_PROVIDER=local needs node-llama-cpp.*install-node-llama-cpp\.mjs/);
});

describe.skipIf(!!skipReason)(skipReason ? `local GGUF model (skipped: ${skipReason})` : 'local GGUF model (stories260K)', () => {
  let model: LocalGgufModel;
  beforeAll(async () => {
    model = await LocalGgufModel.load({ modelPath, timeoutMs: 30_000, maxTokens: 24, threads: 1, contextSize: 512, nodeLlamaCppModule: moduleName });
  }, 60_000);
  afterAll(async () => {
    await model?.close();
  });

  test('completes plain text and streams it', async () => {
    const seen: string[] = [];
    const text = await model.complete({ messages: [{ role: 'system', content: 'You tell stories.' }, { role: 'user', content: 'Once upon a time' }], maxTokens: 16, onText: (t) => seen.push(t) });
    expect(typeof text).toBe('string');
    expect(text.trim().length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(model.label).toBe('stories260K.gguf (local)');
  });

  test('follows a JSON schema through a grammar (structured output)', async () => {
    const schema = { type: 'object', properties: { verdict: { type: 'string', enum: ['yes', 'no'] } }, required: ['verdict'], additionalProperties: false };
    const text = await model.complete({ messages: [{ role: 'user', content: 'Answer in JSON.' }], jsonSchema: { name: 'verdict', schema }, maxTokens: 20 });
    const parsed = JSON.parse(text) as { verdict: string };
    expect(['yes', 'no']).toContain(parsed.verdict);
  });

  test('queued calls run one at a time and an aborted call reports a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    const [aborted, ok] = await Promise.all([
      model.complete({ messages: [{ role: 'user', content: 'Tell me a story' }], maxTokens: 16, signal: controller.signal }).catch((e: unknown) => e),
      model.complete({ messages: [{ role: 'user', content: 'Once' }], maxTokens: 8 }),
    ]);
    expect(aborted).toBeInstanceOf(LanguageModelError);
    expect(typeof ok).toBe('string');
  });

  test('writes a report through the local model: every section, each by the model or with a fallback reason', async () => {
    const report = jobReportSchema.parse(await writeReport(resultsFixture(), { assistant: createLanguageModelAssistant(model) }));
    expect(report.provider.kind).toBe('local');
    expect(report.sections.map((s) => s.key)).toEqual([...REPORT_SECTION_KEYS]);
    for (const section of report.sections) {
      if (section.provider === 'local') expect(section.fallbackReason).toBeNull();
      else expect(section.fallbackReason).not.toBeNull();
      expect(section.html).not.toMatch(/<script/);
    }
  }, 60_000);

  test('a missing model file names the setting', async () => {
    await expect(LocalGgufModel.load({ modelPath: '/nonexistent/model.gguf', timeoutMs: 1000, maxTokens: 8, threads: 1, contextSize: 256, nodeLlamaCppModule: moduleName })).rejects.toThrow(/LLM_MODEL_PATH=\/nonexistent\/model.gguf/);
  });
});
