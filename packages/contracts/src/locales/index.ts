/**
 * UI locales: one file per namespace and language. English is the source; every pt-BR namespace is typed
 * with Translation<English> so a missing key fails type-checking (and locales.test.ts checks it at run time).
 * Placeholders use single braces, `{name}`, like contracts/messages.ts.
 * To add a namespace: create en/<ns>.ts and pt-BR/<ns>.ts, import both below and add one line to each map.
 */
import { common as enCommon } from './en/common.ts';
import { auth as enAuth } from './en/auth.ts';
import { home as enHome } from './en/home.ts';
import { tutorial as enTutorial } from './en/tutorial.ts';
import { about as enAbout } from './en/about.ts';
import { messages as enMessages } from './en/messages.ts';
import { errors as enErrors } from './en/errors.ts';
import { wizard as enWizard } from './en/wizard.ts';
import { results as enResults } from './en/results.ts';
import { questions as enQuestions } from './en/questions.ts';
import { uploads as enUploads } from './en/uploads.ts';
import { who as enWho } from './en/who.ts';
import { jobs as enJobs } from './en/jobs.ts';
import { gaps as enGaps } from './en/gaps.ts';
import { settings as enSettings } from './en/settings.ts';

import { common as ptCommon } from './pt-BR/common.ts';
import { auth as ptAuth } from './pt-BR/auth.ts';
import { home as ptHome } from './pt-BR/home.ts';
import { tutorial as ptTutorial } from './pt-BR/tutorial.ts';
import { about as ptAbout } from './pt-BR/about.ts';
import { messages as ptMessages } from './pt-BR/messages.ts';
import { errors as ptErrors } from './pt-BR/errors.ts';
import { wizard as ptWizard } from './pt-BR/wizard.ts';
import { results as ptResults } from './pt-BR/results.ts';
import { questions as ptQuestions } from './pt-BR/questions.ts';
import { uploads as ptUploads } from './pt-BR/uploads.ts';
import { who as ptWho } from './pt-BR/who.ts';
import { jobs as ptJobs } from './pt-BR/jobs.ts';
import { gaps as ptGaps } from './pt-BR/gaps.ts';
import { settings as ptSettings } from './pt-BR/settings.ts';

import type { Translation } from './types.ts';

export type { Translation, LocaleTree } from './types.ts';
export { TUTORIAL_ITEM_KEYS } from './en/tutorial.ts';

export const enLocale = {
  common: enCommon,
  auth: enAuth,
  home: enHome,
  tutorial: enTutorial,
  about: enAbout,
  messages: enMessages,
  errors: enErrors,
  wizard: enWizard,
  results: enResults,
  questions: enQuestions,
  uploads: enUploads,
  who: enWho,
  jobs: enJobs,
  gaps: enGaps,
  settings: enSettings,
} as const;

export const ptBRLocale: Translation<typeof enLocale> = {
  common: ptCommon,
  auth: ptAuth,
  home: ptHome,
  tutorial: ptTutorial,
  about: ptAbout,
  messages: ptMessages,
  errors: ptErrors,
  wizard: ptWizard,
  results: ptResults,
  questions: ptQuestions,
  uploads: ptUploads,
  who: ptWho,
  jobs: ptJobs,
  gaps: ptGaps,
  settings: ptSettings,
};

export const SUPPORTED_LANGUAGES = ['en', 'pt-BR'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Every language's namespaces, as i18next `resources`. */
export const LOCALES: Record<Language, Translation<typeof enLocale>> = { en: enLocale, 'pt-BR': ptBRLocale };

export type LocaleNamespace = keyof typeof enLocale;
export const LOCALE_NAMESPACES = Object.keys(enLocale) as LocaleNamespace[];
