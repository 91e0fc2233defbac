import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES } from '../src/config.ts';

// The README's configuration table is printed from CONFIG_VARIABLES (scripts/print-config-table.ts);
// this keeps the two from drifting apart.
const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8');

describe('README configuration table', () => {
  it.each(CONFIG_VARIABLES.map((v) => [v.name, v]))('documents %s with its default', (_name, variable) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${variable.name}\` |`));
    expect(row, `README row for ${variable.name}: run node --import tsx scripts/print-config-table.ts`).toBeDefined();
    expect(row).toContain(variable.default.replace(/\|/g, '\\|'));
  });
});
