import type { Translation } from '../types.ts';
import type { home as en } from '../en/home.ts';

export const home: Translation<typeof en> = {
  title: 'Início',
  tabsLabel: 'Área de trabalho',
  tabs: {
    configure: 'Configurar AutoML',
    results: 'Resultados',
  },
  welcome: 'Bem-vindo(a), {name}',
  demoNotice: 'Você está na conta de demonstração, somente leitura: explore os resultados de trabalhos existentes.',
};
