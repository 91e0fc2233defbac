import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MESSAGES } from '@indicata/contracts';
import { changeLanguage, LANGUAGE_STORAGE_KEY, storedLanguage } from './i18n.ts';

describe('i18n', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('defaults to English and uses the contracts messages verbatim', () => {
    expect(storedLanguage()).toBe('en');
    expect(i18next.t('messages:loginFailed')).toBe(MESSAGES.loginFailed);
  });

  it('fills single-brace placeholders like contracts/messages.ts', () => {
    expect(i18next.t('messages:registerFailed', { message: 'Email taken' })).toBe('Failed to register: Email taken');
  });

  it('switches to pt-BR, remembers the choice and marks the document language', async () => {
    await changeLanguage('pt-BR');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt-BR');
    expect(storedLanguage()).toBe('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(i18next.t('messages:confirmScreenAdded')).toBe('Dados adicionados com sucesso!');
    expect(i18next.t('common:routes.adddata')).toBe('Confirmar envio');
  });

  it('ignores an unknown remembered language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(storedLanguage()).toBe('en');
  });
});
