// Prints the README's configuration table from the server's CONFIG_VARIABLES (the one source of truth).
// Usage: node --import tsx scripts/print-config-table.ts
import { CONFIG_VARIABLES } from '../apps/server/src/config.ts';

const escape = (text: string) => text.replace(/\|/g, '\\|');
console.log('| Variable | Default | What it does |');
console.log('|---|---|---|');
for (const v of CONFIG_VARIABLES) console.log(`| \`${v.name}\` | ${escape(v.default)} | ${escape(v.description)} |`);
