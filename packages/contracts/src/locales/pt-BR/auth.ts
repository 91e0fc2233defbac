import type { Translation } from '../types.ts';
import type { auth as en } from '../en/auth.ts';

export const auth: Translation<typeof en> = {
  login: {
    title: 'Entrar',
    subtitle: 'Entre para construir e executar modelos de classificação sobre indicadores de saúde.',
    email: 'E-mail',
    password: 'Senha',
    submit: 'Entrar',
    submitting: 'Entrando...',
    noAccount: 'Não tem uma conta?',
    register: 'Cadastre-se',
    seeMore: 'Ver mais',
    seeMoreHint: 'Explore resultados existentes com a conta de demonstração, somente leitura.',
    or: 'ou',
  },
  register: {
    title: 'Cadastro',
    subtitle: 'Crie sua conta. Os resultados dos seus trabalhos são enviados para este e-mail.',
    firstName: 'Nome',
    lastName: 'Sobrenome',
    institution: 'Instituição',
    email: 'E-mail',
    password: 'Senha',
    passwordHint: 'Pelo menos 8 caracteres.',
    submit: 'Cadastrar',
    submitting: 'Cadastrando...',
    success: 'Cadastro concluído. Agora você pode entrar.',
    login: 'Entrar',
    haveAccount: 'Já tem uma conta?',
  },
  validation: {
    required: 'Este campo é obrigatório.',
    email: 'Informe um endereço de e-mail válido.',
    passwordLength: 'A senha deve ter pelo menos 8 caracteres.',
  },
  demoFailed: 'A conta de demonstração não está disponível no momento.',
};
