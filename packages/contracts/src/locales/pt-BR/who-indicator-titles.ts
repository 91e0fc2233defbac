/**
 * Portuguese titles of the WHO indicators in the snapshot shipped with Indicata (`apps/server/who-snapshot`), by
 * catalog code. The Global Health Observatory publishes its titles in English only, so these are Indicata's own
 * translations; the WHO code stays beside them wherever a page shows codes, and an indicator this table does not know
 * (one brought by a later import or sync) keeps WHO's English title. Units and abbreviations stay as WHO writes them
 * where Portuguese uses them too (US$, HIV, BCG, DTP3).
 */
export const WHO_INDICATOR_TITLES_PT_BR: Readonly<Record<string, string>> = {
  BP_04: 'Pressão arterial elevada (PAS>=140 OU PAD>=90) (estimativa padronizada por idade)',
  GHED_CHEGDP_SHA2011: 'Gasto corrente em saúde (GCS) como percentual do produto interno bruto (PIB) (%)',
  GHED_CHE_pc_US_SHA2011: 'Gasto corrente em saúde (GCS) per capita em US$',
  HRH_26: 'Densidade de médicos (por 1000 habitantes)',
  MALARIA004: 'Número de óbitos de menores de cinco anos por malária',
  MCV2: 'Cobertura vacinal da segunda dose da vacina contra o sarampo (MCV2) na idade recomendada no país (%)',
  MDG_0000000001: 'Taxa de mortalidade infantil (probabilidade de morrer entre o nascimento e 1 ano de idade por 1000 nascidos vivos)',
  MDG_0000000007: 'Taxa de mortalidade de menores de cinco anos (probabilidade de morrer até os 5 anos de idade por 1000 nascidos vivos)',
  MDG_0000000020: 'Incidência de tuberculose (por 100 000 habitantes por ano)',
  MDG_0000000025: 'Partos assistidos por profissional de saúde qualificado (%)',
  MDG_0000000026: 'Razão de mortalidade materna (por 100 000 nascidos vivos)',
  MDG_0000000029: 'Prevalência de HIV entre adultos de 15 a 49 anos (%)',
  MH_12: 'Taxas de suicídio padronizadas por idade (por 100 000)',
  M_Est_tob_curr: 'Uso atual de qualquer produto de tabaco (taxa padronizada por idade)',
  NCDMORT3070:
    'Probabilidade (%) de morrer entre as idades exatas de 30 e 70 anos de doença cardiovascular, câncer, diabetes ou doença respiratória crônica',
  NCD_BMI_25A: 'IMC >= 25 (estimativa padronizada por idade)',
  NCD_BMI_30A: 'IMC >= 30 (estimativa padronizada por idade)',
  NCD_GLUC_04: 'Glicemia de jejum elevada (>=7,0 mmol/L ou em uso de medicação) (estimativa padronizada por idade)',
  RS_198: 'Taxa estimada de mortes no trânsito (por 100 000 habitantes)',
  SA_0000001401: 'Consumo registrado de álcool per capita (15+ anos) (em litros de álcool puro), média de três anos',
  SA_0000001403: 'Consumo total de álcool per capita (15+ anos), média de três anos do registrado mais o não registrado (em litros de álcool puro)',
  SDGPM25: 'Concentração média anual de material particulado fino (PM2,5) em áreas urbanas',
  SDGSUICIDE: 'Taxa de mortalidade por suicídio (por 100 000 habitantes)',
  UHC_INDEX_REPORTED: 'Índice de cobertura de serviços essenciais da cobertura universal de saúde (UHC) (%)',
  WHOSIS_000001: 'Expectativa de vida ao nascer (anos)',
  WHOSIS_000002: 'Expectativa de vida saudável (HALE) ao nascer (anos)',
  WHOSIS_000004: 'Taxa de mortalidade adulta (probabilidade de morrer entre 15 e 60 anos por 1000 habitantes)',
  WHOSIS_000015: 'Expectativa de vida aos 60 anos (anos)',
  WHS3_62: 'Sarampo - número de casos notificados',
  WHS4_100: 'Cobertura vacinal contra difteria, tétano e coqueluche (DTP3) em crianças de 1 ano (%)',
  WHS4_117: 'Cobertura vacinal contra hepatite B (HepB3) em crianças de 1 ano (%)',
  WHS4_129: 'Cobertura vacinal contra Hib (Hib3) em crianças de 1 ano (%)',
  WHS4_543: 'Cobertura vacinal de BCG em crianças de 1 ano (%)',
  WHS4_544: 'Cobertura vacinal contra poliomielite (Pol3) em crianças de 1 ano (%)',
  WHS6_102: 'Leitos hospitalares (por 10 000 habitantes)',
  WHS7_113: 'Gasto do governo geral com saúde como percentual do gasto total do governo',
  WHS7_156: 'Gasto total per capita com saúde à taxa de câmbio média (US$)',
  WHS8_110: 'Cobertura vacinal contra o sarampo (MCV) em crianças de 1 ano (%)',
  WHS9_86: 'População total (em milhares)',
  WHS9_93: 'Renda nacional bruta per capita (PPC, dólares internacionais)',
  WHS9_95: 'Taxa de fecundidade total (por mulher)',
  WSH_SANITATION_SAFELY_MANAGED: 'População que usa serviços de saneamento gerenciados com segurança (%)',
  WSH_WATER_SAFELY_MANAGED: 'População que usa serviços de água potável gerenciados com segurança (%)',
};
