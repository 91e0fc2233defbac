import { useTranslation } from 'react-i18next';
import PageWithBack from '../components/PageWithBack.tsx';
import WhoCatalog from '../features/who/WhoCatalog.tsx';

/** Route /whoimport: search the WHO catalog and choose the indicators a job may use. */
export default function WhoImportPage() {
  const { t } = useTranslation('who');
  return (
    <PageWithBack backLabel={t('page.back')} title={t('page.title')} intro={t('page.intro')}>
      <WhoCatalog />
    </PageWithBack>
  );
}
