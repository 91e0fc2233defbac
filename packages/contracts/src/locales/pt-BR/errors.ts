import type { Translation } from '../types.ts';
import type { errors as en } from '../en/errors.ts';

export const errors: Translation<typeof en> = {
  permission_denied: 'O cliente não tem permissão para acessar os dados desejados.',
  too_big: 'Os dados solicitados excedem o tamanho máximo que pode ser acessado em uma única requisição.',
  unavailable: 'O serviço está indisponível',
  unauthenticated: 'Você precisa entrar.',
  not_found: 'Não encontrado.',
  invalid_argument: 'A requisição não é válida.',
  conflict: 'Isso já existe.',
  rate_limited: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  read_only_demo: 'A conta de demonstração é somente leitura.',
  internal: 'Algo deu errado no servidor.',
  network: 'Não foi possível alcançar o servidor. Verifique sua conexão e tente novamente.',
  unexpected: 'Algo deu errado. Tente novamente em instantes.',
  textControlCharacter: 'O campo {field} contém um caractere de controle ({character}), que não é permitido. Remova-o e tente novamente.',
  jsonForbiddenKey: 'O corpo da requisição usa a chave "{key}", que não é permitida em nenhum objeto. Renomeie essa chave e envie a requisição novamente.',
};
