import { Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import PageWithBack from '../components/PageWithBack.tsx';
import UploadCsvForm from '../features/uploads/UploadCsvForm.tsx';
import UploadList from '../features/uploads/UploadList.tsx';

/** Route /uploadcsv: import a database (CSV upload). */
export default function UploadCsvPage() {
  const { t } = useTranslation('uploads');
  return (
    <PageWithBack backLabel={t('page.back')} title={t('page.title')} intro={t('page.intro')}>
      <UploadCsvForm />
      <Divider />
      <UploadList />
    </PageWithBack>
  );
}
