import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /whoimport (placeholder until its feature lands). */
export default function WhoImportPage() {
  return <RoutePlaceholder titleKey="whoimport" />;
}
