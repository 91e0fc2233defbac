import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /dadosausentes (placeholder until its feature lands). */
export default function MissingDataPage() {
  return <RoutePlaceholder titleKey="dadosausentes" />;
}
