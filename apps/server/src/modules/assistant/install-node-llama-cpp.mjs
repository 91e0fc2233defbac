#!/usr/bin/env node
// Installs the optional local-model runtime (node-llama-cpp, CPU build for this platform) beside the app, in
// node_modules/.indicata-llama (or the folder given as the first argument): about 85 MB, pinned versions, no
// optional GPU packages and no install scripts, so nothing beyond these npm packages is downloaded or built.
// The server finds it there when LLM_PROVIDER=local (or set NODE_LLAMA_CPP_MODULE to the printed path).
// Run after `npm ci` (which empties node_modules): node apps/server/src/modules/assistant/install-node-llama-cpp.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_LLAMA_CPP_VERSION = '3.22.1';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const target = path.resolve(process.argv[2] ?? path.join(repoRoot, 'node_modules/.indicata-llama'));

const platformPackage = {
  'linux-x64': 'linux-x64',
  'linux-arm64': 'linux-arm64',
  'darwin-arm64': 'mac-arm64-metal',
  'darwin-x64': 'mac-x64',
  'win32-x64': 'win-x64',
  'win32-arm64': 'win-arm64',
}[`${process.platform}-${process.arch}`];
if (!platformPackage) {
  console.error(`No prebuilt node-llama-cpp binary for ${process.platform}-${process.arch}; use LLM_PROVIDER=openai with a local server instead.`);
  process.exit(1);
}

fs.mkdirSync(target, { recursive: true });
const manifest = path.join(target, 'package.json');
if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, JSON.stringify({ name: 'indicata-llama-runtime', private: true }, null, 2));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(
  npm,
  [
    'install', '--prefix', target, '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--save-exact',
    `node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`, `@node-llama-cpp/${platformPackage}@${NODE_LLAMA_CPP_VERSION}`,
  ],
  { stdio: 'inherit' },
);
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`node-llama-cpp ${NODE_LLAMA_CPP_VERSION} is installed in ${target}`);
console.log(`NODE_LLAMA_CPP_MODULE=${path.join(target, 'node_modules/node-llama-cpp/dist/index.js')}`);
