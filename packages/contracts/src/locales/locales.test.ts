import { describe, expect, it } from 'vitest';
import { LOCALES, enLocale as en, ptBRLocale as ptBR, type LocaleTree } from './index.ts';
import { MESSAGES } from '../messages.ts';

/** Every leaf of a namespace tree as `path -> text`. */
function leaves(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const enLeaves = leaves(en as unknown as LocaleTree);
  const ptLeaves = leaves(ptBR as unknown as LocaleTree);

  it('every English key exists in pt-BR, with the same placeholders and a non-empty text', () => {
    const missing = [...enLeaves.keys()].filter((k) => !ptLeaves.has(k));
    expect(missing).toEqual([]);
    for (const [key, text] of enLeaves) {
      const translated = ptLeaves.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('pt-BR has no key that English lacks (a stale key would never be shown)', () => {
    expect([...ptLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
  });

  it('English messages are the contracts MESSAGES themselves, not a copy', () => {
    expect(en.messages).toBe(MESSAGES);
  });

  it('carries the spec’s Portuguese strings verbatim in pt-BR', () => {
    expect(ptBR.messages.confirmScreenAdded).toBe('Dados adicionados com sucesso!');
    expect(ptBR.messages.logSubmitFailed).toBe('Erro ao adicionar os dados');
    expect(ptBR.common.routes.adddata).toBe('Confirmar envio');
  });

  it('exposes both languages to i18next', () => {
    expect(Object.keys(LOCALES)).toEqual(['en', 'pt-BR']);
  });
});
