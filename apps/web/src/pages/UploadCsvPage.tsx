import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /uploadcsv (placeholder until its feature lands). */
export default function UploadCsvPage() {
  return <RoutePlaceholder titleKey="uploadcsv" />;
}
